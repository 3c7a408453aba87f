import Foundation
import NewsModels
import Store
import Testing

@testable import Account

/// Unsubscribing as the account's action: the feed's items go, the saved ones stay.
@Suite struct UnsubscribeTests {
    @Test func theSavedItemsOutliveTheFeed() async throws {
        let store = try NewsStore.inMemory()
        let account = Account(store: store)
        try await AccountFixtures.recordFeed(items: ["a", "b"], in: store)
        let kept = try #require(try await AccountFixtures.articles(in: store).first { $0.title == "Item a" })
        try await account.save(kept)
        try await account.unsubscribe(from: AccountFixtures.feed)
        #expect(try await AccountFixtures.articles(in: store).isEmpty)
        #expect(try await store.savedArticles().map(\.title) == ["Item a"])
    }
}
