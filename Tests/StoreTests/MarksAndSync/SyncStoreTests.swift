import Foundation
import NewsModels
import SQLite
import Testing

@testable import Store

/// A feed service's feeds and items in the store, the queue of changes made here, and the
/// conflict rule: a change made here and not yet acknowledged wins; otherwise the service's state
/// wins.
@Suite("Sync: the service's feeds and items, the queue, the conflict rule")
struct SyncStoreTests {
    static let orbit = ServiceFeed(
        streamID: "feed/1", url: FeedFixture.feedURL("orbit"), title: "Orbit",
        siteURL: FeedFixture.siteURL("orbit"),
        labels: ["Space", "Sci/Tech \"new\""])
    static let harbour = ServiceFeed(
        streamID: "feed/2", url: FeedFixture.feedURL("harbour"), title: "Harbour", labels: [])

    static func item(_ id: Int64, feed: String = "feed/1", read: Bool = false, starred: Bool = false)
        -> ServiceItem
    {
        var item = FeedFixture.item("\(id)", hoursAgo: Double(id))
        item.id = ItemID(id).longForm
        return ServiceItem(id: ItemID(id), feed: feed, item: item, read: read, starred: starred)
    }

    /// A store holding the two feeds and items 1–6 of Orbit, unread.
    static func store(_ clock: TestClock = TestClock()) async throws -> NewsStore {
        let store = try NewsStore.testing(clock)
        try await store.applySyncFeeds([orbit, harbour])
        try await store.writeSyncItems((1...6).map { item($0) })
        return store
    }

