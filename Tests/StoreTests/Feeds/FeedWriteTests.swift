import Foundation
import NewsModels
import SQLite
import Testing

@testable import Store

@Suite("Feeds: writing documents, answers and redirects")
struct FeedWriteTests {
    @Test func aWrittenItemComesBackExactlyAsItWasGiven() async throws {
        let store = try NewsStore.testing()
        var full = FeedFixture.item("full")
        full.title = "Quotes \" and \\ backslashes, a tab\tand é, 🚀"
        full.links = [
            URL(string: "https://elsewhere.example.org/a?q=1&r=\"2\"")!,
            URL(string: "https://b.example.org/")!,
        ]
        full.enclosures = [
            Enclosure(
                url: URL(string: "https://cdn.example.net/a.mp3")!, type: "audio/mpeg", length: 9_000_000_000),
            Enclosure(url: URL(string: "https://cdn.example.net/b.ogg")!),
            // Every character JSON must escape, in a value the feed chose.
            Enclosure(
                url: URL(string: "https://cdn.example.net/c")!, type: "a\"b\\c\nd\re\tf\u{1}g\u{1F}h/é"),
        ]
        var bare = FeedItem(id: "bare", title: "Only a title")
        bare.updated = Fixture.epoch.addingTimeInterval(-7200)  // Updated, never published.
        var same = FeedFixture.item("same", hoursAgo: 3)
        same.updated = same.published  // Published and updated at once.
        var undated = FeedFixture.item("undated")
        undated.published = nil
        undated.updated = nil
        let counts = try await store.recordFeeds([FeedFixture.fetched("a", [full, bare, same, undated])])
        #expect(counts == [FeedFixture.feedURL("a"): FeedWriteCounts(new: 4, updated: 0)])

        let stored = try await store.items(of: "a")
        // Newest first by published, else updated; undated last.
        #expect(stored.map(\.item) == [full, bare, same, undated])
        #expect(stored.allSatisfy { !$0.read && !$0.saved })
        #expect(stored.allSatisfy { $0.feedURL == FeedFixture.feedURL("a") && $0.sourceName == "Feed a" })
        #expect(stored.allSatisfy { $0.firstSeenAt == Fixture.epoch })
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func theFeedsStateFollowsEachAnswer() async throws {
        let store = try NewsStore.testing()
        let url = FeedFixture.feedURL("a")
        try await store.recordFeeds([
            FeedFixture.fetched("a", FeedFixture.items("a", count: 3), etag: "\"one\"")
        ])
        var state = try #require(try await store.feedStates(for: [url, FeedFixture.feedURL("unknown")])[url])
        #expect(
            state.validators == FeedValidators(etag: "\"one\"", lastModified: "Fri, 15 Jan 2027 08:00:00 GMT")
        )
        #expect(state.lastAttemptAt == Fixture.epoch && state.lastSuccessAt == Fixture.epoch)
        #expect(state.lastFetchedAt == Fixture.epoch && state.lastError == nil && state.retryAfter == nil)
        #expect(try await store.feedStates(for: [FeedFixture.feedURL("unknown")]).isEmpty)

        // 304: only times move, and the validators it sent.
        let later = Fixture.epoch.addingTimeInterval(600)
        #expect(
            try await store.recordFeeds([FeedFixture.notModified("a", at: later, etag: "\"two\"")])[url]
                == FeedWriteCounts())
        state = try #require(try await store.feedStates(for: [url])[url])
        #expect(
            state.validators == FeedValidators(etag: "\"two\"", lastModified: "Fri, 15 Jan 2027 08:00:00 GMT")
        )
        #expect(state.lastSuccessAt == later && state.lastFetchedAt == Fixture.epoch)
        #expect(try await store.items(of: "a").count == 3)

        // A failure keeps the items and says why, and when to ask again.
        let failedAt = later.addingTimeInterval(600)
        let retry = failedAt.addingTimeInterval(3600)
        try await store.recordFeeds([
            FeedFixture.failed("a", at: failedAt, reason: "HTTP 503", retryAfter: retry)
        ])
        state = try #require(try await store.feedStates(for: [url])[url])
        #expect(state.lastAttemptAt == failedAt && state.lastSuccessAt == later)
        #expect(state.lastError == "HTTP 503" && state.retryAfter == retry)
        #expect(state.validators.etag == "\"two\"")
        #expect(try await store.items(of: "a").count == 3)
        let summary = try #require(try await store.feedSummaries(for: [url]).first)
        #expect(summary.lastError == "HTTP 503" && summary.itemCount == 3 && summary.title == "The Feed")

        // The next success clears the error.
        try await store.recordFeeds([FeedFixture.notModified("a", at: failedAt.addingTimeInterval(7200))])
        state = try #require(try await store.feedStates(for: [url])[url])
        #expect(state.lastError == nil && state.retryAfter == nil)

        // A feed that never answered is stored with its error.
        try await store.recordFeeds([FeedFixture.failed("b", at: later, reason: "host not found")])
        let b = try #require(try await store.feedSummaries(for: [FeedFixture.feedURL("b")]).first)
        #expect(
            b.lastError == "host not found" && b.itemCount == 0 && b.title == nil && b.lastSuccessAt == nil)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func anItemSeenAgainIsUpdatedInPlaceOnlyWhenItChanged() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let url = FeedFixture.feedURL("a")
        let items = FeedFixture.items("a", count: 4)
        try await store.recordFeeds([FeedFixture.fetched("a", items)])
        try await store.markFeedItemRead(feed: url, itemID: items[1].id)
        try await store.markFeedItemSaved(feed: url, itemID: items[1].id)

        // The same document again: nothing is new, nothing changed.
        let again = try await store.recordFeeds([
            FeedFixture.fetched("a", items, at: Fixture.epoch.addingTimeInterval(60))
        ])
        #expect(again[url] == FeedWriteCounts(new: 0, updated: 0))

        // A new title, a new date, a new item; one left out.
        var changed = items
        changed[1].title = "Comet returns"
        changed[2].updated = Fixture.epoch
        changed.remove(at: 3)
        changed.insert(FeedFixture.item("a-new", hoursAgo: 0.5), at: 0)
        clock.advance(by: 120)
        let counts = try await store.recordFeeds([
            FeedFixture.fetched("a", changed, at: Fixture.epoch.addingTimeInterval(120))
        ])
        #expect(counts[url] == FeedWriteCounts(new: 1, updated: 2))

        let stored = try await store.items(of: "a")
        #expect(stored.count == 5)  // The one left out stays, until retention.
        #expect(Set(stored.map(\.item.id)).count == 5)
        let updated = try #require(stored.first { $0.item.id == items[1].id })
        #expect(updated.item == changed[2])
        #expect(updated.read && updated.saved)
        #expect(updated.firstSeenAt == Fixture.epoch)
        // The index follows the new title.
        #expect(try await store.search("comet").urls == [items[1].link!])
        #expect(try await store.search("\"Item a-1\"").totalResults == 0)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func aRepeatedIdKeepsItsFirstItem() async throws {
        let store = try NewsStore.testing()
        let first = FeedFixture.item("x", title: "First copy")
        var second = first
        second.title = "Second copy"
        let counts = try await store.recordFeeds([
            FeedFixture.fetched("a", [first, second, FeedFixture.item("y")])
        ])
        #expect(counts[FeedFixture.feedURL("a")] == FeedWriteCounts(new: 2, updated: 0))
        #expect(try await store.items(of: "a").map(\.item.title).sorted() == ["First copy", "Item y"])
    }

    @Test func twoFeedsMayCarryTheSameLinkAndEveryItemOfAPodcastTheSameOne() async throws {
        let store = try NewsStore.testing()
        let shared = URL(string: "https://news.example.com/story")!
        let podcast = URL(string: "https://podcast.example.com/")!
        try await store.recordFeeds([
            FeedFixture.fetched("a", [FeedFixture.item("a1", title: "Harbour story", link: shared)]),
            FeedFixture.fetched("b", [FeedFixture.item("b1", title: "Harbour story retold", link: shared)]),
            FeedFixture.fetched(
                "cast", (0..<3).map { FeedFixture.item("ep\($0)", title: "Episode \($0)", link: podcast) }),
        ])
        #expect(try await store.items(of: "a").map(\.item.link) == [shared])
        #expect(try await store.items(of: "b").map(\.item.link) == [shared])
        #expect(try await store.items(of: "cast").count == 3)
        // Both are found; a page lists an address once.
        #expect(try await store.search("harbour").totalResults == 2)
        #expect(try await store.search("episode").totalResults == 3)
        // A NewsAPI article may have that address too.
        var article = Fixture.article("x")
        article.url = shared
        try await store.record(Fixture.page([article]), for: Fixture.science)
        #expect(try await store.articleRowCount() == 6)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func anItemWithoutALinkIsFiledUnderItsIdItsSiteOrItsFeed() async throws {
        let store = try NewsStore.testing()
        func bare(_ id: String) -> FeedItem {
            var item = FeedFixture.item("bare", title: "Linkless \(id)")
            item.id = id
            item.link = nil
            return item
        }
        let webID = bare("https://blog.example.net/posts/7")
        let tagID = bare("tag:blog.example.net,2027:7")
        try await store.recordFeeds([
            FeedFixture.fetched("site", [webID, tagID], site: FeedFixture.siteURL("site")),
            FeedFixture.fetched("nosite", [tagID]),
        ])
        #expect(
            try await store.items(of: "site").map(\.item).sorted { $0.id < $1.id }
                == [webID, tagID].sorted { $0.id < $1.id })
        let found = try await store.search("linkless", sort: .publishedAt, pageSize: 10)
        #expect(found.totalResults == 3)
        #expect(
            Set(found.urls.map(\.absoluteString)) == [
                webID.id, FeedFixture.siteURL("site").absoluteString,
                FeedFixture.feedURL("nosite").absoluteString,
            ])
        #expect(found.articles.allSatisfy { $0.source.name.hasPrefix("Feed ") && $0.source.id == nil })
    }

    @Test func aPermanentRedirectMovesTheFeedWithItsItemsAndMarks() async throws {
        let store = try NewsStore.testing()
        let old = FeedFixture.feedURL("old")
        let new = FeedFixture.feedURL("new")
        let items = FeedFixture.items("m", count: 3)
        try await store.recordFeeds([FeedFixture.fetched("old", items)])
        try await store.markFeedItemRead(feed: old, itemID: items[0].id)
        try await store.markFeedItemSaved(feed: old, itemID: items[2].id)

        let moved = FeedFixture.fetched("old", items, at: Fixture.epoch.addingTimeInterval(60), movedTo: new)
        #expect(try await store.recordFeeds([moved])[old] == FeedWriteCounts(new: 0, updated: 0))
        #expect(try await store.feedStates(for: [old]).isEmpty)
        #expect(
            try await store.feedStates(for: [new])[new]?.lastSuccessAt == Fixture.epoch.addingTimeInterval(60)
        )
        #expect(try await store.feedItems(of: old).isEmpty)
        let stored = try await store.feedItems(of: new)
        #expect(stored.map(\.item.id) == items.map(\.id))
        #expect(stored.map(\.read) == [true, false, false])
        #expect(stored.map(\.saved) == [false, false, true])
        #expect(try await store.feedSummaries(for: nil).map(\.url) == [new])

        // Redirected to an address already subscribed: written there, the old row left as it was.
        let other = FeedFixture.feedURL("other")
        try await store.recordFeeds([FeedFixture.fetched("other", [FeedFixture.item("o")])])
        let redirect = FeedFixture.fetched(
            "new", [FeedFixture.item("o"), FeedFixture.item("p", hoursAgo: 2)], movedTo: other)
        #expect(try await store.recordFeeds([redirect])[new] == FeedWriteCounts(new: 1, updated: 0))
        #expect(try await store.feedItems(of: other).map(\.item.id) == ["urn:item:o", "urn:item:p"])
        #expect(try await store.feedItems(of: new).count == 3)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func aRenamedFeedShowsEveryItemUnderItsNewName() async throws {
        let store = try NewsStore.testing()
        let items = FeedFixture.items("r", count: 3)
        try await store.recordFeeds([FeedFixture.fetched("a", items, sourceName: "Old Name")])
        // The rename comes with a 304: no item is in the record.
        try await store.recordFeeds([
            FeedRecord(
                url: FeedFixture.feedURL("a"), sourceName: "Orbital Digest",
                outcome: .notModified(validators: nil),
                attemptedAt: Fixture.epoch.addingTimeInterval(60))
        ])
        #expect(try await store.items(of: "a").allSatisfy { $0.sourceName == "Orbital Digest" })
        #expect(try await store.search("orbital").totalResults == 3)
        #expect(try await store.search("old").totalResults == 0)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func aBatchIsOneTransaction() async throws {
        let store = try NewsStore.testing()
        let url = FeedFixture.feedURL("a")
        try await store.recordFeeds([FeedFixture.fetched("a", FeedFixture.items("a", count: 2))])
        // Writing the second record fails, so neither record is written.
        let broken = FeedFixture.fetched("b", [FeedItem(id: "x", title: "fine")])
        try await store.writer.write { db in
            try db.execute(
                sql:
                    "CREATE TRIGGER refuse BEFORE INSERT ON article WHEN new.itemID = 'x' BEGIN SELECT RAISE(ABORT, 'refused'); END"
            )
        }
        let changed = FeedFixture.fetched(
            "a", FeedFixture.items("z", count: 2), at: Fixture.epoch.addingTimeInterval(60))
        await #expect(throws: StoreError.self) { try await store.recordFeeds([changed, broken]) }
        #expect(try await store.itemIDs(of: "a") == FeedFixture.items("a", count: 2).map(\.id))
        #expect(try await store.feedStates(for: [url])[url]?.lastFetchedAt == Fixture.epoch)
        #expect(try await store.feedStates(for: [FeedFixture.feedURL("b")]).isEmpty)
    }
}
