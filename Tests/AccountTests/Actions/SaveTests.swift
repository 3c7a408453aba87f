import Foundation
import NewsModels
import Store
import Sync
import Testing

@testable import Account

/// `save` and `unsave` as the account's actions.
@Suite struct SaveTests {
    let store: NewsStore
    let account: Account
    let storage: StoreSyncStorage

    init() throws {
        store = try NewsStore.inMemory()
        account = Account(store: store)
        storage = StoreSyncStorage(store: store)
    }

    @Test func savingASyncedItemStarsItAtTheService() async throws {
        let item = try #require(try await AccountFixtures.syncItems(1, in: storage).first)
        try await account.save(item)
        #expect(try await store.savedFeedItems(among: [item.feedItem!]) == [item.feedItem!])
        let queued = try await storage.pendingChanges()
        #expect(queued.map(\.kind) == [.starred])
        #expect(queued.map(\.value) == [true])
        try await account.unsave(item)
        #expect(try await store.savedFeedItems(among: [item.feedItem!]).isEmpty)
        #expect(try await storage.pendingChanges().map(\.value) == [false])
    }

    @Test func savingANewsArticleKeepsACopy() async throws {
        let article = AccountFixtures.article("kept")
        try await account.save(article)
        #expect(try await store.isSaved(article.url))
        #expect(try await store.savedArticles().map(\.url) == [article.url])
        try await account.unsave(article)
        #expect(try await store.isSaved(article.url) == false)
        #expect(try await storage.pendingChanges().isEmpty)
    }
}
