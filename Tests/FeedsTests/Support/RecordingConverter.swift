import Foundation
import NewsModels

@testable import Feeds

/// An HTML converter that records what the readers ask of it, for tests about the readers (the
/// base URL and the link numbering they pass), independent of the real converter's formatting.
/// It drops tags and lists the `href` of each `<a>`, resolved against the base, when asked to
/// number links.
final class RecordingConverter: Sendable {
    struct Call: Sendable, Equatable {
        var html: String
        var baseURL: URL?
        var numberingLinks: Bool
    }

    private let recorded = Locked<[Call]>([])

    var calls: [Call] { recorded.withLock { $0 } }

    var convert: HTMLConverter {
        { html, baseURL, numberingLinks in
            self.recorded.withLock {
                $0.append(Call(html: html, baseURL: baseURL, numberingLinks: numberingLinks))
            }
            return Self.convert(html, baseURL: baseURL, numberingLinks: numberingLinks)
        }
    }

    /// The call whose HTML contains `fragment`.
    func call(containing fragment: String) -> Call? {
        calls.first { $0.html.contains(fragment) }
    }

    private static func convert(_ html: String, baseURL: URL?, numberingLinks: Bool) -> HTMLText {
        var text = ""
        var links: [URL] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[open...close]
            if numberingLinks, tag.hasPrefix("<a "), let href = attribute("href", in: tag),
                let url = URL(string: href, relativeTo: baseURL)?.absoluteURL
            {
                links.append(url)
            }
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        return HTMLText(text: text.trimmingCharacters(in: .whitespacesAndNewlines), links: links)
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.range(of: name + "=\"") else { return nil }
        let value = tag[start.upperBound...]
        return value.firstIndex(of: "\"").map { String(value[..<$0]) }
    }
}
