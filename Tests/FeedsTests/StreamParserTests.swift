import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("Streaming and format detection")
struct StreamParserTests {
    static let fixtures = [
        "rss/rss2.xml", "rss/rss091.xml", "rss/escaping.xml", "rss/broken.xml", "rss/mixed-case.xml",
        "rdf/rss10.xml", "atom/atom.xml", "atom/xml-base.xml", "json/feed-1.1.json",
        "encoding/utf16le-bom.xml",
        "encoding/windows-1252.xml", "encoding/koi8-r.xml", "encoding/invalid-utf8.xml",
        "encoding/nul-bytes.xml",
    ]

    @Test(arguments: fixtures)
    func bytesInSmallChunksGiveTheSameFeed(name: String) throws {
        let data = try Fixture.data(name)
        let whole = try FeedParser.parse(data, url: Fixture.url)
        for chunkSize in [1, 3, 17, 1000] {
            var parser = FeedStreamParser(contentType: nil, url: Fixture.url)
            var offset = 0
            while offset < data.count {
                try parser.consume(data[offset..<min(offset + chunkSize, data.count)])
                offset += chunkSize
            }
            #expect(try parser.finish() == whole)
        }
    }

    @Test func anyCollectionOfBytesCanBeConsumed() throws {
        let data = try Fixture.data("rss/rss2.xml")
        var parser = FeedStreamParser(contentType: nil, url: Fixture.url)
        try parser.consume(Array(data).lazy.map { $0 })
        #expect(try parser.finish() == FeedParser.parse(data, url: Fixture.url))
    }

    @Test func theContentTypeDoesNotDecideTheFormat() throws {
        let feed = try Fixture.feed("atom/atom.xml", contentType: "application/rss+xml")
        #expect(feed.format == .atom)
        let json = try Fixture.feed("json/feed-1.0.json", contentType: "text/html")
        #expect(json.format == .jsonFeed)
    }

    @Test func leadingWhiteSpaceBeforeTheDeclarationIsForgiven() throws {
        let feed = try Fixture.feed(
            text: "\n\n  <?xml version=\"1.0\"?><rss><channel><title>Late</title></channel></rss>")
        #expect(feed.title == "Late")
    }

    @Test func anHTMLPageIsRefusedAsSoonAsItShows() throws {
        var parser = FeedStreamParser(contentType: "text/html", url: Fixture.url)
        #expect(throws: FeedParseError.htmlPage) {
            try parser.consume(Data("<!DOCTYPE html>\n<html><head><title>A page</title>".utf8))
        }
        #expect(Self.failure(finishing: parser) == .htmlPage)
    }

    @Test(arguments: [
        "html/page.html", "html/no-base.html",
    ])
    func htmlPagesAreNotFeeds(name: String) throws {
        #expect(Fixture.error(parsing: try Fixture.data(name)) == .htmlPage)
    }

    @Test func htmlWithoutItsHTMLElementIsStillAPage() {
        let page = "<head><meta charset=utf-8><title>x</title></head><body><p>Hello</body>"
        #expect(Fixture.error(parsing: Data(page.utf8)) == .htmlPage)
        let bare = "<div class=\"error\">Service unavailable</div>"
        #expect(Fixture.error(parsing: Data(bare.utf8)) == .htmlPage)
    }

    @Test func otherDocumentsAreRefusedWithAReason() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>"#
        #expect(
            Fixture.error(parsing: Data(svg.utf8)) == .notAFeed("the document is an XML <svg>, not a feed"))
        #expect(
            Fixture.error(parsing: try Fixture.data("opml/nested.opml"))
                == .notAFeed("the document is an OPML subscription list, not a feed"))
        #expect(
            Fixture.error(parsing: Data("Service Unavailable".utf8))
                == .notAFeed("the document is neither XML nor JSON"))
        #expect(Fixture.error(parsing: Data()) == .malformed("the document is empty"))
        #expect(Fixture.error(parsing: Data("  \n ".utf8)) == .malformed("the document is empty"))
        #expect(Fixture.error(parsing: Data("<<<>>>".utf8)) == .malformed("no XML element could be read"))
        let hostileName = "<" + String(repeating: "x", count: 200) + "/>"
        #expect(
            Fixture.error(parsing: Data(hostileName.utf8))
                == .notAFeed("the document is an XML <\(String(repeating: "x", count: 40))>, not a feed"))
    }

    /// The error `parser.finish()` throws, or nil.
    static func failure(finishing parser: consuming FeedStreamParser) -> FeedParseError? {
        do {
            _ = try parser.finish()
            return nil
        } catch {
            return error
        }
    }

    @Test func everyErrorIsOneSentence() {
        let errors: [FeedParseError] = [
            .tooLarge(limit: FeedParser.maximumBytes), .htmlPage,
            .notAFeed("the document is an XML <svg>, not a feed"),
            .malformed("the document is empty"),
        ]
        for error in errors {
            #expect(error.sentence.hasSuffix("."))
            #expect(!error.sentence.contains("\n"))
        }
        #expect(FeedParseError.tooLarge(limit: 16 << 20).sentence.contains("16 MiB"))
        #expect(FeedParseError.htmlPage.sentence == "The address gives a web page, not a feed.")
    }
}
