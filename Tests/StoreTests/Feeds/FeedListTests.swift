import Foundation
import NewsModels
import Testing

@testable import Store

/// Feed items as lists of articles: several feeds merged newest first, and the next unread item.
@Suite("Feeds: merged lists and the next unread item")
struct FeedListTests {
    /// Feed a: a-0 (1 h ago), a-1 (3 h), a-2 (5 h); feed b: b-0 (2 h), b-1 (4 h), and b-x undated.
    func store() async throws -> NewsStore {
        let store = try NewsStore.testing()
        let a = [0, 1, 2].map { FeedFixture.item("a-\($0)", hoursAgo: Double($0 * 2 + 1)) }
        var b = [0, 1].map { FeedFixture.item("b-\($0)", hoursAgo: Double($0 * 2 + 2)) }
        var undated = FeedFixture.item("b-x")
        undated.published = nil
        undated.updated = nil
        b.append(undated)
        try await store.recordFeeds([FeedFixture.fetched("a", a), FeedFixture.fetched("b", b)])
        return store
    }

    let both = [FeedFixture.feedURL("a"), FeedFixture.feedURL("b")]

    func ids(_ articles: [Article]) -> [String] {
        articles.compactMap { $0.feedItem?.item.replacingOccurrences(of: "urn:item:", with: "") }
    }

    @Test func feedsMergeNewestFirstWithUndatedItemsLast() async throws {
        let store = try await store()
        let all = try await store.feedArticles(of: both, limit: 10)
        #expect(ids(all) == ["a-0", "b-0", "a-1", "b-1", "a-2", "b-x"])
        #expect(all.first?.links == [URL(string: "https://elsewhere.example.org/a-0")!])
        #expect(all.first?.enclosures.first?.type == "audio/mpeg")
        #expect(all.first?.source.name == "Feed a")
        #expect(ids(try await store.feedArticles(of: both, limit: 2, offset: 2)) == ["a-1", "b-1"])
        #expect(
            ids(try await store.feedArticles(of: [FeedFixture.feedURL("b")], limit: 10)) == [
                "b-0", "b-1", "b-x",
            ])
        #expect(try await store.feedArticles(of: [FeedFixture.feedURL("unknown")], limit: 10).isEmpty)
    }

    @Test func unreadOnlyLeavesTheReadOut() async throws {
        let store = try await store()
        try await store.markFeedItemRead(feed: FeedFixture.feedURL("a"), itemID: "urn:item:a-0")
        try await store.markFeedItemRead(feed: FeedFixture.feedURL("b"), itemID: "urn:item:b-1")
        #expect(
            ids(try await store.feedArticles(of: both, unreadOnly: true, limit: 10)) == [
                "b-0", "a-1", "a-2", "b-x",
            ])
    }

    @Test func theNextUnreadItemFollowsTheListsOrder() async throws {
        let store = try await store()
        func next(after id: String?, in feeds: [URL]) async throws -> String? {
            let reference = id.map { name in
                FeedItemReference(feed: FeedFixture.feedURL(String(name.prefix(1))), item: "urn:item:\(name)")
            }
            return try await store.nextUnreadFeedArticle(in: feeds, after: reference)?.feedItem?.item
                .replacingOccurrences(of: "urn:item:", with: "")
        }
        #expect(try await next(after: nil, in: both) == "a-0")
        #expect(try await next(after: "a-0", in: both) == "b-0")
        try await store.markFeedItemRead(feed: FeedFixture.feedURL("a"), itemID: "urn:item:a-1")
        #expect(try await next(after: "b-0", in: both) == "b-1")
        #expect(try await next(after: "a-2", in: both) == "b-x")
        #expect(try await next(after: "b-x", in: both) == nil)
        #expect(try await next(after: "a-0", in: [FeedFixture.feedURL("a")]) == "a-2")
        #expect(try await next(after: "a-2", in: [FeedFixture.feedURL("a")]) == nil)
        _ = try await store.markFeedsRead(both)
        #expect(try await next(after: nil, in: both) == nil)
    }

    @Test func anUnsubscribedFeedIsNotListed() async throws {
        let store = try await store()
        try await store.removeFeed(FeedFixture.feedURL("a"))
        #expect(ids(try await store.feedArticles(of: both, limit: 10)) == ["b-0", "b-1", "b-x"])
    }

    @Test func aSearchAmongFeedItemsLeavesNewsAPIsArticlesOut() async throws {
        let store = try await store()
        try await store.record(
            Fixture.page([Fixture.article("n1", title: "Item about the harbour", summary: "About a-0 too.")]),
            for: Fixture.business)
        let everything = try await store.search("about", sort: .publishedAt, page: 1, pageSize: 20)
        let feedsOnly = try await store.search(
            "about", sort: .publishedAt, page: 1, pageSize: 20, among: .feedItems)
        #expect(everything.totalResults == feedsOnly.totalResults + 1)
        #expect(feedsOnly.articles.allSatisfy { $0.feedItem != nil })
        let ranked = try await store.search(
            "about", sort: .relevancy, page: 1, pageSize: 20, among: .feedItems)
        #expect(ranked.articles.count == feedsOnly.articles.count)
        #expect(ranked.articles.allSatisfy { $0.feedItem != nil })
        let excluding = try await store.search("-harbour", page: 1, pageSize: 20, among: .feedItems)
        #expect(excluding.totalResults == 6)
        #expect(excluding.articles.allSatisfy { $0.feedItem != nil })
    }
}
