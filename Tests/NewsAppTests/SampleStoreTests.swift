import Foundation
import HTTPTestServer
import NewsModels
import SampleEdition
import Store
import Testing

/// The sample edition records into a store of its own (`sample.sqlite`), so live offline search
/// never finds a sample article and a sample run never shows a live one; and sample articles
/// an older version left in the live store are removed from it, once. The built binary, end to
/// end.
@Suite(.timeLimit(.minutes(10)))
struct SampleStoreTests {
    let sandbox: Sandbox
    let edition: SampleEdition

    init() throws {
        sandbox = try Sandbox()
        edition = try SampleEdition.bundled()
    }

    /// A live run that never reaches the network: a key, and NewsAPI at a refusing address.
    func offlineLiveSearch(_ words: String, _ gone: RefusingAddress) async throws -> CommandLineTests.Document
    {
        let run = try await sandbox.run(["search", words, "--offline", "--json"], extra: gone.environment)
        #expect(run.status == 0, "\(run.err)")
        return try JSONDecoder().decode(CommandLineTests.Document.self, from: run.stdout)
    }

    func open(_ url: URL) throws -> NewsStore {
        let (store, notice) = try NewsStore.open(at: url)
        #expect(notice == nil)
        return store
    }

    @Test func liveOfflineSearchAfterSampleRunsFindsNoSampleArticle() async throws {
        // The sample edition, read and searched: its articles are recorded, in its own store.
        let listed = try await sandbox.run(["headlines", "--page-size", "100"])
        #expect(listed.status == 0)
        let session = try await sandbox.run(["--page-size", "3"], input: "1\n/mars rover\n1\nsave\nq\n")
        #expect(session.status == 0)
        #expect(session.out.contains("Search “mars rover”"))
        let sample = try open(sandbox.sampleStoreURL)
        #expect(try await sample.stats().articleCount == edition.entries.count)
        #expect(try await sample.search("mars rover").totalResults >= 3)
        #expect(try await sample.savedArticles().count == 1)
        try sample.close()

        // Live, offline: the full-text index of the live store has none of them.
        let gone = try RefusingAddress()
        for words in ["mars rover", "Port Avalen", "harbour"] {
            let found = try await offlineLiveSearch(words, gone)
            #expect(found.totalResults == 0, "\(words): \(found.articles.map(\.title))")
        }
        let saved = try await sandbox.run(["--offline"], extra: gone.environment, input: "saved\nq\n")
        #expect(saved.out.contains("No saved articles yet."))
        let live = try open(sandbox.storeURL)
        #expect(try await live.stats().articleCount == 0)
        try live.close()
    }

    @Test func aSampleRunNeverShowsTheLiveStoresArticlesOrMarks() async throws {
        let first = try #require(edition.entries.first { $0.category == .business }?.article)
        // Live news (the stub serves the sample edition's articles as NewsAPI would): read and
        // save the front page's first story.
        try await withRunningStub { stub in
            let live = try await sandbox.run(
                ["--page-size", "3"], extra: stub.environment, input: "1\nsave\nq\n")
            #expect(live.status == 0)
            #expect(live.out.contains(first.title))
        }
        let liveStore = try open(sandbox.storeURL)
        #expect(try await liveStore.savedArticles().map(\.url) == [first.url])
        #expect(try await liveStore.readURLs(among: [first.url]) == [first.url])
        try liveStore.close()

        // The sample edition shows the same story unsaved and unread: the live marks are not its.
        let sample = try await sandbox.run(["--page-size", "3"], input: "saved\nb\n1\nq\n")
        #expect(sample.status == 0)
        #expect(sample.out.contains("No saved articles yet."))
        #expect(sample.out.contains(first.title))
        let sampleStore = try open(sandbox.sampleStoreURL)
        #expect(try await sampleStore.savedArticles().isEmpty)
        #expect(try await sampleStore.readURLs(among: [first.url]) == [first.url], "read in the sample run")
        try sampleStore.close()

        // And the live store keeps its own.
        let gone = try RefusingAddress()
        let again = try await sandbox.run(["--offline"], extra: gone.environment, input: "saved\nq\n")
        #expect(again.out.contains(first.title))
    }

