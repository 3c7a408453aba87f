import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The numbers given to the links of one text: `[1]` is the first link, and a link to a URL seen
/// before takes that URL's number again.
///
/// Only http, https and mailto links are numbered, relative ones resolved against the base URL;
/// fragment-only (`#top`) and empty hrefs point into the page itself and, like `javascript:` and
/// other schemes, stay plain text. At most ``limit`` URLs are numbered; links to further URLs stay
/// plain text.
struct LinkReferences {
    static let limit = 1_000

    /// The numbered URLs: `urls[0]` is `[1]`.
    private(set) var urls: [URL] = []
    /// Relative hrefs resolve against it, when it is a web address.
    private(set) var baseURL: URL? {
        didSet { isWebBase = baseURL?.isWebAddress ?? false }
    }
    private var isWebBase = false
    private var baseWasSet = false
    /// Numbers by absolute URL string.
    private var numbers: [String: Int] = [:]

    init(baseURL: URL?) {
        self.baseURL = baseURL
        isWebBase = baseURL?.isWebAddress ?? false
    }

    /// Applies the document's `<base href>`; only the first one counts, as in browsers.
    mutating func setBase(href: String) {
        guard !baseWasSet else { return }
        baseWasSet = true
        if let url = URL(string: Self.trimmed(href), relativeTo: baseURL)?.absoluteURL, url.scheme != nil {
            baseURL = url
        }
    }

    /// The number of the link to `href`, or nil when it is not numbered.
    mutating func number(forHref href: String) -> Int? {
        guard let url = resolve(Self.trimmed(href)) else { return nil }
        let key = url.absoluteString
        if let number = numbers[key] { return number }
        guard urls.count < Self.limit else { return nil }
        urls.append(url)
        numbers[key] = urls.count
        return urls.count
    }

    // MARK: Resolution

    /// Most links in feeds are absolute and are parsed once, without a base; only relative ones are
    /// resolved, against a web base (which parses the result again). Hosts are checked on the text.
    private func resolve(_ href: String) -> URL? {
        guard let first = href.utf8.first, first != UInt8(ascii: "#") else { return nil }
        switch Scheme(of: href) {
        case .web(let length):
            guard Self.hasHost(href.utf8.dropFirst(length + 1)) else { return nil }
            return URL(string: href)
        case .mail:
            return URL(string: href)
        case .other:
            return nil
        case .none:
            // A network-path reference (`//host/path`) must name its host.
            guard let baseURL, isWebBase, !href.hasPrefix("//") || Self.hasHost(href.utf8) else { return nil }
            // Foundation does not resolve every reference: `:x` comes back as it is, with no scheme.
            guard let url = URL(string: href, relativeTo: baseURL)?.absoluteURL, url.isWebAddress else {
                return nil
            }
            return url
        }
    }

    /// The scheme an href starts with, read on its bytes.
    private enum Scheme {
        /// `http` or `https`, `length` bytes long.
        case web(length: Int)
        case mail
        case other
        /// A relative reference.
        case none

        init(of href: String) {
            let bytes = href.utf8
            if Self.starts(bytes, with: "http:") {
                self = .web(length: 4)
            } else if Self.starts(bytes, with: "https:") {
                self = .web(length: 5)
            } else if Self.starts(bytes, with: "mailto:") {
                self = .mail
            } else {
                // RFC 3986: a letter, then letters, digits, "+", "-" or ".", then ":".
                let isSchemeByte = { (byte: UInt8) in
                    (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte == 0x2B
                        || byte == 0x2D
                        || byte == 0x2E
                }
                let name = bytes.prefix(while: isSchemeByte)
                let startsWithALetter = name.first.map { (0x61...0x7A).contains($0 | 0x20) } ?? false
                self =
                    startsWithALetter && bytes.dropFirst(name.count).first == UInt8(ascii: ":")
                    ? .other : .none
            }
        }

        /// Whether `bytes` start with `prefix` (lowercase), ignoring the case of letters.
        private static func starts(_ bytes: String.UTF8View, with prefix: StaticString) -> Bool {
            guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
            for (index, byte) in zip(0..<prefix.utf8CodeUnitCount, bytes) {
                let expected = prefix.utf8Start[index]
                guard byte == expected || (expected >= 0x61 && byte | 0x20 == expected) else { return false }
            }
            return true
        }
    }

    /// Whether `reference` starts with `//` and a host.
    private static func hasHost(_ reference: some Sequence<UInt8>) -> Bool {
        var bytes = reference.makeIterator()
        guard bytes.next() == UInt8(ascii: "/"), bytes.next() == UInt8(ascii: "/"), let host = bytes.next()
        else {
            return false
        }
        return host != UInt8(ascii: "/") && host != UInt8(ascii: "?") && host != UInt8(ascii: "#")
    }

    /// `href` as a browser reads it: without surrounding ASCII whitespace, and without the tabs and
    /// line breaks inside it.
    private static func trimmed(_ href: String) -> String {
        let bytes = href.utf8
        guard let first = bytes.first, let last = bytes.last else { return href }
        guard isWhitespace(first) || isWhitespace(last) || bytes.contains(where: isTabOrLineBreak) else {
            return href
        }
        let inner = bytes.drop(while: isWhitespace).reversed().drop(while: isWhitespace).reversed()
        return String(decoding: inner.filter { !isTabOrLineBreak($0) }, as: UTF8.self)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func isTabOrLineBreak(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
