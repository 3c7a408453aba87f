import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads feeds: RSS 0.9x and 2.0, RSS 1.0 (RDF), Atom 1.0 and JSON Feed 1.0/1.1, told apart by
/// their content (never by the `Content-Type`, which servers get wrong). XML is read by libxml2's
/// SAX2 push parser, in recovery mode: a broken feed gives what can be read of it.
public enum FeedParser {
    /// The largest body read, in bytes after decompression: 16 MiB.
    public static let maximumBytes = 16 << 20

    /// Reads a feed in any supported format, detected from the content (not the Content-Type).
    ///
    /// - Parameters:
    ///   - body: the document's bytes.
    ///   - contentType: the HTTP `Content-Type` (for its charset).
    ///   - url: the document's address (the base for relative links).
    public static func parse(_ body: Data, contentType: String? = nil, url: URL) throws(FeedParseError)
        -> FeedDocument
    {
        try parse(body, contentType: contentType, url: url, convertingHTMLWith: HTMLConversion.standard)
    }

    static func parse(
        _ body: Data, contentType: String? = nil, url: URL,
        convertingHTMLWith convert: @escaping HTMLConverter
    ) throws(FeedParseError) -> FeedDocument {
        guard body.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        var parser = FeedStreamParser(contentType: contentType, url: url, convertingHTMLWith: convert)
        try parser.consume(body)
        return try parser.finish()
    }
}
