import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("JSON Feed")
struct JSONFeedTests {
    @Test func version11GivesEveryField() throws {
        let recorder = RecordingConverter()
        let feed = try FeedParser.parse(
            Fixture.data("json/feed-1.1.json"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        #expect(feed.format == .jsonFeed)
        #expect(feed.title == "JSON Example")
        #expect(feed.siteURL == URL(string: "https://example.org/"))
        let item = try #require(feed.items.first)
        #expect(item.id == "1234")
        #expect(item.title == "Numeric id")
        #expect(item.link == URL(string: "https://example.org/posts/1234"))
        #expect(item.content == "HTML with a link")
        #expect(item.links == [URL(string: "https://example.org/posts/other")!])
        #expect(item.summary == "A short summary")
        #expect(item.published == Timestamp.parse("2024-05-01T15:00:00Z"))
        #expect(item.updated == Timestamp.parse("2024-05-02T10:00:00Z"))
        #expect(item.author == "Item Person, Second Person")
        #expect(item.imageURL == URL(string: "https://example.org/img/1234.jpg"))
        #expect(
            item.enclosures == [
                Enclosure(
                    url: URL(string: "https://example.org/a/1234.mp3")!, type: "audio/mpeg", length: 4096)
            ])
    }

    @Test func aTitlelessItemTakesItsFirstSentenceAndTheFeedAuthor() throws {
        let item = try Fixture.feed("json/feed-1.1.json").items[1]
        #expect(item.id == "string-id")
        #expect(item.title == "A microblog post without a title.")
        #expect(item.link == URL(string: "https://elsewhere.example/story"))
        #expect(item.author == "Feed Person")
        #expect(item.content == "A microblog post without a title. It has two sentences.")
    }

    @Test func wrongTypesAreIgnoredAndRepeatedIdsDropped() throws {
        let feed = try Fixture.feed("json/feed-1.1.json")
        #expect(feed.items.map(\.id) == ["1234", "string-id", "2.5"])
        let third = feed.items[2]
        #expect(third.title == "Wrong types are ignored, not fatal.")
        #expect(third.link == URL(string: "https://example.org/blog/relative/path"))
    }

    @Test func version10HasASingleAuthor() throws {
        let feed = try Fixture.feed("json/feed-1.0.json")
        #expect(feed.title == "JSON One")
        #expect(feed.items.map(\.author) == ["Item Author", "Solo Author"])
        #expect(feed.items[0].imageURL == URL(string: "https://one.example/banner.png"))
        #expect(feed.items[0].content == "Text content")
        #expect(feed.items[1].id == "7")
        #expect(feed.items[1].title == "Feed author inherited")
    }

    @Test func jsonThatIsNotAFeedIsRefused() {
        #expect(
            Fixture.error(parsing: Data(#"{"status":"ok","articles":[]}"#.utf8))
                == .notAFeed("the document is JSON, not a JSON Feed"))
        #expect(
            Fixture.error(parsing: Data(#"{"version": "https://jsonfeed.org/version/1.1", "items": [}"#.utf8))
                == .malformed("the JSON is not valid"))
    }
}
