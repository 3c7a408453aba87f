import FilterLanguage
import Foundation
import NewsModels
import Testing

@testable import Store

/// Filtered reads of feed items: pages in the list's order, counts, marking read, the next unread
/// item, and a regular expression that runs too long.
@Suite("Feeds: items chosen by a filter")
struct FilterStoreTests {
    let feeds = [
        FeedFixture.feedURL("a"): FilterFeed(
            url: FeedFixture.feedURL("a").absoluteString, title: "Feed a", tags: ["linux"]),
        FeedFixture.feedURL("b"): FilterFeed(
            url: FeedFixture.feedURL("b").absoluteString, title: "Feed b", tags: ["news"]),
    ]

    func store() async throws -> NewsStore {
        let store = try NewsStore.testing()
        try await store.recordFeeds([
            FeedFixture.fetched("a", FeedFixture.items("a", count: 6)),
            FeedFixture.fetched("b", FeedFixture.items("b", count: 6)),
        ])
        return store
    }

    func filter(_ text: String, unreadOnly: Bool = false) throws -> NewsStore.FeedFilter {
        NewsStore.FeedFilter(expression: try FilterParser.parse(text), feeds: feeds, unreadOnly: unreadOnly)
    }

    func ids(_ articles: [Article]) -> [String] {
        articles.compactMap { $0.feedItem?.item.replacingOccurrences(of: "urn:item:", with: "") }
    }

    /// Items a-n and b-n share a date; the one stored later (b-n) comes first.
    @Test func pagesFollowTheListsOrder() async throws {
        let store = try await store()
        let linux = try filter(#"tags # "linux" or title =~ "b-[02]$""#)
        #expect(ids(try await store.filteredFeedArticles(linux, limit: 3)) == ["b-0", "a-0", "a-1"])
        #expect(
            ids(try await store.filteredFeedArticles(linux, limit: 3, offset: 3)) == ["b-2", "a-2", "a-3"])
        let counts = try await store.filteredFeedCounts(linux)
        #expect(counts.items == 8 && counts.unread == 8)
    }

    @Test func markingReadMarksTheChosenItemsInTheirFeeds() async throws {
        let store = try await store()
        let chosen = try filter(#"title =~ "-[01]$""#)
        #expect(try await store.markFilteredFeedItemsRead(chosen) == 4)
        #expect(try await store.markFilteredFeedItemsRead(chosen) == 0)
        let summaries = try await store.feedSummaries(for: Array(feeds.keys))
        #expect(summaries.map(\.unreadCount) == [4, 4])
        #expect(
            ids(try await store.filteredFeedArticles(try filter(#"unread = "no""#), limit: 10)) == [
                "b-0", "a-0", "b-1", "a-1",
            ])
        let next = try await store.nextUnreadFilteredFeedArticle(try filter(#"tags # "news""#), after: nil)
        #expect(next?.feedItem?.item == "urn:item:b-2")
        let after = try await store.nextUnreadFilteredFeedArticle(
            try filter(#"tags # "news""#), after: next?.feedItem)
        #expect(after?.feedItem?.item == "urn:item:b-3")
    }

    /// A filter of feeds and read marks only is counted from the feeds' counters; the same filter
    /// with a condition on items that every item meets is counted item by item: both agree, after
    /// marks and with hidden items.
    @Test func countsFromTheFeedsCountersAgreeWithCountingTheItems() async throws {
        let store = try await store()
        _ = try await store.markFilteredFeedItemsRead(try filter(#"title =~ "-[013]$""#))
        try await store.applyHidingRules(
            [
                NewsStore.HidingRule(
                    feed: FeedFixture.feedURL("b"), expression: try FilterParser.parse(#"title =~ "b-[45]$""#)
                )
            ],
            feeds: feeds, fingerprint: "test")
        let everyItem = #" and title !~ "never such a title""#
        for text in [
            #"unread = "yes""#, #"unread = "no""#, #"unread != "yes""#, #"tags # "linux" and unread = "yes""#,
            #"tags # "news" or unread = "no""#, #"feedtitle = "Feed b" and (unread = "yes" or tags # "x")"#,
            #"unread_count > 3"#, #"total_count < 6 and unread = "yes""#,
        ] {
            for unreadOnly in [false, true] {
                let fast = try await store.filteredFeedCounts(try filter(text, unreadOnly: unreadOnly))
                let slow = try await store.filteredFeedCounts(
                    try filter("(\(text))" + everyItem, unreadOnly: unreadOnly))
                #expect(fast == slow, "\(text), unread only \(unreadOnly)")
            }
        }
        let unread = try await store.filteredFeedCounts(try filter(#"unread = "yes""#))
        #expect(unread.items == 4 && unread.unread == 4)
    }

    @Test func aRegularExpressionPastItsDeadlineIsASentence() async throws {
        let store = try await store()
        // A deadline already passed: the first row stops the query.
        var compiled = FilterSQL(
            try FilterParser.parse(#"title =~ "x.*y""#), feeds: [:], now: 0, deadline: 0)
        compiled.sql = "SELECT count(*) FROM article a WHERE " + compiled.sql
        let sql = compiled
        await #expect(throws: StoreError.self) {
            try await store.read { try Int.fetchOne($0, sql: sql.sql, arguments: sql.arguments) }
        }
        #expect(StoreError.filterTimedOut(seconds: 5).sentence.contains("took more than 5 seconds"))
    }

    @Test func feedsNotStoredChooseNothing() async throws {
        let store = try NewsStore.testing()
        #expect(try await store.filteredFeedArticles(try filter(#"title =~ "x""#), limit: 5).isEmpty)
        #expect(try await store.filteredFeedCounts(try filter(#"title =~ "x""#)) == (0, 0))
    }
}
