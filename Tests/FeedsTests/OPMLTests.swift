import Feeds
import Foundation
import Testing

@Suite("OPML")
struct OPMLTests {
    @Test func nestedFoldersBecomeTagsOuterFirst() throws {
        let subscriptions = try OPML.subscriptions(from: Fixture.data("opml/nested.opml"))
        #expect(
            subscriptions == [
                Subscription(
                    url: URL(string: "https://lwn.net/headlines/rss")!, tags: ["Tech", "Linux", "News"],
                    title: "LWN"),
                Subscription(
                    url: URL(string: "https://feeds.arstechnica.com/arstechnica/index")!,
                    tags: ["Tech", "news", "science", "daily"], title: "Ars Technica"),
                Subscription(url: URL(string: "https://example.org/untitled.xml")!),
                Subscription(url: URL(string: "https://example.org/top.xml")!, title: "Top level & proud"),
                Subscription(
                    url: URL(string: "http://example.net/rss")!, tags: ["News"], title: "Feed scheme"),
            ])
    }

    @Test func opml1InLatin1IsRead() throws {
        let subscriptions = try OPML.subscriptions(from: Fixture.data("opml/opml1.opml"))
        #expect(
            subscriptions == [
                Subscription(
                    url: URL(string: "http://cafe.example.com/rss")!, tags: ["Café Feeds"], title: "Le Café")
            ])
    }

    @Test func anExportReadsBackAsTheSameSubscriptions() throws {
        let subscriptions = [
            Subscription(url: URL(string: "https://a.example/feed")!),
            Subscription(
                url: URL(string: "https://b.example/rss?x=1&y=2")!, tags: ["tech", "linux", "daily"],
                title: "B <&> \"quoted\""),
            Subscription(url: URL(string: "https://c.example/atom")!, tags: ["news"]),
            Subscription(url: URL(string: "https://d.example/feed.json")!, tags: ["tech"], title: "Dee"),
            Subscription(url: URL(string: "https://e.example/")!, tags: ["Ünïcode tag", "second"]),
        ]
        let date = Date(timeIntervalSince1970: 1_714_557_600)
        let document = OPML.document(for: subscriptions, title: "NewsApp subscriptions", dateCreated: date)
        #expect(document.contains("<dateCreated>Wed, 01 May 2024 10:00:00 GMT</dateCreated>"))
        #expect(document.contains(#"<opml version="2.0">"#))
        let read = try OPML.subscriptions(from: Data(document.utf8))
        #expect(Set(read) == Set(subscriptions))
        #expect(
            read.map(\.url)
                == [
                    "https://a.example/feed", "https://b.example/rss?x=1&y=2", "https://d.example/feed.json",
                    "https://c.example/atom", "https://e.example/",
                ].map { URL(string: $0)! })
    }

    @Test func somethingElseIsRefused() {
        #expect(throws: OPMLError.notOPML("it is an XML <rss>")) {
            try OPML.subscriptions(from: Data("<rss><channel/></rss>".utf8))
        }
        #expect(throws: OPMLError.malformed("it holds no XML element")) {
            try OPML.subscriptions(from: Data("not xml at all".utf8))
        }
        #expect(
            OPMLError.notOPML("it is an XML <rss>").sentence
                == "The file is not an OPML subscription list: it is an XML <rss>.")
    }
}
