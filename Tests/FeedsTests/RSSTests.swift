import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("RSS 0.9x and 2.0")
struct RSSTests {
    @Test func theChannelGivesTheFeedTitleAndSite() throws {
        let feed = try Fixture.feed("rss/rss2.xml")
        #expect(feed.format == .rss)
        #expect(feed.title == "Example Weblog")
        #expect(feed.siteURL == URL(string: "https://example.org/blog/"))
        #expect(feed.items.map(\.title) == ["First post", "Second post", "Third post"])
    }

    @Test func anItemGivesEveryField() throws {
        let item = try #require(Fixture.feed("rss/rss2.xml").items.first)
        #expect(item.id == "urn:example:first")
        #expect(item.link == URL(string: "https://example.org/blog/first"))
        #expect(item.author == "Jo Bloggs")
        #expect(item.published == Timestamp.parse("2024-05-01T10:00:00Z"))
        let summary = try #require(item.summary)
        #expect(summary.contains("summary of the first post"))
        #expect(!summary.contains("<"))
        let content = try #require(item.content)
        #expect(content.contains("The full text, with a related post"))
        #expect(!content.contains("<a"))
        #expect(
            item.enclosures == [
                Enclosure(
                    url: URL(string: "https://example.org/audio/first.mp3")!, type: "audio/mpeg",
                    length: 12_345_678)
            ])
        #expect(item.imageURL == nil)
    }

    @Test func contentNumbersItsLinksAndTheSummaryDoesNot() throws {
        let recorder = RecordingConverter()
        let feed = try FeedParser.parse(
            Fixture.data("rss/rss2.xml"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        #expect(recorder.call(containing: "The <b>summary</b>")?.numberingLinks == false)
        #expect(recorder.call(containing: "The full text")?.numberingLinks == true)
        #expect(recorder.call(containing: "The full text")?.baseURL == Fixture.url)
        #expect(feed.items[0].links == [URL(string: "https://example.org/blog/related")!])
        #expect(recorder.call(containing: "Only a summary")?.numberingLinks == true)
        #expect(feed.items[1].links == [URL(string: "https://example.org/x")!])
    }

    @Test func dublinCoreGivesAuthorAndDate() throws {
        let item = try Fixture.feed("rss/rss2.xml").items[1]
        #expect(item.author == "Ann Other")
        #expect(item.published == Timestamp.parse("2024-05-02T06:30:00Z"))
        #expect(item.id == "https://example.org/blog/?p=2")
        #expect(item.link == URL(string: "https://example.org/blog/second"))
    }

    @Test func mediaContentGivesAPictureAndEnclosures() throws {
        let second = try Fixture.feed("rss/rss2.xml").items[1]
        #expect(second.imageURL == URL(string: "https://example.org/img/second.jpg"))
        #expect(
            second.enclosures == [
                Enclosure(
                    url: URL(string: "https://example.org/video/second.mp4")!, type: "video/mp4", length: 999)
            ])
    }

    @Test func mediaGroupChildrenAndThumbnailsCount() throws {
        let third = try Fixture.feed("rss/rss2.xml").items[2]
        #expect(third.imageURL == URL(string: "https://example.org/img/third-thumb.jpg"))
        #expect(third.enclosures.map(\.url) == [URL(string: "https://example.org/video/third-hd.mp4")!])
        #expect(third.link == URL(string: "https://example.org/blog/third"))
        #expect(third.id == "https://example.org/blog/third")
    }

    @Test func rss091EntitiesWorkWithoutTheirDTD() throws {
        let recorder = RecordingConverter()
        let feed = try FeedParser.parse(
            Fixture.data("rss/rss091.xml"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        #expect(feed.title == "Café Notes")
        #expect(feed.items.first?.title == "Crème brûlée — the recipe")
        #expect(recorder.call(containing: "Sugar")?.html == "Sugar\u{A0}& cream – © the café")
    }

    @Test func doubleEscapedTitlesAreHTMLAndLoseTheirMarkup() throws {
        let recorder = RecordingConverter()
        let feed = try FeedParser.parse(
            Fixture.data("rss/escaping.xml"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        #expect(recorder.call(containing: "Bold")?.html == "AT&amp;T buys <b>Bold</b> Corp")
        #expect(recorder.call(containing: "Bold")?.numberingLinks == false)
        #expect(recorder.call(containing: "Fish")?.html == "Fish &amp; chips <i>tonight</i>")
        let first = feed.items[0]
        #expect(first.title.hasSuffix("buys Bold Corp"))
        #expect(first.link == URL(string: "https://example.org/a?x=1&y=2"))
    }

    @Test func cdataIsTakenAsIs() throws {
        let recorder = RecordingConverter()
        let feed = try FeedParser.parse(
            Fixture.data("rss/escaping.xml"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        #expect(feed.items[1].title == "CDATA title with markup & an ampersand")
        #expect(
            recorder.call(containing: "CDATA <strong>")?.html
                == "<p>CDATA <strong>HTML</strong> body &amp; more</p>")
    }

    @Test func plainTitlesKeepTheirCharacters() throws {
        let feed = try Fixture.feed("rss/escaping.xml")
        #expect(feed.items[2].title == "Plain 3 < 4 maths")
        #expect(feed.items[3].title == "Character references \u{2018}quoted\u{2019} \u{2014} dash")
    }

    @Test func rawMarkupInsideADescriptionIsKeptAsMarkup() throws {
        let recorder = RecordingConverter()
        _ = try FeedParser.parse(
            Fixture.data("rss/escaping.xml"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        let call = try #require(recorder.call(containing: "Raw"))
        #expect(call.html == "Raw <p>unescaped <b>markup</b></p> inside a description<br>next line")
    }

    @Test func brokenFeedsGiveWhatCanBeRead() throws {
        let feed = try Fixture.feed("rss/broken.xml")
        #expect(feed.title == "Broken but readable")
        #expect(feed.items.count >= 2)
        let second = try #require(feed.items.first { $0.link == URL(string: "https://example.org/two") })
        #expect(second.title == "After the damage & still escaped")
        #expect(second.summary?.contains("Escaped markup survives") == true)
        #expect(second.author == "Undeclared prefix")
    }

    @Test func bareAmpersandsInTextAndLinksSurvive() throws {
        let feed = try Fixture.feed(
            text: """
                <rss><channel><title>Q&A weekly</title><item><title>AT&T & Verizon</title>
                <link>https://example.org/story?id=1&page=2</link>
                <enclosure url="https://example.org/a.mp3?x=1&y=2" type="audio/mpeg"/></item></channel></rss>
                """)
        #expect(feed.title == "Q&A weekly")
        let item = try #require(feed.items.first)
        #expect(item.title == "AT&T & Verizon")
        #expect(item.link == URL(string: "https://example.org/story?id=1&page=2"))
        #expect(item.enclosures.first?.url == URL(string: "https://example.org/a.mp3?x=1&y=2"))
    }

    /// Found by Scripts/fuzz (feed-xml): an item with only an enclosure at a URL without a path
    /// was titled with the URL's empty last path component.
    @Test func anItemWithOnlyAnEnclosureWithoutAPathIsUntitled() throws {
        let feed = try Fixture.feed(
            text: """
                <rss><channel><title>Pod</title><item>
                <enclosure url="https://example.org" type="audio/mpeg"/></item></channel></rss>
                """)
        let item = try #require(feed.items.first)
        #expect(item.title == "Untitled")
    }

    @Test func aTruncatedFeedKeepsItsCompleteItems() throws {
        let feed = try Fixture.feed("rss/truncated.xml")
        #expect(feed.title == "Cut short")
        #expect(feed.items.map(\.title) == ["Complete one", "Complete two"])
    }

    @Test func mixedCaseTagsAreForgiven() throws {
        let feed = try Fixture.feed("rss/mixed-case.xml")
        #expect(feed.format == .rss)
        #expect(feed.title == "Shouting Feed")
        let item = try #require(feed.items.first)
        #expect(item.title == "Loud item")
        #expect(item.link == URL(string: "https://example.org/loud"))
        #expect(item.published == Timestamp.parse("2024-05-02T12:00:00Z"))
    }

    @Test func aDefaultNamespaceOnTheRootIsTheFeedsOwn() throws {
        let feed = try Fixture.feed(
            text: """
                <rss xmlns="http://backend.userland.com/rss2" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
                <channel><title>Namespaced</title><item><title>In the namespace</title>
                <itunes:author>The Hosts</itunes:author><guid>n1</guid></item></channel></rss>
                """)
        #expect(feed.title == "Namespaced")
        #expect(feed.items.first?.title == "In the namespace")
        // `itunes:author` is in its own namespace, not the root's, and is the author.
        #expect(feed.items.first?.author == "The Hosts")
    }
}