    static func read(_ store: NewsStore, _ ids: [Int64]) async throws -> [Bool] {
        let items = try await store.feedItems(of: orbit.url)
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.item.id, $0.read) })
        return ids.map { byID[item($0).item.id] ?? false }
    }

    static func itemID(_ id: Int64) -> String { item(id).item.id }

    @Test func theServicesFeedsAreFeedsWithTheirLabelsAndItemsLikeAnyOther() async throws {
        let store = try await Self.store()
        let feeds = try await store.syncedFeeds()
        #expect(feeds.map(\.streamID) == ["feed/1", "feed/2"])
        #expect(feeds[0].labels == ["Space", "Sci/Tech \"new\""])
        let summary = try #require(try await store.feedSummaries(for: [Self.orbit.url]).first)
        #expect(summary.itemCount == 6 && summary.unreadCount == 6 && summary.title == "Orbit")
        #expect(try await store.search("Item").totalResults == 6)
        #expect(try await store.checkIntegrity() == [])
        // Written again unchanged: nothing new, nothing changed.
        let again = try await store.writeSyncItems((1...6).map { Self.item($0) })
        #expect(again.new == 0 && again.updated == 0)
        // An item of a feed the store does not have from the service is skipped.
        let stray = try await store.writeSyncItems([Self.item(99, feed: "feed/404")])
        #expect(stray.new == 0)
    }

    @Test func readThenUnreadIsOneChangeAndAMarkThatDoesNotChangeIsNone() async throws {
        let store = try await Self.store()
        let orbit = Self.orbit.url
        try await store.markFeedItemRead(feed: orbit, itemID: Self.itemID(1))
        try await store.markFeedItemRead(feed: orbit, itemID: Self.itemID(1))
        #expect(try await store.pendingSyncChanges().map(\.version) == [1])
        try await store.markFeedItemRead(feed: orbit, itemID: Self.itemID(1), read: false)
        let changes = try await store.pendingSyncChanges()
        #expect(changes == [MarkChange(item: ItemID(1), kind: .read, value: false, version: 2)])
        try await store.markFeedItemSaved(feed: orbit, itemID: Self.itemID(2))
        try await store.markFeedItemSaved(feed: orbit, itemID: Self.itemID(2), saved: false)
        try await store.markFeedItemSaved(feed: orbit, itemID: Self.itemID(2))
        #expect(
            try await store.pendingSyncChanges().last
                == MarkChange(item: ItemID(2), kind: .starred, value: true, version: 3))
        #expect(try await store.markFeedsRead([orbit]) == 6)
        #expect(try await store.syncChangeCount() == 7)
        #expect(try await store.pendingSyncChanges().filter { $0.kind == .read }.allSatisfy(\.value))
    }

    @Test func anAcknowledgementRemovesOnlyTheVersionItCovers() async throws {
        let store = try await Self.store()
        try await store.markFeedItemRead(feed: Self.orbit.url, itemID: Self.itemID(3))
        let sent = try await store.pendingSyncChanges()
        try await store.markSyncChangesSent(sent)
        #expect(try await store.pendingSyncChanges().map(\.mayHaveBeenSent) == [true])
        // Made unread while the push was in flight.
        try await store.markFeedItemRead(feed: Self.orbit.url, itemID: Self.itemID(3), read: false)
        try await store.acknowledgeSyncChanges(sent)
        let left = try await store.pendingSyncChanges()
        #expect(left == [MarkChange(item: ItemID(3), kind: .read, value: false, version: 2)])
        try await store.releaseSyncChanges(left)
        try await store.acknowledgeSyncChanges(left)
        #expect(try await store.syncChangeCount() == 0)
    }

    @Test func theServicesMarksWinOverMarksHereThatWereAcknowledged() async throws {
        let store = try await Self.store()
        try await store.markFeedItemRead(feed: Self.orbit.url, itemID: Self.itemID(1))
        try await store.markFeedItemSaved(feed: Self.orbit.url, itemID: Self.itemID(2))
        try await store.acknowledgeSyncChanges(try await store.pendingSyncChanges())
        // The service: 1 unread again (read elsewhere, then unread), 2 to 6 read, 6 starred, 2 not.
        let changed = try await store.applySyncMarks(
            unread: [1], unreadComplete: true, starred: [6], starredComplete: true)
        #expect(changed == 1 + 5 + 1 + 1)
        #expect(try await Self.read(store, [1, 2, 3, 4, 5, 6]) == [false, true, true, true, true, true])
        let saved = try await store.savedFeedItems(
            among: (1...6).map { FeedItemReference(feed: Self.orbit.url, item: Self.itemID($0)) })
        #expect(saved.map(\.item) == [Self.itemID(6)])
        #expect(try await store.feedSummaries(for: [Self.orbit.url]).first?.unreadCount == 1)
        #expect(try await store.syncChangeCount() == 0)
    }

    @Test func aChangeMadeHereAndNotAcknowledgedWinsOverTheService() async throws {
        let store = try await Self.store()
        try await store.markFeedItemRead(feed: Self.orbit.url, itemID: Self.itemID(1))
        try await store.markFeedItemSaved(feed: Self.orbit.url, itemID: Self.itemID(2))
        // The service still has 1 unread and 2 unstarred, in its lists and in its items.
        try await store.applySyncMarks(
            unread: [1, 2, 3, 4, 5, 6], unreadComplete: true, starred: [], starredComplete: true)
        try await store.writeSyncItems([Self.item(1, read: false), Self.item(2, starred: false)])
        #expect(try await Self.read(store, [1, 2]) == [true, false])
        let saved = try await store.savedFeedItems(among: [
            FeedItemReference(feed: Self.orbit.url, item: Self.itemID(2))
        ])
        #expect(saved.count == 1)
        #expect(try await store.syncChangeCount() == 2)
    }

    @Test func anIncompleteListOnlyAdds() async throws {
        let store = try await Self.store()
        try await store.applySyncMarks(unread: [], unreadComplete: true, starred: [], starredComplete: true)
        #expect(try await Self.read(store, [1, 2, 3]) == [true, true, true])
        try await store.applySyncMarks(
            unread: [2], unreadComplete: false, starred: [3], starredComplete: false)
        #expect(try await Self.read(store, [1, 2, 3]) == [true, false, true])
    }

    @Test func aFeedTheServiceNoLongerListsGoesButItsSavedItemsStay() async throws {
        let store = try await Self.store()
        try await store.markFeedItemSaved(feed: Self.orbit.url, itemID: Self.itemID(4))
        var renamed = Self.harbour
        renamed.title = "Harbour Ledger"
        renamed.labels = ["Local"]
        let changes = try await store.applySyncFeeds([renamed])
        #expect(changes.added == 0 && changes.removed == 1)
        #expect(try await store.syncedFeeds().map(\.labels) == [["Local"]])
        #expect(try await store.feedSummaries(for: [Self.orbit.url]).isEmpty)
        #expect(try await store.savedArticles().map(\.title) == ["Item 4"])
        #expect(try await store.checkIntegrity() == [])
        // A change queued for a removed item is still sent.
        #expect(try await store.syncChangeCount() == 1)
    }

    @Test func aFeedOfTheUrlsFileBecomesTheServicesWithItsOwnItemsReplaced() async throws {
        let store = try NewsStore.testing()
        try await store.recordFeeds([FeedFixture.fetched("orbit", FeedFixture.items("local", count: 3))])
        let local = FeedFixture.items("local", count: 3)
        try await store.markFeedItemSaved(feed: Self.orbit.url, itemID: local[0].id)
        try await store.applySyncFeeds([Self.orbit])
        try await store.writeSyncItems([Self.item(1), Self.item(2)])
        let items = try await store.feedItems(of: Self.orbit.url)
        #expect(Set(items.map(\.item.id)) == [local[0].id, Self.itemID(1), Self.itemID(2)])
        #expect(try await store.syncedFeedURLs() == [Self.orbit.url])
    }

    @Test func missingItemsAreThoseNotStored() async throws {
        let store = try await Self.store()
        #expect(Set(try await store.missingSyncItems(among: [1, 7, 6, 8, 7])) == [7, 8])
    }

    @Test func signingOutRemovesTheServicesFeedsQueueAndProgressButKeepsSavedItems() async throws {
        let store = try await Self.store()
        try await store.markFeedItemSaved(feed: Self.orbit.url, itemID: Self.itemID(5))
        try await store.setSyncValues(["since": "123", "lastSync": "1"])
        #expect(try await store.removeSyncData() == 1)
        #expect(try await store.syncedFeeds().isEmpty)
        #expect(try await store.syncValues().isEmpty)
        #expect(try await store.savedArticles().map(\.title) == ["Item 5"])
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func progressIsWrittenWithThePageAndNotWithoutIt() async throws {
        let store = try await Self.store()
        try await store.writeSyncItems(
            [Self.item(7)], state: ["pull.continuation": "7", "pull.stage": "unread"])
        #expect(try await store.syncValues() == ["pull.continuation": "7", "pull.stage": "unread"])
        try await store.writeSyncItems(
            [], state: ["pull.continuation": nil, "pull.stage": nil, "since": "9"])
        #expect(try await store.syncValues() == ["since": "9"])
    }
}
