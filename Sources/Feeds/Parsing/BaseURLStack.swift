import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The base URL in effect at each element: the document's address, changed by `xml:base` on any
/// element for that element and everything inside it, each relative to the one around it.
struct BaseURLStack {
    private let document: URL
    private var entries: [(depth: Int, url: URL)] = []

    init(document: URL) { self.document = document }

    var current: URL { entries.last?.url ?? document }

    /// Applies the `xml:base` of the element at `depth`.
    mutating func push(_ href: String, depth: Int) {
        guard let url = WebURL.resolve(href, against: current, webOnly: false) else { return }
        entries.append((depth, url))
    }

    /// Leaves the element at `depth`.
    mutating func pop(depth: Int) {
        if entries.last?.depth == depth { entries.removeLast() }
    }
}

/// Absolute URLs made from the references feeds write.
enum WebURL {
    /// `reference` (trimmed) resolved against `base`; nil when it is empty, cannot be read, has no
    /// scheme, or (when `webOnly`) its scheme is not http or https. Items link only to the web: a
    /// `javascript:` or `file:` link is dropped.
    static func resolve(_ reference: String, against base: URL?, webOnly: Bool = true) -> URL? {
        let trimmed = FeedText.line(reference)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 8192 else { return nil }
        if webOnly, isAbsoluteWebAddress(trimmed) { return URL(string: trimmed) }
        guard let url = URL(string: trimmed, relativeTo: base)?.absoluteURL, url.scheme != nil,
            !webOnly || url.hasWebScheme
        else { return nil }
        return url
    }

    /// True for `http://…` and `https://…`, which need no resolving: most links in feeds.
    private static func isAbsoluteWebAddress(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count > 8, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"),
                bytes[2] == UInt8(ascii: "t"), bytes[3] == UInt8(ascii: "p")
            else { return false }
            let colon = bytes[4] == UInt8(ascii: "s") ? 5 : 4
            return bytes[colon] == UInt8(ascii: ":") && bytes[colon + 1] == UInt8(ascii: "/")
                && bytes[colon + 2] == UInt8(ascii: "/")
        }
    }
}
