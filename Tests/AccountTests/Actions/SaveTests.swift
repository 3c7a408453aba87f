import Foundation
import NewsModels
import Store
import Sync
import Testing

@testable import Account

/// `save` and `unsave` as the account's actions.
@Suite struct SaveTests {
    let on: MemoryAccount

    init() throws {
        on = try MemoryAccount()
    }

    @Test func savingASyncedItemStarsItAtTheService() async throws {
        let item = try #require(try await AccountFixtures.syncItems(1, in: on.storage).first)
        try await on.account.save(item)
        #expect(try await on.store.savedFeedItems(among: [item.feedItem!]) == [item.feedItem!])
        let queued = try await on.storage.pendingChanges()
        #expect(queued.map(\.kind) == [.starred])
        #expect(queued.map(\.value) == [true])
        try await on.account.unsave(item)
        #expect(try await on.store.savedFeedItems(among: [item.feedItem!]).isEmpty)
        #expect(try await on.storage.pendingChanges().map(\.value) == [false])
    }

    @Test func savingANewsArticleKeepsACopy() async throws {
        let article = AccountFixtures.article("kept")
        try await on.account.save(article)
        #expect(try await on.store.isSaved(article.url))
        #expect(try await on.store.savedArticles().map(\.url) == [article.url])
        try await on.account.unsave(article)
        #expect(try await on.store.isSaved(article.url) == false)
        #expect(try await on.storage.pendingChanges().isEmpty)
    }
}
