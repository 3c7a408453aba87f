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
    let on: MemoryAccount

    init() throws {
        on = try MemoryAccount()
    }

    @Test func readingASyncedItemQueuesItsChange() async throws {
        let items = try await AccountFixtures.syncItems(2, in: on.storage)
        let first = try #require(items.first { $0.title == "Synced 1" })
        try await on.account.markRead(first)
        #expect(try await on.store.readFeedItems(among: items.compactMap(\.feedItem)) == [first.feedItem!])
        let queued = try await on.storage.pendingChanges()
        #expect(queued.map(\.item) == [ItemID(1)])
        #expect(queued.map(\.kind) == [.read])
        #expect(queued.map(\.value) == [true])
        // Unread again: the queued change now says so.
        try await on.account.setRead(try #require(first.feedItem), read: false)
        #expect(try await on.store.readFeedItems(among: items.compactMap(\.feedItem)).isEmpty)
        #expect(try await on.storage.pendingChanges().map(\.value) == [false])
    }

    @Test func readingANewsArticleMarksItsAddress() async throws {
        let article = AccountFixtures.article("a")
        try await on.account.markRead(article)
        #expect(try await on.store.readURLs(among: [article.url]) == [article.url])
        #expect(try await on.storage.pendingChanges().isEmpty)
    }

    @Test func markAllReadOfFeedsThenUndo() async throws {
        try await AccountFixtures.recordFeed(items: ["a", "b", "c"], in: on.store)
        let time: TimeInterval = 1_800_000_000
        #expect(try await on.account.markAllRead(.feeds([AccountFixtures.feed]), at: time) == 3)
        #expect(try await on.account.markAllRead(.feeds([AccountFixtures.feed])) == 0)
        #expect(try await on.account.markUnread(readAt: time) == 3)
        let items = try await AccountFixtures.articles(in: on.store).compactMap(\.feedItem)
        #expect(try await on.store.readFeedItems(among: items).isEmpty)
    }

    @Test func markAllReadOfAFilterQueuesTheSyncedItems() async throws {
        let items = try await AccountFixtures.syncItems(3, in: on.storage)
        let feeds = [
            AccountFixtures.serviceFeed.url: FilterFeed(
                url: "https://service.example/feed.xml", title: "Synced")
        ]
        let filter = NewsStore.FeedFilter(
            expression: try FilterParser.parse("title = \"Synced 2\""), feeds: feeds, unreadOnly: false)
        #expect(try await on.account.markAllRead(.filtered(filter)) == 1)
        let read = try await on.store.readFeedItems(among: items.compactMap(\.feedItem))
        #expect(read.map(\.item) == ["tag:service,2"])
        #expect(try await on.storage.pendingChanges().map(\.item) == [ItemID(2)])
    }

    @Test func aClosedStoreIsAStoreError() async throws {
        try on.store.close()
        await #expect(throws: StoreError.self) {
            try await on.account.markRead(AccountFixtures.article("x"))
        }
    }
}
