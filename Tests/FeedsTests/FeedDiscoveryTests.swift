import Feeds
import Foundation
import Testing

@Suite("Feed discovery")
struct FeedDiscoveryTests {
    private let pageURL = URL(string: "https://www.example.org/blog/post/")!

    @Test func theHeadsAlternateFeedsInPageOrderResolvedAgainstTheBase() throws {
        let feeds = FeedDiscovery.feeds(
            inHTML: try Fixture.data("html/page.html"), contentType: "text/html", url: pageURL)
        #expect(
            feeds == [
                DiscoveredFeed(
                    url: URL(string: "https://cdn.example.org/site/feed.xml")!, title: "Posts (RSS)",
                    type: "application/rss+xml"),
                DiscoveredFeed(
                    url: URL(string: "https://cdn.example.org/atom.xml")!, title: "Posts & more (Atom)",
                    type: "application/atom+xml"),
                DiscoveredFeed(
                    url: URL(string: "https://cdn.example.org/site/feed.json")!, title: "JSON Feed",
                    type: "application/feed+json"),
                DiscoveredFeed(
                    url: URL(string: "https://cdn.example.org/site/legacy.json")!, title: "Legacy JSON feed",
                    type: "application/json"),
            ])
    }

    @Test func withoutABaseHrefsResolveAgainstThePage() throws {
        let feeds = FeedDiscovery.feeds(
            inHTML: try Fixture.data("html/no-base.html"), contentType: nil, url: pageURL)
        #expect(
            feeds.map(\.url) == [
                URL(string: "https://www.example.org/blog/rss")!, URL(string: "https://other.example/atom")!,
            ])
        #expect(feeds.first?.title == nil)
    }

    @Test func aPageWithoutFeedsGivesNone() {
        let page = Data("<html><head><title>Nothing</title></head><body>Hi</body></html>".utf8)
        #expect(FeedDiscovery.feeds(inHTML: page, contentType: nil, url: pageURL).isEmpty)
        #expect(FeedDiscovery.feeds(inHTML: Data(), contentType: nil, url: pageURL).isEmpty)
    }

    @Test func titlesAreDecodedFromThePagesCharset() {
        let page = Data(
            #"<html><head><link rel="alternate" type="application/rss+xml" title="Caf\#u{E9}" href="/f"></head>"#
                .utf8)
        let latin1 = Data(page.map { $0 })
        let feeds = FeedDiscovery.feeds(inHTML: latin1, contentType: "text/html", url: pageURL)
        #expect(feeds.first?.title == "Café")
        var bytes = Array(
            #"<html><head><meta charset="iso-8859-1"><link rel="alternate" type="application/rss+xml" title="Caf"#
                .utf8)
        bytes += [0xE9] + Array(#"" href="/f"></head>"#.utf8)
        let declared = FeedDiscovery.feeds(inHTML: Data(bytes), contentType: nil, url: pageURL)
        #expect(declared.first?.title == "Café")
    }

    @Test func readingStopsWhereTheBodyBegins() {
        let head = #"<html><head><link rel="alternate" type="application/rss+xml" href="/head.xml"></head>"#
        let body =
            "<body>" + String(repeating: "<p>filler</p>", count: 10_000)
            + #"<link rel="alternate" type="application/rss+xml" href="/late.xml"></body></html>"#
        let feeds = FeedDiscovery.feeds(inHTML: Data((head + body).utf8), contentType: nil, url: pageURL)
        #expect(feeds.map(\.url.path) == ["/head.xml"])
    }
}
