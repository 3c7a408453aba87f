#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the readers turn a field's HTML into text: ``HTMLText`` in the app. Tests about the
/// readers pass one that records what they were asked.
typealias HTMLConverter = @Sendable (_ html: String, _ baseURL: URL?, _ numberingLinks: Bool) -> HTMLText

enum HTMLConversion {
    static let standard: HTMLConverter = { html, baseURL, numberingLinks in
        HTMLText(html: html, baseURL: baseURL, numberingLinks: numberingLinks)
    }
}
