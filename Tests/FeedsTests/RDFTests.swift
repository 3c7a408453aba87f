import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("RSS 1.0 (RDF)")
struct RDFTests {
    @Test func theChannelAndItsSiblingItemsAreRead() throws {
        let feed = try Fixture.feed("rdf/rss10.xml")
        #expect(feed.format == .rdf)
        #expect(feed.title == "RDF Site")
        #expect(feed.siteURL == URL(string: "https://example.org/"))
        #expect(feed.items.map(\.id) == ["https://example.org/rdf/1", "https://example.org/rdf/2"])
    }

    @Test func anItemGivesEveryField() throws {
        let recorder = RecordingConverter()
        let feed = try FeedParser.parse(
            Fixture.data("rdf/rss10.xml"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        let item = try #require(feed.items.first)
        #expect(item.title == "RDF one")
        #expect(item.link == URL(string: "https://example.org/rdf/1.html"))
        #expect(item.author == "Rita Dee")
        #expect(item.published == Timestamp.parse("2024-05-01T10:00:00Z"))
        #expect(item.summary == "First RDF item")
        #expect(item.content == "Full RDF text with more")
        #expect(item.links == [URL(string: "https://example.org/rdf/more")!])
        #expect(recorder.call(containing: "First <em>RDF")?.numberingLinks == false)
        #expect(feed.items[1].published == Timestamp.parse("2024-05-02T00:00:00Z"))
    }
}
