/// The XML namespaces the feed readers tell apart.
enum FeedNamespace {
    /// No namespace: RSS 0.9x/2.0 elements (and Atom without its declaration).
    case none
    case atom
    /// Atom 0.3, whose elements mostly match Atom 1.0's.
    case atom03
    /// RSS 1.0 (`http://purl.org/rss/1.0/`) and RSS 0.90 (Netscape's RDF namespace).
    case rss1
    case rdf
    case dublinCore
    case dublinCoreTerms
    case content
    case media
    /// Apple's podcast namespace (`itunes:author`).
    case itunes
    case xhtml
    case other

    /// The namespace of a name, from its URI; from its prefix when the URI is not one of the
    /// namespaces' (`dc:creator` without `xmlns:dc`, which libxml2 reports without a URI, or
    /// `xmlns:content="http://purl.org/rss/1.0/modules/content"` without its last slash), as
    /// feedparser goes by the well-known prefixes.
    init(uri: UnsafePointer<UInt8>?, prefix: UnsafePointer<UInt8>?) {
        guard let uri else {
            self = prefix == nil ? .none : Self(prefix: prefix)
            return
        }
        let text = String(cString: uri)
        if let known = Self.uris[text] ?? Self.uris[Self.normalised(text)] {
            self = known
        } else {
            self = prefix == nil ? .other : Self(prefix: prefix)
        }
    }

    private static let uris: [String: FeedNamespace] = {
        let exact: [(String, FeedNamespace)] = [
            ("http://www.w3.org/2005/Atom", .atom),
            ("http://purl.org/atom/ns#", .atom03),
            ("http://purl.org/rss/1.0/", .rss1),
            ("http://my.netscape.com/rdf/simple/0.9/", .rss1),
            ("http://www.w3.org/1999/02/22-rdf-syntax-ns#", .rdf),
            ("http://purl.org/dc/elements/1.1/", .dublinCore),
            ("http://purl.org/dc/terms/", .dublinCoreTerms),
            ("http://purl.org/rss/1.0/modules/content/", .content),
            ("http://search.yahoo.com/mrss/", .media),
            ("http://www.itunes.com/dtds/podcast-1.0.dtd", .itunes),
            ("http://www.w3.org/1999/xhtml", .xhtml),
        ]
        var table: [String: FeedNamespace] = [:]
        for (uri, namespace) in exact {
            table[uri] = namespace
            table[normalised(uri)] = namespace
        }
        return table
    }()

    /// A namespace URI as written carelessly: lowercased, without its scheme, a `www.`, or a
    /// trailing `/` or `#`.
    private static func normalised(_ uri: String) -> String {
        var text = Substring(uri.lowercased())
        for scheme in ["http://", "https://"] where text.hasPrefix(scheme) {
            text = text.dropFirst(scheme.count)
        }
        if text.hasPrefix("www.") { text = text.dropFirst(4) }
        while let last = text.last, last == "/" || last == "#" || last == " " { text = text.dropLast() }
        return String(text)
    }

    /// The namespace a well-known prefix stands for, its case ignored (`DC:creator`), as
    /// feedparser lowercases the prefixes it goes by.
    private init(prefix: UnsafePointer<UInt8>?) {
        guard let prefix else {
            self = .other
            return
        }
        let name = XMLName(bytes: prefix)
        if name.matches("dc") {
            self = .dublinCore
        } else if name.matches("dcterms") {
            self = .dublinCoreTerms
        } else if name.matches("content") {
            self = .content
        } else if name.matches("media") {
            self = .media
        } else if name.matches("itunes") {
            self = .itunes
        } else if name.matches("atom") {
            self = .atom
        } else if name.matches("rdf") {
            self = .rdf
        } else {
            self = .other
        }
    }
}

/// Remembers the namespace of the last few names seen. libxml2 keeps every name and URI once in
/// its dictionary for the life of the parser, so a URI and a prefix are known by their
/// addresses: the strings are compared once per namespace and prefix, not once per element. The
/// prefix is part of the key: a URI that is none of the known ones stands for the namespace its
/// prefix names, and a document may bind it to more than one.
struct NamespaceCache {
    private var entries:
        [(uri: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespace: FeedNamespace)] = []

    mutating func namespace(of tag: XMLStartTag) -> FeedNamespace {
        guard let uri = tag.namespaceURI else { return FeedNamespace(uri: nil, prefix: tag.prefix) }
        for entry in entries where entry.uri == uri && entry.prefix == tag.prefix { return entry.namespace }
        let namespace = FeedNamespace(uri: uri, prefix: tag.prefix)
        if entries.count == 8 { entries.removeFirst() }
        entries.append((uri, tag.prefix, namespace))
        return namespace
    }
}
