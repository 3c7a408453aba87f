import Foundation
import NewsModels
import SQLite
import Testing

@testable import Store

@Suite("Feeds: read and saved marks, lists, search and NewsAPI side by side")
struct FeedMarksTests {
    @Test func readMarksCountsAndUnreadLists() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let a = FeedFixture.feedURL("a")
        let b = FeedFixture.feedURL("b")
        let items = FeedFixture.items("a", count: 4)
        try await store.recordFeeds([
            FeedFixture.fetched("a", items), FeedFixture.fetched("b", FeedFixture.items("b", count: 3)),
        ])
        try await store.markFeedItemRead(feed: a, itemID: items[1].id)
        try await store.markFeedItemRead(feed: a, itemID: items[2].id)
        try await store.markFeedItemRead(feed: a, itemID: items[2].id, read: false)
        try await store.markFeedItemRead(feed: a, itemID: "no such item")

        #expect(try await store.items(of: "a").map(\.read) == [false, true, false, false])
        #expect(
            try await store.items(of: "a", unreadOnly: true).map(\.item.id)
                == [items[0], items[2], items[3]].map(\.id))
        #expect(
            try await store.feedItems(of: a, limit: 2, offset: 1).map(\.item.id)
                == [items[1], items[2]].map(\.id))
        let summaries = try await store.feedSummaries(for: [b, a, FeedFixture.feedURL("unknown")])
        #expect(summaries.map(\.url) == [b, a])
        #expect(summaries.map(\.itemCount) == [3, 4])
        #expect(summaries.map(\.unreadCount) == [3, 3])
        #expect(summaries[1].siteURL == nil && summaries[1].title == "The Feed")
        #expect(try await store.feedSummaries(for: nil).map(\.url) == [a, b])

        #expect(try await store.markFeedsRead([a, b, FeedFixture.feedURL("unknown")]) == 6)
        #expect(try await store.markFeedsRead([a]) == 0)
        #expect(try await store.feedSummaries(for: nil).map(\.unreadCount) == [0, 0])
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func anItemIsReadByItsFeedAndIdNotByItsAddress() async throws {
        let store = try NewsStore.testing()
        let items = FeedFixture.items("a", count: 3)
        try await store.recordFeeds([FeedFixture.fetched("a", items)])
        // An address read elsewhere (a NewsAPI article at the same link) does not read the item.
        try await store.markRead(items[0].link!)
        #expect(try await store.items(of: "a").map(\.read) == [false, false, false])
        try await store.markFeedItemRead(feed: FeedFixture.feedURL("a"), itemID: items[2].id)
        let references = items.map { FeedItemReference(feed: FeedFixture.feedURL("a"), item: $0.id) }
        #expect(try await store.readFeedItems(among: references) == [references[2]])
        let links = items.compactMap(\.link)
        #expect(try await store.readURLs(among: links + [Fixture.url("other")]) == [links[0]])
        #expect(try await store.feedSummaries(for: nil).map(\.unreadCount) == [2])
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func theIntegrityCheckReportsAFeedWhoseCountsAreWrong() async throws {
        let store = try NewsStore.testing()
        try await store.recordFeeds([FeedFixture.fetched("a", FeedFixture.items("a", count: 3))])
        #expect(try await store.checkIntegrity() == [])
        try await store.writer.write { try $0.execute(sql: "UPDATE feed SET unreadCount = 2") }
        let problems = try await store.checkIntegrity()
        #expect(problems == ["feeds: 1 hold other item or unread counts than their items"])
    }

    @Test func savingAFeedItemKeepsItAsASavedArticle() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let items = FeedFixture.items("a", count: 3)
        try await store.recordFeeds([FeedFixture.fetched("a", items, sourceName: "Orbit Blog")])
        try await store.markFeedItemSaved(feed: FeedFixture.feedURL("a"), itemID: items[0].id)
        clock.advance(by: 10)
        // As search shows it: the item, with its feed and id, saved as an item (no second copy).
        let found = try #require(try await store.search("\"Item a-2\"").articles.first)
        let reference = try #require(found.feedItem)
        #expect(reference == FeedItemReference(feed: FeedFixture.feedURL("a"), item: items[2].id))
        try await store.markFeedItemSaved(feed: reference.feed, itemID: reference.item)
        #expect(try await store.articleRowCount() == 3)
        #expect(try await store.items(of: "a").map(\.saved) == [true, false, true])
        let saved = try await store.savedArticles()
        #expect(saved.map(\.url) == [items[2].link!, items[0].link!])
        #expect(saved.map(\.feedItem?.item) == [items[2].id, items[0].id])
        #expect(saved.allSatisfy { $0.source.name == "Orbit Blog" })
        #expect(try await store.savedFeedItems(among: [reference]) == [reference])
        // The address alone is a NewsAPI article's, which is not saved.
        #expect(try await store.isSaved(items[2].link!) == false)

        try await store.markFeedItemSaved(feed: reference.feed, itemID: reference.item, saved: false)
        try await store.markFeedItemSaved(feed: FeedFixture.feedURL("a"), itemID: items[0].id, saved: false)
        #expect(try await store.savedArticles().isEmpty)
        #expect(try await store.items(of: "a").map(\.saved) == [false, false, false])
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func oneSearchFindsFeedItemsAndNewsAPIArticles() async throws {
        let store = try NewsStore.testing()
        try await store.record(
            Fixture.page([
                Fixture.article("wire", title: "Rover lands on Mars", hoursAgo: 2),
                Fixture.article("other", title: "Council budget", hoursAgo: 1),
            ]), for: Fixture.science)
        try await store.recordFeeds([
            FeedFixture.fetched(
                "blog",
                [
                    FeedFixture.item("post", title: "Why the rover matters", hoursAgo: 1),
                    FeedFixture.item("quiet", title: "Garden notes", hoursAgo: 3),
                ], sourceName: "Red Planet Blog")
        ])
        let newest = try await store.search("rover", sort: .publishedAt)
        #expect(newest.totalResults == 2)
        #expect(newest.urls == [URL(string: "https://site.example.net/posts/post")!, Fixture.url("wire")])
        #expect(newest.articles[0].source.name == "Red Planet Blog")
        #expect(newest.articles[0].title == "Why the rover matters")
        #expect(newest.articles[0].summary == "About post.")
        // The display name is searched like an outlet's.
        #expect(try await store.search("planet blog").totalResults == 2)
        #expect(try await store.search("rover", sort: .relevancy).totalResults == 2)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func newsAPIListsEvictionAndOfflineHeadlinesLeaveFeedItemsAlone() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let articles = Fixture.articles("n", count: 3)
        try await store.record(Fixture.page(articles), for: Fixture.science)
        try await store.recordFeeds([FeedFixture.fetched("a", FeedFixture.items("a", count: 4))])

        #expect(
            try await store.storedPage(for: Fixture.science, page: 1, pageSize: 20)?.urls
                == articles.map(\.url))
        let offline = try await store.newestArticles(category: nil, page: 1, pageSize: 20)
        #expect(offline.urls == articles.map(\.url))
        #expect(offline.totalResults == 3)

        clock.advance(by: 30 * 86_400)
        #expect(try await store.evict(olderThan: clock.date) == 3)
        #expect(try await store.evict(olderThan: clock.date, limit: 10) == 0)
        #expect(try await store.items(of: "a").count == 4)
        #expect(try await store.stats().articleCount == 4)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func clearingTheCacheKeepsSubscriptionsAndWhatTheRefreshCannotBringBack() async throws {
        let store = try NewsStore.testing()
        let url = FeedFixture.feedURL("a")
        let items = FeedFixture.items("a", count: 4)
        try await store.record(Fixture.page(Fixture.articles("n", count: 2)), for: Fixture.science)
        try await store.recordFeeds([FeedFixture.fetched("a", items)])
        try await store.markFeedItemRead(feed: url, itemID: items[0].id)
        try await store.markFeedItemSaved(feed: url, itemID: items[1].id)

        let cleared = try await store.clear(includingSaved: false)
        #expect(cleared.articles == 4)  // Two NewsAPI articles, two unread feed items.
        #expect(cleared.keptSaved == 1)
        #expect(try await store.itemIDs(of: "a") == [items[0].id, items[1].id])
        // Its validators are gone, so the next refresh brings the unread items back whole.
        let state = try #require(try await store.feedStates(for: [url])[url])
        #expect(state.validators.isEmpty)
        let counts = try await store.recordFeeds([
            FeedFixture.fetched("a", items, at: Fixture.epoch.addingTimeInterval(60))
        ])
        #expect(counts[url] == FeedWriteCounts(new: 2, updated: 0))
        #expect(try await store.items(of: "a").map(\.read) == [true, false, false, false])
        #expect(try await store.checkIntegrity() == [])
    }
}
