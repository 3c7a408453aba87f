import Foundation
import Modules
import NewsModels
import Store
import TestSupport
import Testing

@testable import Account

/// The reading list over a real store file.
@Suite struct StoreReadingListTests {
    let directory: TemporaryDirectory
    let store: NewsStore
    let list: StoreReadingList

    init() throws {
        directory = try TemporaryDirectory()
        let (store, _) = try NewsStore.open(at: directory.url.appendingPathComponent("news.sqlite"))
        self.store = store
        list = StoreReadingList(store: store)
    }

    @Test func readMarksAreKept() async throws {
        let articles = (0..<3).map { AccountFixtures.article("r\($0)") }
        #expect(await list.readArticles(among: articles) == [])
        await list.markRead(articles[0])
        await list.markRead(articles[2])
        #expect(await list.readArticles(among: articles) == [articles[0].id, articles[2].id])
        // The marks are in the file: another store on it sees them.
        let (other, _) = try NewsStore.open(at: directory.url.appendingPathComponent("news.sqlite"))
        #expect(
            await StoreReadingList(store: other).readArticles(among: articles) == [
                articles[0].id, articles[2].id,
            ])
        try other.close()
    }

    /// A podcast's episodes all link to the show's page: each is read and saved on its own.
    @Test func feedItemsSharingAnAddressAreReadAndSavedOneByOne() async throws {
        let feed = try #require(URL(string: "https://podcast.example/feed.xml"))
        let show = try #require(URL(string: "https://podcast.example/"))
        let episodes = (1...3).map { FeedItem(id: "episode-\($0)", title: "Episode \($0)", link: show) }
        _ = try await store.recordFeeds([
            FeedRecord(
                url: feed, sourceName: "The Show",
                outcome: .fetched(
                    FeedDocument(format: .rss, title: "The Show", items: episodes), validators: .init()),
                attemptedAt: Date())
        ])
        let stored = try await store.search("episode", sort: .publishedAt, page: 1, pageSize: 10).articles
        #expect(stored.count == 3)
        #expect(
            Set(stored.compactMap(\.feedItem))
                == Set(episodes.map { FeedItemReference(feed: feed, item: $0.id) }))
        let second = try #require(stored.first { $0.feedItem?.item == "episode-2" })
        await list.markRead(second)
        #expect(await list.readArticles(among: stored) == [second.id])
        try await list.save(second)
        #expect(await list.isSaved(second))
        #expect(await list.isSaved(try #require(stored.first { $0.feedItem?.item == "episode-1" })) == false)
        #expect(try await list.savedArticles().map(\.id) == [second.id])
        try await list.unsave(second)
        #expect(try await list.savedArticles().isEmpty)
        // A NewsAPI article at the show's address is another article.
        let article = Article(source: ArticleSource(name: "Wire"), title: "About the show", url: show)
        #expect(await list.readArticles(among: [article]) == [])
    }

    @Test func savingUnsavingAndTheSavedList() async throws {
        let first = AccountFixtures.article("s1")
        let second = AccountFixtures.article("s2")
        #expect(await list.isSaved(first) == false)
        try await list.save(first)
        try await list.save(second)
        #expect(await list.isSaved(first))
        #expect(try await list.savedArticles().map(\.url) == [second.url, first.url])
        try await list.unsave(second)
        #expect(await list.isSaved(second) == false)
        #expect(try await list.savedArticles().map(\.url) == [first.url])
        // Saved articles survive clearing and eviction.
        try await store.clear()
        try await store.evict(olderThan: Date().addingTimeInterval(3600))
        #expect(try await list.savedArticles().map(\.url) == [first.url])
    }

    @Test func failuresAreOneSentence() async throws {
        try store.close()
        let article = AccountFixtures.article("x")
        await list.markRead(article)
        #expect(await list.readArticles(among: [article]) == [])
        #expect(await list.isSaved(article) == false)
        await #expect(
            throws: ReadingListError(
                "The article was not saved: the news store could not be used (the store is closed).")
        ) {
            try await list.save(article)
        }
        await #expect(
            throws: ReadingListError(
                "The article was not unsaved: the news store could not be used (the store is closed).")
        ) {
            try await list.unsave(article)
        }
        await #expect(
            throws: ReadingListError(
                "The saved articles could not be read: the news store could not be used (the store is closed)."
            )
        ) {
            _ = try await list.savedArticles()
        }
    }

    @Test func storeErrorsMapToSentences() {
        #expect(
            StoreReadingList.error(.cancelled, "The article was not saved").sentence
                == "The article was not saved: it was cancelled.")
        #expect(
            StoreReadingList.error(.unavailable(path: "/x", reason: "y"), "The article was not saved")
                == .unavailable)
        let long = StoreReadingList.error(
            .failed(reason: "disk I/O error.\nmore " + String(repeating: "z", count: 200)), "W")
        #expect(!long.sentence.contains("\n"))
        #expect(long.sentence.count < 140)
        #expect(long.sentence.hasSuffix("…)."))
    }
}
