import FilterLanguage
import Foundation
import NewsModels
import Store
import Sync
import Testing

@testable import Account

/// The sync engine's storage over a real store: what the engine writes is read back, and the
/// queue of mark changes goes from pending to sent to acknowledged.
@Suite struct StoreSyncStorageTests {
    let store: NewsStore
    let storage: StoreSyncStorage

    init() throws {
        store = try NewsStore.inMemory()
        storage = StoreSyncStorage(store: store)
    }

    @Test func aPullInProgressAndItsEndAreKept() async throws {
        #expect(try await storage.state() == SyncState())
        let progress = PullProgress(stage: .unread, continuation: "c1", mark: 42, since: 7)
        _ = try await storage.write([], progress: progress)
        var state = try await storage.state()
        #expect(state.pull == progress)
        _ = try await storage.write([], progress: PullProgress(stage: .done, mark: 99))
        state = try await storage.state()
        #expect(state.pull == nil)
        #expect(state.since == 99)
        let end = Date(timeIntervalSince1970: 1_800_000_000)
        try await storage.finish(at: end, error: "the service did not answer")
        state = try await storage.state()
        #expect(state.lastAttempt == end)
        #expect(state.lastError == "the service did not answer")
        #expect(state.lastSync == nil)
        try await storage.finish(at: end.addingTimeInterval(60), error: nil)
        state = try await storage.state()
        #expect(state.lastSync == end.addingTimeInterval(60))
        #expect(state.lastError == nil)
        #expect(StoreSyncStorage.date("not a number") == nil)
    }

    @Test func itemsAndTheirMarksFromTheService() async throws {
        let articles = try await AccountFixtures.syncItems(3, in: storage)
        #expect(articles.count == 3)
        #expect(try await storage.missing(among: [ItemID(2), ItemID(9)]) == [ItemID(9)])
        // The service says 1 is unread (the list is complete, so 2 and 3 are read) and 3 starred.
        _ = try await storage.applyMarks(
            unread: MarkList(ids: [ItemID(1)], isComplete: true),
            starred: MarkList(ids: [ItemID(3)], isComplete: true))
        #expect(try await storage.markCounts() == MarkCounts(unread: 1, starred: 1))
        #expect(try await storage.savedItems(notAmong: []) == [ItemID(3)])
        #expect(try await storage.savedItems(notAmong: [ItemID(3)]).isEmpty)
        // The service forgets its feed: the starred item stays saved here.
        let removed = try await storage.applySubscriptions([])
        #expect(removed.removed == 1)
        #expect(try await store.savedArticles().map(\.title) == ["Synced 3"])
    }

    @Test func aChangeGoesFromPendingToAcknowledged() async throws {
        let articles = try await AccountFixtures.syncItems(2, in: storage)
        let account = Account(store: store)
        for article in articles { try await account.markRead(article) }
        let pending = try await storage.pendingChanges()
        #expect(Set(pending.map(\.item)) == [ItemID(1), ItemID(2)])
        #expect(pending.allSatisfy { !$0.mayHaveBeenSent })
        try await storage.markSent(pending)
        #expect(try await storage.pendingChanges().allSatisfy(\.mayHaveBeenSent))
        try await storage.release([try #require(pending.first)])
        try await storage.acknowledge(pending)
        #expect(try await storage.pendingChanges().isEmpty)
    }

    @Test func theKillfileHidesTheNewItemsItNames() async throws {
        let hiding = NewsStore.Hiding(
            rules: [
                NewsStore.HidingRule(
                    feed: nil, expression: try FilterParser.parse("title = \"Synced 2\""), onlySynced: true)
            ],
            feeds: [
                AccountFixtures.serviceFeed.url: FilterFeed(
                    url: AccountFixtures.serviceFeed.url.absoluteString, title: "Synced")
            ])
        let storage = StoreSyncStorage(store: store, killfile: { hiding })
        let shown = try await AccountFixtures.syncItems(3, in: storage)
        #expect(shown.map(\.title).sorted() == ["Synced 1", "Synced 3"])
    }

    @Test func aStoreFailureIsTheSyncsError() async throws {
        try store.close()
        await #expect(throws: SyncStorageError.self) { try await storage.state() }
        await #expect(throws: SyncStorageError.self) { try await storage.pendingChanges() }
    }
}
