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
    case xhtml
    case other

    /// The namespace of a name, from its URI; from its prefix when the document never declared
    /// it (`dc:creator` without `xmlns:dc`), which libxml2 reports without a URI.
    init(uri: UnsafePointer<UInt8>?, prefix: UnsafePointer<UInt8>?) {
        guard let uri else {
            self = prefix == nil ? .none : Self(prefix: prefix)
            return
        }
        let text = String(cString: uri)
        switch text {
        case "http://www.w3.org/2005/Atom": self = .atom
        case "http://purl.org/atom/ns#": self = .atom03
        case "http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/": self = .rss1
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": self = .rdf
        case "http://purl.org/dc/elements/1.1/": self = .dublinCore
        case "http://purl.org/dc/terms/": self = .dublinCoreTerms
        case "http://purl.org/rss/1.0/modules/content/": self = .content
        case "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss": self = .media
        case "http://www.w3.org/1999/xhtml": self = .xhtml
        default: self = .other
        }
    }

    private init(prefix: UnsafePointer<UInt8>?) {
        if prefix.isEqual(to: "dc") {
            self = .dublinCore
        } else if prefix.isEqual(to: "dcterms") {
            self = .dublinCoreTerms
        } else if prefix.isEqual(to: "content") {
            self = .content
        } else if prefix.isEqual(to: "media") {
            self = .media
        } else if prefix.isEqual(to: "atom") {
            self = .atom
        } else if prefix.isEqual(to: "rdf") {
            self = .rdf
        } else {
            self = .other
        }
    }
}

/// Remembers the namespace of the last few URIs seen. libxml2 keeps every name and URI once in
/// its dictionary for the life of the parser, so a URI is known by its address: the strings are
/// compared once per namespace, not once per element.
struct NamespaceCache {
    private var entries: [(uri: UnsafePointer<UInt8>, namespace: FeedNamespace)] = []

    mutating func namespace(of tag: XMLStartTag) -> FeedNamespace {
        guard let uri = tag.namespaceURI else { return FeedNamespace(uri: nil, prefix: tag.prefix) }
        for entry in entries where entry.uri == uri { return entry.namespace }
        let namespace = FeedNamespace(uri: uri, prefix: tag.prefix)
        if entries.count == 8 { entries.removeFirst() }
        entries.append((uri, namespace))
        return namespace
    }
}
