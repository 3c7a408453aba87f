import FilterLanguage
import Foundation
import NewsModels
import SQLite
import Synchronization
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

    /// A store on disk (a pool of connections) in `directory` with `feeds` feeds `f0`, `f1`, …,
    /// feed `n` holding `items(n)` items, those whose title matches `read` marked read.
    func storeOnDisk(
        _ directory: TemporaryDirectory, feeds count: Int, items: (Int) -> Int, read: String
    ) async throws -> (NewsStore, [URL: FilterFeed]) {
        let store = try NewsStore.openClean(directory.storeURL)
        let names = (0..<count).map { "f\($0)" }
        try await store.recordFeeds(
            names.enumerated().map { index, name in
                FeedFixture.fetched(name, FeedFixture.items(name, count: items(index)))
            })
        var feeds: [URL: FilterFeed] = [:]
        for name in names {
            feeds[FeedFixture.feedURL(name)] = FilterFeed(
                url: FeedFixture.feedURL(name).absoluteString, title: "Feed \(name)")
        }
        _ = try await store.markFilteredFeedItemsRead(
            NewsStore.FeedFilter(expression: try FilterParser.parse("title =~ \"\(read)\""), feeds: feeds))
        return (store, feeds)
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

    /// A query feed's page and counts in one call (one pass over the index of each feed's items
    /// when the filter reads only what it holds, on one connection or split in parts) are the
    /// page walked in the list's order and the counts asked apart: for filters the index holds
    /// and filters it does not, every page, with items that share a date, undated items, read
    /// marks and hidden items.
    @Test func aPageWithItsCountsIsThePageAndTheCountsAskedApart() async throws {
        let store = try await store()
        let undated = (0..<3).map {
            FeedItem(id: "urn:item:c-\($0)", title: "Item c-\($0)", author: $0 == 1 ? nil : "Ann")
        }
        try await store.recordFeeds([FeedFixture.fetched("c", undated)])
        var feeds = feeds
        feeds[FeedFixture.feedURL("c")] = FilterFeed(
            url: FeedFixture.feedURL("c").absoluteString, title: "Feed c", tags: ["linux"])
        _ = try await store.markFilteredFeedItemsRead(
            NewsStore.FeedFilter(expression: try FilterParser.parse(#"title =~ "-[13]$""#), feeds: feeds))
        try await store.applyHidingRules(
            [NewsStore.HidingRule(feed: nil, expression: try FilterParser.parse(#"title = "Item a-4""#))],
            feeds: feeds, fingerprint: "test")
        for text in [
            #"title =~ "-[0-4]$""#, #"author =~ "^a""#, #"author = """#, #"unread = "no" or title =~ "b-""#,
            #"age < 100000 and title !~ "c-0""#, #"flags # "s" or title =~ "a""#, #"content =~ "body""#,
            #"link =~ "a-""#, #"tags # "linux""#, #"unread = "yes""#, #"title =~ "none of them""#,
        ] {
            for unreadOnly in [false, true] {
                let filter = NewsStore.FeedFilter(
                    expression: try FilterParser.parse(text), feeds: feeds, unreadOnly: unreadOnly)
                let counts = try await store.filteredFeedCounts(filter)
                var pages = 0
                for (limit, offset) in [(20, 0), (4, 0), (4, 4), (4, 8), (4, 12), (0, 0)] {
                    let walked = try await store.filteredFeedArticles(filter, limit: limit, offset: offset)
                    for parts in [nil, 1, 2, 3] {
                        let page = try await store.filteredFeedPage(
                            filter, limit: limit, offset: offset, parts: parts)
                        #expect(
                            ids(page.articles) == ids(walked),
                            "\(text), \(limit) from \(offset) in \(parts ?? 0) parts")
                        #expect(page.items == counts.items && page.unread == counts.unread, "\(text)")
                    }
                    if !walked.isEmpty { pages += 1 }
                }
                #expect(pages > 0 || counts.items == 0, "\(text)")
            }
        }
        let all = NewsStore.FeedFilter(expression: try FilterParser.parse(#"title =~ "item""#), feeds: feeds)
        let page = try await store.filteredFeedPage(all, limit: 20)
        #expect(page.items == 14 && page.unread == 9)
        #expect(ids(page.articles).suffix(3) == ["c-2", "c-1", "c-0"])
    }

    /// A pass split by feeds over the connections of a store on disk, which run side by side:
    /// the same page and counts as on one connection, for every number of parts and pages that
    /// end inside a part and across parts.
    @Test func aPassSplitOverSeveralConnectionsIsThePassOnOne() async throws {
        let directory = try TemporaryDirectory()
        let (store, feeds) = try await storeOnDisk(directory, feeds: 7, items: { 3 + $0 * 4 }, read: "[27]$")
        defer { try? store.close() }
        for text in [#"title =~ "-1""#, #"title !~ "f3-""#, #"author =~ "^a\.""#, #"title =~ "none""#] {
            let filter = NewsStore.FeedFilter(expression: try FilterParser.parse(text), feeds: feeds)
            for (limit, offset) in [(20, 0), (5, 0), (5, 17), (30, 40)] {
                let one = try await store.filteredFeedPage(filter, limit: limit, offset: offset, parts: 1)
                for parts in 2...5 {
                    let split = try await store.filteredFeedPage(
                        filter, limit: limit, offset: offset, parts: parts)
                    #expect(split == one, "\(text), \(limit) from \(offset) in \(parts) parts")
                }
            }
        }
        let all = try await store.filteredFeedPage(
            NewsStore.FeedFilter(expression: try FilterParser.parse(#"title =~ "item""#), feeds: feeds),
            limit: 0, offset: 0, parts: 3)
        #expect(all.items == 105 && all.unread == 105 - 21)
    }

    /// `newsapp feeds show` of a query feed: a filter on what the feed index holds takes the pass,
    /// any other walks the rows; both list the same items in the same order, with their marks,
    /// whole or cut to a limit.
    @Test func storedItemsByThePassAreThoseWalked() async throws {
        let directory = try TemporaryDirectory()
        let (store, feeds) = try await storeOnDisk(directory, feeds: 5, items: { 2 + $0 * 3 }, read: "-[13]$")
        defer { try? store.close() }
        let walkedToo = #" and content !~ "never such a body""#
        for text in [#"title =~ "-1""#, #"unread = "yes" and title !~ "f2""#, #"title =~ "none""#] {
            let byPass = NewsStore.FeedFilter(expression: try FilterParser.parse(text), feeds: feeds)
            let walked = NewsStore.FeedFilter(
                expression: try FilterParser.parse("(\(text))" + walkedToo), feeds: feeds)
            #expect(FilterSQL.readsOnlyTheFeedIndex(byPass.expression))
            #expect(!FilterSQL.readsOnlyTheFeedIndex(walked.expression))
            for limit in [nil, 0, 3] {
                let passed = try await store.filteredStoredFeedItems(byPass, limit: limit)
                let read = try await store.filteredStoredFeedItems(walked, limit: limit)
                #expect(passed == read, "\(text), limit \(limit ?? -1)")
                if limit == nil, text.hasPrefix("title =~ \"-1") { #expect(passed.count == 10) }
            }
        }
    }

    /// Each part of a split pass is a read of its own: a write that lands between the parts and
    /// the read of the page's rows is not mixed into the page. The pass sees the store's
    /// fingerprint change and runs again, and answers for the store after the write.
    @Test func aWriteBetweenThePartsOfAPassIsNotMixedIn() async throws {
        let directory = try TemporaryDirectory()
        let store = try NewsStore.openClean(directory.storeURL)
        defer { try? store.close() }
        try await store.recordFeeds([
            FeedFixture.fetched("a", FeedFixture.items("a", count: 6)),
            FeedFixture.fetched("b", FeedFixture.items("b", count: 6)),
        ])
        let chosen = try filter(#"title =~ "item""#)
        let markWrite = WriteOnce()
        let read = try await store.filteredFeedPage(
            chosen, limit: 3, offset: 0, parts: 2,
            afterScans: { () async throws(StoreError) in
                guard markWrite.first() else { return }
                try await store.markFeedItemRead(feed: FeedFixture.feedURL("b"), itemID: "urn:item:b-0")
            })
        #expect(read.items == 12 && read.unread == 11)
        let recordWrite = WriteOnce()
        let recorded = try await store.filteredFeedPage(
            chosen, limit: 3, offset: 0, parts: 2,
            afterScans: { () async throws(StoreError) in
                guard recordWrite.first() else { return }
                try await store.recordFeeds([
                    FeedFixture.fetched(
                        "a", [FeedFixture.item("a-new", hoursAgo: 0.5)] + FeedFixture.items("a", count: 6))
                ])
            })
        #expect(recorded.items == 13 && recorded.unread == 12)
        #expect(ids(recorded.articles) == ["a-new", "b-0", "a-0"])
        // Each pass ran twice: once around the write, once after it.
        #expect(markWrite.count == 2 && recordWrite.count == 2)
    }

    /// A split pass cuts its feeds into runs, in order, of about as many items each.
    @Test func aConditionSplitsIntoRunsOfFeedsOfAboutAsManyItems() {
        let ids: [Int64] = Array(1...10)
        let counts: [Int64: Int] = Dictionary(uniqueKeysWithValues: ids.map { ($0, $0 == 10 ? 45 : 5) })
        let condition = NewsStore.Condition(
            feedIDs: ids, rest: "", arguments: [], feeds: [:], itemCounts: counts, index: "",
            readsOnlyTheFeedIndex: true)
        let halves = condition.split(into: 2)
        #expect(halves.map(\.feedIDs) == [Array(1...9), [10]])
        #expect(halves.map(\.itemCount) == [45, 45])
        let thirds = condition.split(into: 3)
        #expect(thirds.flatMap(\.feedIDs) == ids)
        #expect(thirds.count == 3)
        #expect(condition.split(into: 1).map(\.feedIDs) == [ids])
        let one = NewsStore.Condition(
            feedIDs: [4], rest: "", arguments: [], feeds: [:], itemCounts: [4: 100], index: "",
            readsOnlyTheFeedIndex: true)
        #expect(one.split(into: 4).map(\.feedIDs) == [[4]])
        #expect(thirds.allSatisfy { $0.sql.hasPrefix("a.feedID ") })
    }

    /// What makes a query feed fast is SQLite's plan: a filter on what the index of each feed's
    /// items holds is answered from that index alone, feed by feed, never from the rows. (`age`
    /// reads an undated item's row for the date it was first stored: SQLite then names the index
    /// without "covering", and reads a row only for such an item.)
    @Test func aPassOverWhatTheFeedIndexHoldsReadsOnlyThatIndex() async throws {
        let store = try await store()
        for (text, covered) in [
            (#"title =~ "river" and unread = "yes""#, true), (#"(author = "Staff" or author =~ "^A")"#, true),
            (#"tags # "linux" and title !~ "x""#, true), (#"flags # "s" or title = "x""#, true),
            (#"content =~ "river""#, false), (#"link =~ "a-""#, false),
        ] {
            let chosen = try filter(text)
            #expect(FilterSQL.readsOnlyTheFeedIndex(chosen.expression) == covered, "\(text)")
            let plan = try await store.read { db in
                let condition = try #require(try NewsStore.condition(chosen, now: 0, in: db))
                return try Row.fetchAll(
                    db,
                    sql: "EXPLAIN QUERY PLAN SELECT a.id, a.publishedAt, a.readAt IS NULL \(condition.pass)",
                    arguments: condition.arguments
                ).map { $0["detail"] as String }.joined(separator: "; ")
            }
            #expect(plan.contains("COVERING INDEX article_feedNewest") == covered, "\(text): \(plan)")
        }
        let aged = try filter(#"tags # "news" and age < 2 and title !~ "x""#)
        #expect(FilterSQL.readsOnlyTheFeedIndex(aged.expression))
        let plan = try await store.read { db in
            let condition = try #require(try NewsStore.condition(aged, now: 0, in: db))
            return try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN SELECT a.id \(condition.pass)", arguments: condition.arguments
            ).map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("USING INDEX article_feedNewest"), "\(plan)")
    }

    @Test func aRegularExpressionPastItsDeadlineIsASentence() async throws {
        let store = try await store()
        // No time at all: the first row stops the query.
        var compiled = FilterSQL(
            try FilterParser.parse(#"title =~ "x.*y""#), feeds: [:], now: 0, budget: 0)
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

/// Says yes the first time it is asked, and counts the times.
final class WriteOnce: Sendable {
    private let state = Mutex((asked: 0, said: false))

    func first() -> Bool {
        state.withLock { state in
            state.asked += 1
            defer { state.said = true }
            return !state.said
        }
    }

    var count: Int { state.withLock { $0.asked } }
}
