import Foundation
import NewsModels
import SQLite
import Testing

@testable import Store

@Suite("Feeds: retention and unsubscribing")
struct FeedRetentionTests {
    static let day: TimeInterval = 86_400

    /// Feed `a`: six items `i0`…`i5` (newest first) at day 0, of which `i1`, `i3`, `i4` and `i5`
    /// are read and `i5` saved; at day 10 a document holding only a new `n0`, `i0` and `i1`.
    private func store() async throws -> (NewsStore, [FeedItem]) {
        let store = try NewsStore.testing()
        let url = FeedFixture.feedURL("a")
        let items = FeedFixture.items("i", count: 6)
        try await store.recordFeeds([FeedFixture.fetched("a", items)])
        for index in [1, 3, 4, 5] { try await store.markFeedItemRead(feed: url, itemID: items[index].id) }
        try await store.markFeedItemSaved(feed: url, itemID: items[5].id)
        let latest = [FeedFixture.item("n0", hoursAgo: 0.5), items[0], items[1]]
        try await store.recordFeeds([
            FeedFixture.fetched("a", latest, at: Fixture.epoch.addingTimeInterval(10 * Self.day))
        ])
        return (store, items)
    }

    @Test func readItemsBeyondTheNewestOnesGoOnceTheFeedNoLongerHoldsThem() async throws {
        let (store, items) = try await store()
        // The newest three are n0, i0 and i1; of the others i3 and i4 are read and unsaved.
        let removed = try await store.applyFeedRetention(maxItemsPerFeed: 3, olderThan: .distantPast)
        #expect(removed == 2)
        #expect(try await store.itemIDs(of: "a") == ["urn:item:n0"] + [0, 1, 2, 5].map { items[$0].id })
        #expect(try await store.applyFeedRetention(maxItemsPerFeed: 3, olderThan: .distantPast) == 0)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func readItemsTheFeedLeftLongAgoGoEvenAmongTheNewest() async throws {
        let (store, items) = try await store()
        // Left at day 10, last held by the document of day 0.
        #expect(try await store.applyFeedRetention(maxItemsPerFeed: 100, olderThan: Fixture.epoch) == 0)
        let cutoff = Fixture.epoch.addingTimeInterval(Self.day)
        #expect(try await store.applyFeedRetention(maxItemsPerFeed: 100, olderThan: cutoff) == 2)
        #expect(try await store.itemIDs(of: "a") == ["urn:item:n0"] + [0, 1, 2, 5].map { items[$0].id })
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func itemsOfTheLatestDocumentUnreadAndSavedItemsAlwaysStay() async throws {
        let (store, items) = try await store()
        try await store.markFeedsRead([FeedFixture.feedURL("a")])
        // Everything is read now, but the latest document holds n0, i0 and i1, and i5 is saved.
        #expect(try await store.applyFeedRetention(maxItemsPerFeed: 0, olderThan: .distantFuture) == 3)
        #expect(try await store.itemIDs(of: "a") == ["urn:item:n0"] + [0, 1, 5].map { items[$0].id })

        let (fresh, _) = try await self.store()
        #expect(try await fresh.applyFeedRetention(maxItemsPerFeed: 0, olderThan: .distantFuture) == 2)
        #expect(try await fresh.itemIDs(of: "a").count == 5)  // i2 unread, i5 saved, and the latest three.
        #expect(try await fresh.feedSummaries(for: nil).map(\.itemCount) == [5])
        #expect(try await fresh.checkIntegrity() == [])
    }

    @Test func anItemBackInTheFeedIsInItsLatestDocumentAgain() async throws {
        let (store, items) = try await store()
        // i3 comes back at day 20, unchanged: it is not rewritten, but held by the feed again.
        let back = [items[0], items[3]]
        let counts = try await store.recordFeeds([
            FeedFixture.fetched("a", back, at: Fixture.epoch.addingTimeInterval(20 * Self.day))
        ])
        #expect(counts[FeedFixture.feedURL("a")] == FeedWriteCounts())
        // i1 left with this document, and i4 is still out.
        #expect(try await store.applyFeedRetention(maxItemsPerFeed: 0, olderThan: .distantFuture) == 2)
        #expect(try await store.itemIDs(of: "a") == ["urn:item:n0"] + [0, 2, 3, 5].map { items[$0].id })
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func unsubscribingKeepsSavedItemsUntilTheyAreUnsaved() async throws {
        let store = try NewsStore.testing()
        let url = FeedFixture.feedURL("a")
        let items = FeedFixture.items("a", count: 3)
        try await store.recordFeeds([FeedFixture.fetched("a", items, sourceName: "Harbour Notes")])
        try await store.markFeedItemRead(feed: url, itemID: items[0].id)
        try await store.markFeedItemSaved(feed: url, itemID: items[1].id)

        try await store.removeFeed(url)
        try await store.removeFeed(FeedFixture.feedURL("never-subscribed"))
        #expect(try await store.feedSummaries(for: nil).isEmpty)
        #expect(try await store.feedStates(for: [url]).isEmpty)
        #expect(try await store.feedItems(of: url).isEmpty)
        #expect(try await store.articleRowCount() == 1)
        let saved = try #require(try await store.savedArticles().first)
        #expect(saved.url == items[1].link && saved.source.name == "Harbour Notes")
        #expect(try await store.search("harbour").urls == [items[1].link!])
        #expect(try await store.checkIntegrity() == [])

        // Subscribing again finds the saved item instead of storing it twice.
        let counts = try await store.recordFeeds([
            FeedFixture.fetched("a", items, at: Fixture.epoch.addingTimeInterval(60))
        ])
        #expect(counts[url] == FeedWriteCounts(new: 2, updated: 0))
        #expect(try await store.items(of: "a").map(\.saved) == [false, true, false])
        #expect(try await store.items(of: "a").map(\.read) == [false, false, false])

        // Unsubscribed again and unsaved: retention removes the item, then the feed's row.
        try await store.removeFeed(url)
        try await store.markFeedItemSaved(feed: url, itemID: items[1].id, saved: false)
        #expect(try await store.applyFeedRetention(maxItemsPerFeed: 100, olderThan: .distantPast) == 1)
        #expect(try await store.articleRowCount() == 0)
        #expect(try await store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM feed") } == 0)
        #expect(try await store.checkIntegrity() == [])
    }

    /// A document that broke after its fourth item must not make the other 21 look gone.
    @Test func aDocumentThatBrokeNeverReplacesTheItemsWithFewer() async throws {
        let store = try NewsStore.testing()
        let url = FeedFixture.feedURL("a")
        let items = FeedFixture.items("i", count: 25)
        try await store.recordFeeds([FeedFixture.fetched("a", items)])
        try await store.markFeedsRead([url])

        var broken = FeedFixture.fetched(
            "a", Array(items.prefix(4)), at: Fixture.epoch.addingTimeInterval(Self.day), etag: "\"2\"")
        guard case .fetched(var document, let validators) = broken.outcome else {
            Issue.record("not a fetched record")
            return
        }
        document.damage = FeedDamage(line: 120, itemsRead: 4, itemsSeen: 25)
        broken.outcome = .fetched(document, validators: validators)
        try await store.recordFeeds([broken])

        // Every item is still in the feed's latest document: retention keeps them all.
        #expect(try await store.applyFeedRetention(maxItemsPerFeed: 0, olderThan: .distantFuture) == 0)
        #expect(try await store.itemIDs(of: "a").count == 25)
        let summary = try #require(try await store.feedSummaries(for: [url]).first)
        #expect(summary.lastWarning == "The feed ended early at line 120: 4 of at least 25 items read.")
        #expect(summary.lastError == nil && summary.itemCount == 25)
        // Its validators are not kept: the next refresh asks for the whole document again.
        let state = try #require(try await store.feedStates(for: [url])[url])
        #expect(state.validators == FeedValidators())

        // A whole document clears the warning, and what it lacks has left the feed.
        try await store.recordFeeds([
            FeedFixture.fetched(
                "a", Array(items.prefix(10)), at: Fixture.epoch.addingTimeInterval(2 * Self.day))
        ])
        #expect(try await store.feedSummaries(for: [url]).first?.lastWarning == nil)
        #expect(try await store.applyFeedRetention(maxItemsPerFeed: 0, olderThan: .distantFuture) == 15)
        #expect(try await store.checkIntegrity() == [])
    }
}
