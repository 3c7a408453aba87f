import FilterLanguage
import Foundation
import NewsModels
import Store
import Sync
import Testing

@testable import Account

/// `mark read` and its kin, as the account's actions: the mark and, for a synced item, the change
/// the next sync pushes, written together.
@Suite struct MarkReadTests {
    let store: NewsStore
    let account: Account
    let storage: StoreSyncStorage

    init() throws {
        store = try NewsStore.inMemory()
        account = Account(store: store)
        storage = StoreSyncStorage(store: store)
    }

    @Test func readingASyncedItemQueuesItsChange() async throws {
        let items = try await AccountFixtures.syncItems(2, in: storage)
        let first = try #require(items.first { $0.title == "Synced 1" })
        try await account.markRead(first)
        #expect(try await store.readFeedItems(among: items.compactMap(\.feedItem)) == [first.feedItem!])
        let queued = try await storage.pendingChanges()
        #expect(queued.map(\.item) == [ItemID(1)])
        #expect(queued.map(\.kind) == [.read])
        #expect(queued.map(\.value) == [true])
        // Unread again: the queued change now says so.
        try await account.setRead(try #require(first.feedItem), read: false)
        #expect(try await store.readFeedItems(among: items.compactMap(\.feedItem)).isEmpty)
        #expect(try await storage.pendingChanges().map(\.value) == [false])
    }

    @Test func readingANewsArticleMarksItsAddress() async throws {
        let article = AccountFixtures.article("a")
        try await account.markRead(article)
        #expect(try await store.readURLs(among: [article.url]) == [article.url])
        #expect(try await storage.pendingChanges().isEmpty)
    }

    @Test func markAllReadOfFeedsThenUndo() async throws {
        try await AccountFixtures.recordFeed(items: ["a", "b", "c"], in: store)
        let time: TimeInterval = 1_800_000_000
        #expect(try await account.markAllRead(.feeds([AccountFixtures.feed]), at: time) == 3)
        #expect(try await account.markAllRead(.feeds([AccountFixtures.feed])) == 0)
        #expect(try await account.markUnread(readAt: time) == 3)
        let items = try await AccountFixtures.articles(in: store).compactMap(\.feedItem)
        #expect(try await store.readFeedItems(among: items).isEmpty)
    }

    @Test func markAllReadOfAFilterQueuesTheSyncedItems() async throws {
        let items = try await AccountFixtures.syncItems(3, in: storage)
        let feeds = [
            AccountFixtures.serviceFeed.url: FilterFeed(
                url: "https://service.example/feed.xml", title: "Synced")
        ]
        let filter = NewsStore.FeedFilter(
            expression: try FilterParser.parse("title = \"Synced 2\""), feeds: feeds, unreadOnly: false)
        #expect(try await account.markAllRead(.filtered(filter)) == 1)
        let read = try await store.readFeedItems(among: items.compactMap(\.feedItem))
        #expect(read.map(\.item) == ["tag:service,2"])
        #expect(try await storage.pendingChanges().map(\.item) == [ItemID(2)])
    }

    @Test func aClosedStoreIsAStoreError() async throws {
        try store.close()
        await #expect(throws: StoreError.self) {
            try await account.markRead(AccountFixtures.article("x"))
        }
    }
}
