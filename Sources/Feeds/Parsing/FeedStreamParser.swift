import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads a feed from its bytes as they arrive, with the result of ``FeedParser/parse(_:contentType:url:)``:
/// the bytes are decoded and parsed as they come, never held whole, and the size cap holds while
/// they arrive.
///
/// ```swift
/// var parser = FeedStreamParser(contentType: response.contentType, url: url)
/// for try await chunk in body { try parser.consume(chunk) }
/// let feed = try parser.finish()
/// ```
public struct FeedStreamParser: ~Copyable {
    private let session: FeedParsingSession

    /// - Parameters:
    ///   - contentType: the HTTP `Content-Type`, for its charset.
    ///   - url: the document's address, the base of relative links.
    public init(contentType: String?, url: URL) {
        self.init(contentType: contentType, url: url, convertingHTMLWith: HTMLConversion.standard)
    }

    init(contentType: String?, url: URL, convertingHTMLWith convert: @escaping HTMLConverter) {
        // Links are resolved against the address without its credentials: they are shown and
        // stored, and a password in the feed's address goes with its request only.
        session = FeedParsingSession(contentType: contentType, url: url.withoutCredentials, convert: convert)
    }

    /// Reads the next bytes of the body. Throws as soon as the body is over
    /// ``FeedParser/maximumBytes`` (`.tooLarge`), shows it is not a feed (`.htmlPage`,
    /// `.notAFeed`) or is JSON that is not valid (`.malformed`); the error is thrown again by every
    /// later call.
    public mutating func consume(_ bytes: some Collection<UInt8>) throws(FeedParseError) {
        let session = session
        if let failure = bytes.withContiguousStorageIfAvailable(session.consumeReporting) {
            if let failure { throw failure }
            return
        }
        // Bytes not stored contiguously are copied a slice at a time, so that a huge collection
        // is refused after its first 16 MiB, not copied whole.
        var slice: [UInt8] = []
        slice.reserveCapacity(64 << 10)
        for byte in bytes {
            slice.append(byte)
            guard slice.count == slice.capacity else { continue }
            if let failure = slice.withUnsafeBufferPointer(session.consumeReporting) { throw failure }
            slice.removeAll(keepingCapacity: true)
        }
        if let failure = slice.withUnsafeBufferPointer(session.consumeReporting) { throw failure }
    }

    /// Reads the end of the body and gives the feed.
    public consuming func finish() throws(FeedParseError) -> FeedDocument {
        try session.finish()
    }
}

/// The state of one parse: the size count, the decoder, and where the decoded text goes (the
/// XML parser or the JSON Feed reader), chosen from its first character.
private final class FeedParsingSession {
    private enum Route {
        case undecided
        case xml(XMLPushParser, XMLFeedReader)
        case json(JSONFeedReader)
        case text
    }

    /// How much is decoded and parsed at a time.
    private static let slice = 64 << 10

    private let url: URL
    private let convert: HTMLConverter
    private var received = 0
    private var decoder: DocumentDecoder
    private var route = Route.undecided
    private var failure: FeedParseError?

    init(contentType: String?, url: URL, convert: @escaping HTMLConverter) {
        self.url = url
        self.convert = convert
        decoder = DocumentDecoder(contentType: contentType, markup: .xml)
    }

    func consume(_ bytes: UnsafeBufferPointer<UInt8>) throws(FeedParseError) {
        if let failure { throw failure }
        received += bytes.count
        guard received <= FeedParser.maximumBytes else {
            throw fail(.tooLarge(limit: FeedParser.maximumBytes))
        }
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + Self.slice, bytes.count)
            decoder.decode(UnsafeBufferPointer(rebasing: bytes[offset..<end])) { take($0) }
            offset = end
            try checkVerdict()
        }
    }

    /// ``consume(_:)`` for closures that cannot throw a typed error: the error, or nil.
    func consumeReporting(_ bytes: UnsafeBufferPointer<UInt8>) -> FeedParseError? {
        do throws(FeedParseError) {
            try consume(bytes)
            return nil
        } catch {
            return error
        }
    }

    func finish() throws(FeedParseError) -> FeedDocument {
        if let failure { throw failure }
        decoder.finish { take($0) }
        switch route {
        case .undecided:
            throw fail(.malformed("the document is empty"))
        case .text:
            throw fail(.notAFeed("the document is neither XML nor JSON"))
        case .json(let reader):
            return try reader.finish()
        case .xml(let parser, let reader):
            parser.finish()
            try checkVerdict()
            guard var document = reader.document else {
                throw fail(.malformed("no XML element could be read"))
            }
            if case .trailing(let line) = parser.ending, parser.itemStarts > document.items.count {
                document.damage = FeedDamage(
                    line: line, itemsRead: document.items.count, itemsSeen: parser.itemStarts)
            } else if case .early(let line) = parser.ending {
                // What was read is kept, with a warning; a document that broke before its first
                // item gives nothing to keep, and is an error.
                guard !document.items.isEmpty else {
                    throw fail(.malformed("it ended early at line \(line), before any item could be read"))
                }
                document.damage = FeedDamage(
                    line: line, itemsRead: document.items.count, itemsSeen: parser.itemStarts)
            }
            return document
        }
    }

    /// Takes decoded text: the first character chooses the route (white space before it is
    /// dropped: libxml2 refuses an XML declaration after it).
    private func take(_ text: UnsafeBufferPointer<UInt8>) {
        switch route {
        case .xml(let parser, _):
            parser.parse(text)
        case .json(let reader):
            read(text, with: reader)
        case .text:
            break
        case .undecided:
            guard let start = text.firstIndex(where: { !EncodingSniffer.isSpace($0) }) else { return }
            let rest = UnsafeBufferPointer(rebasing: text[start...])
            switch rest[0] {
            case UInt8(ascii: "<") where Self.startsWithHTMLDoctype(rest):
                // `<!doctype html>` in lower case is not XML: libxml2 would read nothing at all.
                failure = .htmlPage
                route = .text
            case UInt8(ascii: "<"):
                let reader = XMLFeedReader(url: url, convertingHTMLWith: convert)
                guard let parser = XMLPushParser(handler: reader) else {
                    failure = .malformed("the XML parser could not start")
                    route = .text
                    return
                }
                route = .xml(parser, reader)
                parser.parse(rest)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let reader = JSONFeedReader(url: url, convertingHTMLWith: convert)
                route = .json(reader)
                read(rest, with: reader)
            default:
                route = .text
            }
        }
    }

    /// Hands decoded text to the JSON Feed reader; its first error is the parse's.
    private func read(_ text: UnsafeBufferPointer<UInt8>, with reader: JSONFeedReader) {
        guard failure == nil else { return }
        do {
            try reader.read(text)
        } catch {
            failure = error
        }
    }

    /// True when `text` starts with `<!doctype html`, in any case.
    private static func startsWithHTMLDoctype(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let doctype = Array("<!doctype html".utf8)
        guard text.count >= doctype.count else { return false }
        return zip(text, doctype).allSatisfy { byte, expected in
            byte == expected || (expected >= 0x61 && expected <= 0x7A && byte == expected - 0x20)
        }
    }

    private func checkVerdict() throws(FeedParseError) {
        if let failure { throw failure }
        guard case .xml(let parser, let reader) = route else { return }
        switch reader.verdict {
        case .reading:
            return
        case .htmlPage:
            parser.stop()
            throw fail(.htmlPage)
        case .notAFeed(let reason):
            parser.stop()
            throw fail(.notAFeed(reason))
        }
    }

    private func fail(_ error: FeedParseError) -> FeedParseError {
        failure = error
        return error
    }
}
