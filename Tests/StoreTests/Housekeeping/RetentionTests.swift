import Foundation
import SQLite
import Testing

@testable import Store

@Suite("Retention: evict and clear keep saved articles")
struct RetentionTests {
    @Test func evictRemovesWhatWasNotFetchedSinceTheDateButKeepsSavedAndRecent() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        // Day 0: an old listing, a saved article, a read article.
        let old = Fixture.articles("old", count: 3)
        try await store.record(Fixture.page(old), for: Fixture.business)
        try await store.save(old[0])
        try await store.markRead(old[1].url)
        try await store.markRead(Fixture.url("read-elsewhere"))
        // Day 10: a fresh listing that still shows an old-published article.
        clock.advance(by: 10 * 86_400)
        let stillShown = Fixture.article("still-shown", hoursAgo: 24 * 400)
        try await store.record(
            Fixture.page([Fixture.article("fresh"), stillShown, old[2]]), for: Fixture.science)

        let evicted = try await store.evict(olderThan: Fixture.epoch.addingTimeInterval(5 * 86_400))
        #expect(evicted == 1)  // old-1; old-0 is saved, old-2 was fetched again.
        let stats = try await store.stats()
        #expect(stats.articleCount == 4)
        #expect(stats.listingCount == 1)
        #expect(try await store.storedPage(for: Fixture.business, page: 1, pageSize: 20) == nil)
        #expect(try await store.storedPage(for: Fixture.science, page: 1, pageSize: 20)?.articles.count == 3)
        #expect(try await store.savedArticles() == [old[0]])
        // A read mark goes with its article once it is old; read marks of stored articles stay.
        #expect(try await store.readURLs(among: [old[1].url, Fixture.url("read-elsewhere")]) == [])
        #expect(try await store.search("old").urls.map(\.lastPathComponent).sorted() == ["old-0", "old-2"])
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func evictingEverythingStillKeepsSavedArticles() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let articles = Fixture.articles("a", count: 5)
        try await store.record(Fixture.page(articles), for: Fixture.science)
        try await store.save(articles[4])
        #expect(try await store.evict(olderThan: Fixture.epoch) == 0)  // Not older than itself.
        #expect(try await store.evict(olderThan: .distantFuture) == 4)
        #expect(try await store.savedArticles() == [articles[4]])
        #expect(try await store.stats().listingCount == 0)
        // The database itself refuses to delete a saved article.
        await #expect(throws: DatabaseError.self) {
            try await store.writer.write { try $0.execute(sql: "DELETE FROM article") }
        }
    }

    @Test func clearRemovesListingsReadMarksAndUnsavedArticles() async throws {
        let store = try NewsStore.testing()
        let articles = Fixture.articles("c", count: 4)
        try await store.record(Fixture.page(articles), for: Fixture.science)
        try await store.record(Fixture.page(Array(articles.prefix(2))), for: Fixture.searchKey("c"))
        try await store.save(articles[1])
        try await store.markRead(articles[2].url)
        try await store.clear()

        let stats = try await store.stats()
        #expect(stats.articleCount == 1)
        #expect(stats.savedCount == 1)
        #expect(stats.readCount == 0)
        #expect(stats.listingCount == 0 && stats.listingPageCount == 0)
        #expect(try await store.savedArticles() == [articles[1]])
        #expect(try await store.search("story").urls == [articles[1].url])
        #expect(try await store.checkIntegrity() == [])
    }
}
