import Foundation
import Modules
import NewsModels
import Store
import TestSupport
import Testing

@testable import Account

/// The sample edition's marks in its store, the feed items' in the live one.
@Suite struct SplitReadingListTests {
    let folder: TemporaryDirectory
    let sample: NewsStore
    let live: NewsStore
    let list: SplitReadingList

    init() throws {
        folder = try TemporaryDirectory()
        sample = try AccountFixtures.openStore("sample.sqlite", in: folder)
        live = try AccountFixtures.openStore(in: folder)
        list = SplitReadingList(
            articles: StoreReadingList(store: sample), feedItems: StoreReadingList(store: live))
    }

    @Test func eachArticleIsMarkedInItsOwnStore() async throws {
        try await AccountFixtures.recordFeed(items: ["a", "b"], in: live)
        let item = try #require(try await AccountFixtures.articles(in: live).first)
        let article = AccountFixtures.article("sample")
        await list.markRead(item)
        await list.markRead(article)
        #expect(await list.readArticles(among: [item, article]) == [item.id, article.id])
        #expect(try await live.readURLs(among: [article.url]).isEmpty)
        #expect(try await sample.readURLs(among: [article.url]) == [article.url])

        try await list.save(item)
        try await list.save(article)
        #expect(await list.isSaved(item))
        #expect(await list.isSaved(article))
        #expect(try await list.savedArticles().map(\.id) == [article.id, item.id])
        #expect(try await sample.savedArticles().map(\.url) == [article.url])
        try await list.unsave(item)
        try await list.unsave(article)
        #expect(try await list.savedArticles().isEmpty)
    }

    @Test func withoutTheSampleStoreOnlyFeedItemsAreKept() async throws {
        let list = SplitReadingList(articles: nil, feedItems: StoreReadingList(store: live))
        let article = AccountFixtures.article("sample")
        await list.markRead(article)
        #expect(await list.readArticles(among: [article]).isEmpty)
        #expect(await list.isSaved(article) == false)
        try await AccountFixtures.recordFeed(items: ["a"], in: live)
        let item = try #require(try await AccountFixtures.articles(in: live).first)
        try await list.save(item)
        #expect(try await list.savedArticles().map(\.id) == [item.id])
    }
}
