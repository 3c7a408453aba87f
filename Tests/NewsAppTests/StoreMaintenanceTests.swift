import Foundation
import NewsModels
import Store
import Testing

/// The store operations the app added for launch and `newsapp cache`: eviction in bounded steps,
/// and clearing with or without saved articles.
@Suite struct StoreMaintenanceTests {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))

    /// 30 articles fetched about 40 days ago, 10 an hour apart (`old0-*`, then `old1-*`, then
    /// `old2-*`), one saved and one read; then 5 fetched today.
    func store() async throws -> NewsStore {
        let store = try NewsStore.inMemory(clock: clock.function)
        for batch in 0..<3 {
            try await StoreFixtures.fill(store, prefix: "old\(batch)", count: 10)
            clock.date = clock.date.addingTimeInterval(3600)
        }
        try await store.save(StoreFixtures.article("old2-9"))
        try await store.markRead(StoreFixtures.url("old0-0"))
        clock.date = clock.date.addingTimeInterval(40 * 86_400)
        try await StoreFixtures.fill(store, prefix: "new", count: 5)
        return store
    }

    var cutoff: Date { clock.date.addingTimeInterval(-30 * 86_400) }

    @Test func boundedEvictionTakesTheOldestFirstAndNeverSavedOnes() async throws {
        let store = try await store()
        #expect(try await store.evict(olderThan: cutoff, limit: 10) == 10)
        // The ten fetched first went first, with the read mark of one of them.
        let left = try await store.search("stored", pageSize: 50).urls
        #expect(left.count == 25)
        #expect(!left.contains { $0.lastPathComponent.hasPrefix("old0-") })
        #expect(left.contains(StoreFixtures.url("old1-0")))
        #expect(try await store.readURLs(among: [StoreFixtures.url("old0-0")]).isEmpty)
        #expect(try await store.evict(olderThan: cutoff, limit: 10) == 10)
        // 9 unsaved old ones are left; the saved one never goes.
        #expect(try await store.evict(olderThan: cutoff, limit: 10) == 9)
        #expect(try await store.evict(olderThan: cutoff, limit: 10) == 0)
        let stats = try await store.stats()
        #expect(stats.articleCount == 6)
        #expect(stats.savedCount == 1)
        #expect(try await store.isSaved(StoreFixtures.url("old2-9")))
        // Each step also removed at most one old page: after four steps the three are gone.
        #expect(stats.listingCount == 1)
        #expect(stats.listingPageCount == 1)
    }

    @Test func boundedEvictionLeavesRecentArticles() async throws {
        let store = try await store()
        #expect(try await store.evict(olderThan: cutoff, limit: 1_000) == 29)
        #expect(try await store.stats().articleCount == 6)
    }

    @Test func clearingKeepsSavedArticlesUnlessAskedAndCountsWhatWent() async throws {
        let store = try await store()
        let cleared = try await store.clear(includingSaved: false)
        #expect(
            cleared == NewsStore.Cleared(articles: 34, saved: 0, readMarks: 1, listings: 4, keptSaved: 1))
        #expect(try await store.savedArticles().map(\.url) == [StoreFixtures.url("old2-9")])

        let all = try await store.clear(includingSaved: true)
        #expect(all == NewsStore.Cleared(articles: 1, saved: 1, readMarks: 0, listings: 0, keptSaved: 0))
        #expect(try await store.stats().articleCount == 0)
    }
}

extension ArticlePage {
    fileprivate var urls: [URL] { articles.map(\.url) }
}