    @Test func sampleArticlesAnOlderVersionLeftInTheLiveStoreAreRemovedOnce() async throws {
        // What an older version left: the sample edition's pages (its headlines had no country)
        // and a search, one of them saved and one read, beside live articles.
        let sampleArticles = edition.entries.prefix(10).map(\.article)
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        try await store.record(
            ArticlePage(articles: sampleArticles, totalResults: 84, page: 1, pageSize: 10),
            for: .headlines(country: nil, category: nil))
        try await store.record(
            ArticlePage(articles: Array(sampleArticles.prefix(2)), totalResults: 2, page: 1, pageSize: 10),
            for: .search(query: "harbour", sort: .publishedAt, language: nil))
        try await store.save(sampleArticles[3])
        try await store.markRead(sampleArticles[4].url)
        try await StoreFixtures.fill(store, prefix: "live", count: 3)
        try await store.markRead(StoreFixtures.url("live-1"))
        try store.close()
        let marker = sandbox.cacheDirectory + "/.sample-articles-removed"
        #expect(!FileManager.default.fileExists(atPath: marker))

        let gone = try RefusingAddress()
        let found = try await offlineLiveSearch("harbour", gone)
        #expect(
            found.articles.map(\.url).sorted { $0.path < $1.path }
                == (0..<3).map { StoreFixtures.url("live-\($0)") })
        #expect(FileManager.default.fileExists(atPath: marker))
        let cleaned = try open(sandbox.storeURL)
        let stats = try await cleaned.stats()
        #expect(stats.articleCount == 3)
        #expect(stats.savedCount == 0)
        #expect(stats.readCount == 1)
        #expect(try await cleaned.readURLs(among: [StoreFixtures.url("live-1")]).count == 1)
        #expect(try await cleaned.hasListing(for: .headlines(country: nil, category: nil)) == false)
        // Sample articles recorded from now on (a NewsAPI-compatible server may serve them) stay.
        try await cleaned.record(
            ArticlePage(articles: [sampleArticles[0]], totalResults: 1, page: 1, pageSize: 10),
            for: .headlines(country: "us", category: nil))
        try cleaned.close()

        _ = try await offlineLiveSearch("harbour", gone)
        let later = try open(sandbox.storeURL)
        #expect(try await later.stats().articleCount == 4)
        try later.close()
    }

    @Test func besideFeedsTheSampleEditionKeepsItsOwnMarksAndTheFeedItemsStayInTheLiveStore() async throws {
        let server = try FeedServer(files: ["/quokka.xml": FeedServer.atom("quokka", count: 3)])
        try sandbox.directory.write("\(server.base)/quokka.xml\n", to: ".config/newsapp/urls")
        let refresh = try await sandbox.run(["refresh"])
        #expect(refresh.status == 0)
        await server.stop()
        // An article saved while reading live news.
        let (live, _) = try NewsStore.open(at: sandbox.storeURL)
        try await live.save(StoreFixtures.article("saved-live"))
        try live.close()

        // The sample edition with the feeds: save a feed item found by a search, and a sample story.
        let first = try #require(edition.entries.first { $0.category == .business }?.article)
        let run = try await sandbox.run(
            ["--sample", "--page-size", "3"], input: "/quokka\n1\nsave\nb\nb\n1\nsave\nb\nsaved\nq\n")
        #expect(run.status == 0)
        #expect(run.err == "")
        let saved = try #require(run.out.range(of: "› saved\n")).upperBound
        let list = run.out[saved...]
        #expect(list.contains("quokka story"))
        #expect(list.contains(first.title.prefix(30)))
        #expect(!list.contains("Stored story saved-live"), "a live article in the sample edition")

        let sampleStore = try open(sandbox.sampleStoreURL)
        #expect(try await sampleStore.savedArticles().map(\.url) == [first.url])
        #expect(try await sampleStore.stats().articleCount < edition.entries.count + 1)
        #expect(try await sampleStore.search("quokka").totalResults == 0, "feed items stay in the live store")
        try sampleStore.close()
        let liveStore = try open(sandbox.storeURL)
        let liveSaved = try await liveStore.savedArticles()
        #expect(liveSaved.count == 2)
        #expect(liveSaved.contains { $0.feedItem != nil && $0.title.hasPrefix("quokka story") })
        #expect(try await liveStore.search("Avalen").totalResults == 0, "sample articles stay in their store")
        try liveStore.close()
    }
}
