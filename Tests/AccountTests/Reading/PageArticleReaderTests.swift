import Feeds
import Foundation
import HTTPTestServer
import Modules
import Networking
import NewsModels
import Store
import Testing

@testable import Account

/// Reader mode over a page served on 127.0.0.1, its text kept in a real store.
@Suite(.timeLimit(.minutes(1)))
struct PageArticleReaderTests {
    static let page = """
        <!DOCTYPE html><html><head><title>Rivers rise | Daily</title></head>
        <body><nav><a href="/">Home</a></nav>
        <article><h1>Rivers rise</h1>
        <p>The river crested at nine metres on Tuesday, the highest level in forty years, as a slow storm \
        dumped rain across the valley, flooding farms, roads and the lower town of Haverley.</p>
        <p>Officials said more than two thousand people had left their homes, and that shelters were \
        open through the weekend, in the school and the hall.</p>
        </article></body></html>
        """

    static func server(status: Int = 200) throws -> RawHTTPServer {
        try RawHTTPServer(
            .reply(
                RawHTTPServer.response(
                    status: status, contentType: "text/html; charset=utf-8", body: Data(page.utf8))))
    }

    static func reader(_ store: NewsStore?, offline: Bool = false, sample: Bool = false) -> PageArticleReader
    {
        PageArticleReader(
            fetcher: PageFetcher(http: CurlHTTPClient(), timeout: 60), store: store, offline: offline,
            refusesNewsArticles: sample, clock: { Date(timeIntervalSince1970: 1_800_000_000) })
    }

    static func article(at url: URL) -> Article {
        Article(source: ArticleSource(name: "Daily"), title: "Rivers rise", url: url)
    }

    @Test func aPageIsReadAndKept() async throws {
        let server = try Self.server()
        let store = try NewsStore.inMemory()
        let article = Self.article(at: server.baseURL.appendingPathComponent("rivers"))
        try await store.save(article)
        let reader = Self.reader(store)
        #expect(reader.unavailableReason == nil)
        #expect(await reader.storedText(of: article) == nil)
        let text = try await reader.fetchText(of: article)
        await server.stop()
        #expect(text.text.contains("the lower town of Haverley."))
        #expect(text.fetchedAt == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(await reader.storedText(of: article) == text)
    }

    @Test func withoutAStoreTheTextIsShownNotKept() async throws {
        let server = try Self.server()
        let reader = Self.reader(nil)
        let article = Self.article(at: server.baseURL.appendingPathComponent("rivers"))
        let text = try await reader.fetchText(of: article)
        await server.stop()
        #expect(text.text.contains("Haverley"))
        #expect(await reader.storedText(of: article) == nil)
    }

    @Test func aFailedFetchIsOneSentence() async throws {
        let server = try Self.server(status: 404)
        let reader = Self.reader(nil)
        await #expect(throws: ArticleReaderError.self) {
            try await reader.fetchText(of: Self.article(at: server.baseURL.appendingPathComponent("gone")))
        }
        await server.stop()
    }

    @Test func offlineNothingIsFetched() async throws {
        let error = await #expect(throws: ArticleReaderError.self) {
            try await Self.reader(nil, offline: true).fetchText(of: AccountFixtures.article("a"))
        }
        #expect(error?.sentence.contains("--offline") == true)
    }

    @Test func theSampleEditionsArticlesHaveNoPages() async throws {
        let error = await #expect(throws: ArticleReaderError.self) {
            try await Self.reader(nil, sample: true).fetchText(of: AccountFixtures.article("a"))
        }
        #expect(error?.sentence.contains("made up") == true)
    }

    @Test func anItemWithoutAPageOfItsOwnIsNotFetched() async throws {
        let store = try NewsStore.inMemory()
        let feed = try #require(URL(string: "https://show.example/feed.xml"))
        let site = try #require(URL(string: "https://show.example/"))
        _ = try await store.recordFeeds([
            FeedRecord(
                url: feed, sourceName: "Show",
                outcome: .fetched(
                    FeedDocument(
                        format: .rss, title: "Show", siteURL: site,
                        items: [FeedItem(id: "e1", title: "Episode 1")]),
                    validators: .init()),
                attemptedAt: Date())
        ])
        let item = try #require(try await store.feedArticles(of: [feed], limit: 1).first)
        let error = await #expect(throws: ArticleReaderError.self) {
            try await Self.reader(store).fetchText(of: item)
        }
        #expect(error?.sentence.contains("no web page of its own") == true)
    }
}
