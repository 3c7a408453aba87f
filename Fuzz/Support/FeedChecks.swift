import Feeds
import Foundation
import NewsModels

/// What every parsed feed must satisfy, for the `feed-xml` and `feed-json` targets.
enum FeedChecks {
    static let url = URL(string: "https://example.org/blog/feed.xml")!
    /// Charsets a server may announce, the first byte of the input choosing one.
    static let contentTypes: [String?] = [
        nil, "application/rss+xml; charset=iso-8859-1", "text/xml; charset=utf-16", "application/json",
        "text/html; charset=windows-1252", "application/atom+xml; charset=koi8-r",
    ]

    /// Parses `body` whole, then again streamed in two pieces, and checks both results.
    static func run(_ body: Data) {
        let contentType = contentTypes[Int(body.first ?? 0) % contentTypes.count]
        if let document = try? FeedParser.parse(body, contentType: contentType, url: url) {
            check(document)
        }
        var parser = FeedStreamParser(contentType: contentType, url: url)
        let cut = body.count / 2 + Int(body.last ?? 0) % max(body.count / 2, 1)
        do throws(FeedParseError) {
            try parser.consume(body.prefix(cut))
            try parser.consume(body.dropFirst(cut))
            check(try parser.finish())
        } catch {
            Invariant.clean(error.sentence, .all, "an error's sentence")
        }
    }

    static func check(_ document: FeedDocument) {
        Invariant.check(document.items.count <= 10_000, "\(document.items.count) items, over the cap")
        Invariant.check(Set(document.items.map(\.id)).count == document.items.count, "two items share an id")
        if let title = document.title { checkLine(title, "the feed's title") }
        for item in document.items {
            Invariant.check(!item.title.isEmpty, "an item without a title")
            checkLine(item.title, "an item's title")
            if let author = item.author { checkLine(author, "an author") }
            for text in [item.summary, item.content].compactMap({ $0 }) {
                Invariant.clean(text, .controls, allowing: ["\n", "\t"], "an item's text")
            }
            Invariant.check(item.links.count <= 1_000, "\(item.links.count) numbered links, over the cap")
            for link in [item.link, item.imageURL].compactMap({ $0 }) + item.links
                + item.enclosures.map(\.url)
            {
                Invariant.check(link.scheme != nil, "a relative link \(link)")
            }
        }
    }

    /// One-line text: no control characters at all, no white space at either end.
    static func checkLine(_ text: String, _ what: String) {
        Invariant.clean(text, .controls, what)
        Invariant.check(
            text.first?.isWhitespace != true && text.last?.isWhitespace != true, "\(what) is not trimmed")
    }
}
