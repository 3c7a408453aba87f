import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("Atom")
struct AtomTests {
    @Test func theFeedGivesItsTitleAndAlternateLink() throws {
        let feed = try Fixture.feed("atom/atom.xml")
        #expect(feed.format == .atom)
        #expect(feed.title == "Atom Example")
        #expect(feed.siteURL == URL(string: "https://example.org/"))
        #expect(feed.items.count == 4)
    }

    @Test func anEntryGivesEveryField() throws {
        let entry = try #require(Fixture.feed("atom/atom.xml").items.first)
        #expect(entry.id == "tag:example.org,2024:1")
        #expect(entry.title == "Plain entry")
        #expect(entry.link == URL(string: "https://example.org/1"))
        #expect(entry.author == "Ann Author, Bob Author")
        #expect(entry.updated == Timestamp.parse("2024-05-03T18:30:02Z"))
        #expect(entry.published == Timestamp.parse("2024-05-01T07:00:00.123Z"))
        #expect(entry.summary == "A plain summary <not a tag> with   spaces.")
        #expect(entry.content == nil)
        #expect(
            entry.enclosures == [
                Enclosure(url: URL(string: "https://example.org/1.mp3")!, type: "audio/mpeg", length: 1337)
            ])
    }

    @Test func htmlTextConstructsBecomeText() throws {
        let entry = try Fixture.feed("atom/atom.xml").items[1]
        #expect(entry.title == "Bold title")
        #expect(entry.summary?.contains("HTML summary") == true)
        #expect(entry.content?.contains("HTML content with a link") == true)
        #expect(entry.author == "Feed Author")
    }

    @Test func xhtmlIsWrittenBackAsMarkupAndItsTextStaysText() throws {
        let recorder = RecordingConverter()
        let feed = try FeedParser.parse(
            Fixture.data("atom/atom.xml"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        let entry = feed.items[2]
        #expect(entry.title == "XHTML title and more")
        let call = try #require(recorder.call(containing: "XHTML <b>content</b>"))
        #expect(call.html.contains(#"<a href="three/more">a link</a>"#))
        #expect(call.html.contains("1 &lt; 2 &amp; &lt;script&gt; as text"))
        #expect(call.numberingLinks)
        #expect(entry.links == [URL(string: "https://example.org/blog/three/more")!])
    }

    @Test func aSourceElementDoesNotLeakIntoItsEntry() throws {
        let entry = try Fixture.feed("atom/atom.xml").items[3]
        #expect(entry.id == "tag:example.org,2024:4")
        #expect(entry.title == "Entry with a source")
        #expect(entry.link == URL(string: "https://example.org/4"))
        #expect(entry.author == "Feed Author")
        #expect(entry.content == nil)
        #expect(entry.summary == "A media description, used as the summary.")
        #expect(entry.imageURL == URL(string: "https://example.org/4.jpg"))
        #expect(entry.enclosures.map(\.url) == [URL(string: "https://example.org/4.mp4")!])
    }

    @Test func xmlBaseStacksAndResolvesEveryLink() throws {
        let recorder = RecordingConverter()
        let feed = try FeedParser.parse(
            Fixture.data("atom/xml-base.xml"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        #expect(feed.siteURL == URL(string: "https://example.org/base/site/"))
        let first = feed.items[0]
        #expect(first.link == URL(string: "https://example.org/base/entries/one.html"))
        #expect(first.enclosures.first?.url == URL(string: "https://example.org/base/entries/media/one.mp3"))
        #expect(
            recorder.call(containing: "relative")?.baseURL
                == URL(string: "https://example.org/elsewhere/deep/"))
        #expect(first.links == [URL(string: "https://example.org/elsewhere/deep/page.html")!])
        #expect(feed.items[1].link == URL(string: "https://other.example/x/two.html"))
        #expect(
            recorder.call(containing: "summary link")?.baseURL == URL(string: "https://example.org/base/"))
        #expect(feed.items[2].link == URL(string: "https://example.org/three.html"))
    }

    @Test func withoutXMLBaseLinksResolveAgainstTheDocument() throws {
        let recorder = RecordingConverter()
        let feed = try FeedParser.parse(
            Fixture.data("atom/atom.xml"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        #expect(recorder.call(containing: "HTML content")?.baseURL == Fixture.url)
        #expect(feed.items[1].links == [URL(string: "https://example.org/relative")!])
    }

    @Test func summaryLinksAreNumberedOnlyWithoutContent() throws {
        let recorder = RecordingConverter()
        _ = try FeedParser.parse(
            Fixture.data("atom/atom.xml"), url: Fixture.url, convertingHTMLWith: recorder.convert)
        #expect(recorder.call(containing: "HTML <em>summary")?.numberingLinks == false)
        #expect(recorder.call(containing: "HTML content")?.numberingLinks == true)
    }

    @Test func atom03IsReadToo() throws {
        let feed = try Fixture.feed("atom/atom03.xml")
        #expect(feed.format == .atom)
        #expect(feed.siteURL == URL(string: "https://old.example/"))
        let entry = try #require(feed.items.first)
        #expect(entry.published == Timestamp.parse("2005-07-01T12:00:00Z"))
        #expect(entry.updated == Timestamp.parse("2005-07-02T12:00:00Z"))
        #expect(entry.content?.contains("Escaped 0.3 content") == true)
        #expect(entry.content?.contains("<p>") == false)
    }
}
