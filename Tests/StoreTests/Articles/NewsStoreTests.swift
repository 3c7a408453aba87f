import Foundation
import NewsModels
import SQLite
import Testing

@testable import Store

@Suite("NewsStore: schema, listings, read and saved articles, stats")
struct NewsStoreTests {
    // MARK: Schema

    @Test func aNewStoreFileHasEveryTableBothMigrationsAndWALMode() async throws {
        let directory = try TemporaryDirectory()
        let nested = directory.url.appendingPathComponent("state/newsapp/news.sqlite")
        let store = try NewsStore.openClean(nested)
        #expect(store.path == nested.path)
        let (tables, migrations, journal, synchronous, pageSize) = try await store.writer.read { db in
            (
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"),
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid"),
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try Int.fetchOne(db, sql: "PRAGMA synchronous"),
                try Int.fetchOne(db, sql: "PRAGMA page_size")
            )
        }
        for table in [
            "article", "listing", "listingPage", "listingEntry", "readMark", "saved", "articleSearch", "feed",
            "requestDay",
        ] {
            #expect(tables.contains(table), "missing table \(table)")
        }
        #expect(
            migrations == [
                "v1", "v2", "v3", "v4", "v5-request-counts", "v6-feed-warning", "v7-feed-write-speed",
                "v8-killfile-hidden", "v9-download-queue", "v10-sync", "v11-filter-index",
            ])
        #expect(journal == "wal")
        #expect(synchronous == 1)  // NORMAL
        #expect(pageSize == 16_384)
        #expect(try await store.checkIntegrity() == [])
        // Nothing but the store and its WAL files is left in the directory.
        let names = try FileManager.default.contentsOfDirectory(
            atPath: nested.deletingLastPathComponent().path)
        #expect(names.allSatisfy { $0.hasPrefix("news.sqlite") && !$0.contains(".creating-") })
    }

    @Test func reopeningAStoreKeepsItsContentAndGivesNoNotice() async throws {
        let directory = try TemporaryDirectory()
        let first = try NewsStore.openClean(directory.storeURL)
        try await first.record(Fixture.page(Fixture.articles("a", count: 3)), for: Fixture.science)
        try first.close()
        let second = try NewsStore.openClean(directory.storeURL)
        #expect(try await second.storedPage(for: Fixture.science, page: 1, pageSize: 20)?.articles.count == 3)
    }

    // MARK: Listings

    @Test func aRecordedPageComesBackWithEveryFieldAndItsFetchTime() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        var articles = Fixture.articles("a", count: 3)
        articles[1].author = nil
        articles[1].imageURL = nil
        articles[1].publishedAt = nil
        articles[2].source = ArticleSource(id: nil, name: "Ελληνικά νέα 🗞")
        articles[2].content = "Body text"
        articles[2].omittedCharacterCount = 4321
        let page = ArticlePage(
            articles: articles, totalResults: 57, page: 2, pageSize: 3, skippedCount: 1,
            reachedResultCap: false)
        try await store.record(page, for: Fixture.science)
        clock.advance(by: 600)

        let stored = try #require(await store.storedPage(for: Fixture.science, page: 2, pageSize: 3))
        #expect(stored.articles == articles)
        #expect(stored.totalResults == 57)
        #expect(stored.page == 2 && stored.pageSize == 3 && stored.skippedCount == 1)
        #expect(stored.origin == .store(savedAt: Fixture.epoch, reason: .stale))
        #expect(try await store.storedPage(for: Fixture.science, page: 1, pageSize: 3) == nil)
        #expect(try await store.storedPage(for: Fixture.business, page: 2, pageSize: 3) == nil)
    }

    @Test func recordingAPageAgainReplacesItsListing() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        try await store.record(
            Fixture.page(Fixture.articles("old", count: 4), totalResults: 40), for: Fixture.science)
        clock.advance(by: 300)
        let fresh = [Fixture.article("new-0"), Fixture.article("old-2")]
        try await store.record(Fixture.page(fresh, totalResults: 41), for: Fixture.science)

        let stored = try #require(await store.storedPage(for: Fixture.science, page: 1, pageSize: 20))
        #expect(stored.urls == fresh.map(\.url))
        #expect(stored.totalResults == 41)
        #expect(stored.stored?.savedAt == Fixture.epoch.addingTimeInterval(300))
        // The articles that left the listing are still stored (until evicted).
        #expect(try await store.stats().articleCount == 5)
    }

    @Test func articlesAreStoredOnceByURLAcrossListingsAndTheLatestCopyWins() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let shared = Fixture.article("shared", title: "First title")
        try await store.record(Fixture.page([shared, Fixture.article("s1")]), for: Fixture.science)
        clock.advance(by: 60)
        var updated = shared
        updated.title = "Second title"
        updated.author = nil  // A later copy without an author keeps the stored one.
        try await store.record(Fixture.page([Fixture.article("b1"), updated]), for: Fixture.business)
        try await store.record(Fixture.page([updated]), for: Fixture.searchKey("shared"))

        #expect(try await store.stats().articleCount == 3)
        #expect(try await store.stats().listingCount == 3)
        let science = try #require(await store.storedPage(for: Fixture.science, page: 1, pageSize: 20))
        #expect(science.articles[0].title == "Second title")
        #expect(science.articles[0].author == "A. Writer")
        let (firstSeen, lastFetched) = try await store.writer.read { db in
            let row = try #require(
                try Row.fetchOne(
                    db, sql: "SELECT firstSeenAt, lastFetchedAt FROM article WHERE url = ?",
                    arguments: [shared.url.absoluteString]))
            return (row["firstSeenAt"] as Double, row["lastFetchedAt"] as Double)
        }
        #expect(firstSeen == Fixture.epoch.timeIntervalSince1970)
        #expect(lastFetched == Fixture.epoch.timeIntervalSince1970 + 60)
        // The full-text index follows the update.
        #expect(try await store.search("second").urls == [shared.url])
        #expect(try await store.search("first").articles.isEmpty)
    }

    @Test func aPageWithRepeatedURLsIsStoredWithoutDuplicates() async throws {
        let store = try NewsStore.testing()
        let a = Fixture.article("a")
        let b = Fixture.article("b")
        try await store.record(Fixture.page([a, b, a, b, a]), for: Fixture.science)
        let stored = try #require(await store.storedPage(for: Fixture.science, page: 1, pageSize: 20))
        #expect(stored.urls == [a.url, b.url])
    }

    @Test func aStoredListCanBeReadWithAnotherPageSizeWhenItsPagesCoverTheRange() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let all = Fixture.articles("x", count: 25)
        try await store.record(
            Fixture.page(Array(all[0..<10]), page: 1, pageSize: 10, totalResults: 25), for: Fixture.science)
        clock.advance(by: 60)
        try await store.record(
            Fixture.page(Array(all[10..<20]), page: 2, pageSize: 10, totalResults: 25), for: Fixture.science)

        let firstFifteen = try #require(await store.storedPage(for: Fixture.science, page: 1, pageSize: 15))
        #expect(firstFifteen.urls == all[0..<15].map(\.url))
        #expect(firstFifteen.stored?.savedAt == Fixture.epoch)  // The oldest piece.
        let secondFive = try #require(await store.storedPage(for: Fixture.science, page: 2, pageSize: 5))
        #expect(secondFive.urls == all[5..<10].map(\.url))
        #expect(secondFive.stored?.savedAt == Fixture.epoch)
        // Articles 15–29 need page 3 of 10, which is not stored.
        #expect(try await store.storedPage(for: Fixture.science, page: 2, pageSize: 15) == nil)

        // Recording with another page size starts the list over.
        try await store.record(
            Fixture.page(Array(all[0..<5]), page: 1, pageSize: 5, totalResults: 25), for: Fixture.science)
        #expect(try await store.storedPage(for: Fixture.science, page: 2, pageSize: 10) == nil)
        #expect(try await store.storedPage(for: Fixture.science, page: 1, pageSize: 5)?.articles.count == 5)
        #expect(try await store.stats().listingPageCount == 1)
    }

    @Test func aPageCutFromManyStoredPagesHoldsExactlyItsRange() async throws {
        let store = try NewsStore.testing(TestClock())
        let all = Fixture.articles("m", count: 60)
        for page in 1...6 {
            let slice = Array(all[(page - 1) * 10..<page * 10])
            try await store.record(
                Fixture.page(slice, page: page, pageSize: 10, totalResults: 60), for: Fixture.science)
        }
        let middle = try #require(await store.storedPage(for: Fixture.science, page: 2, pageSize: 25))
        #expect(middle.urls == all[25..<50].map(\.url))
        let last = try #require(await store.storedPage(for: Fixture.science, page: 3, pageSize: 25))
        #expect(last.urls == all[50..<60].map(\.url))
        #expect(last.totalResults == 60)
        #expect(try await store.storedPage(for: Fixture.science, page: 4, pageSize: 25) == nil)
    }

    @Test func anEmptyCappedPageIsStoredAsTheListsEnd() async throws {
        let store = try NewsStore.testing()
        let capped = ArticlePage(
            articles: [], totalResults: 100, page: 6, pageSize: 20, reachedResultCap: true)
        try await store.record(capped, for: Fixture.searchKey("mars"))
        let stored = try #require(
            await store.storedPage(for: Fixture.searchKey("mars"), page: 6, pageSize: 20))
        #expect(stored.articles.isEmpty)
        #expect(stored.reachedResultCap)
        #expect(stored.isLastPage)
    }

    @Test func searchKeysWithTheSameNormalisedWordsShareAListing() async throws {
        let store = try NewsStore.testing()
        try await store.record(Fixture.page([Fixture.article("m")]), for: Fixture.searchKey("Mars  Rover"))
        #expect(
            try await store.storedPage(for: Fixture.searchKey(" mars rover "), page: 1, pageSize: 20) != nil)
        #expect(
            try await store.storedPage(
                for: Fixture.searchKey("mars rover", sort: .relevancy), page: 1, pageSize: 20)
                == nil)
        #expect(try await store.hasListing(for: Fixture.searchKey("MARS ROVER")))
        #expect(try await !store.hasListing(for: Fixture.searchKey("venus")))
    }

    @Test func newestArticlesOfACategoryComeFromItsHeadlinesAndOverallFromEverything() async throws {
        let store = try NewsStore.testing()
        try await store.record(
            Fixture.page([Fixture.article("s-old", hoursAgo: 9), Fixture.article("s-new", hoursAgo: 2)]),
            for: Fixture.science)
        try await store.record(Fixture.page([Fixture.article("b", hoursAgo: 1)]), for: Fixture.business)
        try await store.record(
            Fixture.page([Fixture.article("found", hoursAgo: 0.5)]), for: Fixture.searchKey("found"))

        let science = try await store.newestArticles(category: .science, page: 1, pageSize: 10)
        #expect(science.urls == [Fixture.url("s-new"), Fixture.url("s-old")])
        #expect(science.totalResults == 2)
        let overall = try await store.newestArticles(category: nil, page: 1, pageSize: 2)
        #expect(overall.urls == [Fixture.url("found"), Fixture.url("b")])
        #expect(overall.totalResults == 4)
        #expect(try await store.newestArticles(category: .sports, page: 1, pageSize: 10).articles.isEmpty)
    }

    @Test func recordingIsAllOrNothing() async throws {
        let store = try NewsStore.testing()
        try await store.record(Fixture.page([Fixture.article("kept")]), for: Fixture.science)
        let invalid = ArticlePage(articles: [Fixture.article("lost")], totalResults: 1, page: 0, pageSize: 20)
        await #expect(throws: StoreError.self) { try await store.record(invalid, for: Fixture.science) }
        #expect(try await store.stats().articleCount == 1)
    }

    // MARK: Read and saved

    @Test func readMarksAreKeptByURL() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let urls = (0..<1200).map { Fixture.url("r\($0)") }
        try await store.markRead(urls[3])
        try await store.markRead(urls[1100])
        try await store.markRead(urls[3])  // Twice is once.
        #expect(try await store.readURLs(among: urls) == [urls[3], urls[1100]])
        #expect(try await store.readURLs(among: [urls[0]]) == [])
        #expect(try await store.readURLs(among: []) == [])
        #expect(try await store.stats().readCount == 2)
    }

    @Test func savingUnsavingAndListingSavedArticlesNewestFirst() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let first = Fixture.article("first")
        let second = Fixture.article("second")
        try await store.record(Fixture.page([first]), for: Fixture.science)
        try await store.save(first)
        clock.advance(by: 10)
        try await store.save(second)  // Never recorded: saving stores it.
        clock.advance(by: 10)
        try await store.save(first)  // Again: keeps its first savedAt.

        #expect(try await store.savedArticles() == [second, first])
        #expect(try await store.isSaved(first.url))
        #expect(try await store.stats().savedCount == 2)
        try await store.unsave(second.url)
        #expect(try await !store.isSaved(second.url))
        #expect(try await store.savedArticles() == [first])
        #expect(try await store.stats().articleCount == 2)  // Unsaved, still stored.
        try await store.unsave(Fixture.url("never-saved"))
    }

    // MARK: Stats, vacuum, integrity

    @Test func statsCountEverythingAndMeasureTheFileWithItsLog() async throws {
        let directory = try TemporaryDirectory()
        let clock = TestClock()
        let store = try NewsStore.openClean(directory.storeURL, clock: clock)
        let empty = try await store.stats()
        #expect(empty.articleCount == 0 && empty.oldestArticle == nil && empty.newestArticle == nil)
        #expect(empty.path == directory.storeURL.path)

        let articles = [
            Fixture.article("a", hoursAgo: 30), Fixture.article("b", hoursAgo: 2),
            Fixture.article("c", hoursAgo: 5),
        ]
        try await store.record(Fixture.page(articles), for: Fixture.science)
        try await store.record(Fixture.page([articles[0]], page: 2, pageSize: 20), for: Fixture.science)
        try await store.record(Fixture.page([articles[1]]), for: Fixture.searchKey("b"))
        try await store.save(articles[2])
        try await store.markRead(articles[0].url)

        let stats = try await store.stats()
        #expect(stats.articleCount == 3)
        #expect(stats.savedCount == 1)
        #expect(stats.readCount == 1)
        #expect(stats.listingCount == 2)
        #expect(stats.listingPageCount == 3)
        #expect(stats.oldestArticle == Fixture.epoch.addingTimeInterval(-30 * 3600))
        #expect(stats.newestArticle == Fixture.epoch.addingTimeInterval(-2 * 3600))
        let main =
            try FileManager.default.attributesOfItem(atPath: directory.storeURL.path)[.size] as! NSNumber
        let wal =
            try FileManager.default.attributesOfItem(atPath: directory.storeURL.path + "-wal")[.size]
            as! NSNumber
        #expect(wal.int64Value > 0)
        #expect(stats.fileSize == main.int64Value + wal.int64Value)
    }

    @Test func vacuumShrinksTheFileEmptiesTheLogAndKeepsTheContent() async throws {
        let directory = try TemporaryDirectory()
        let clock = TestClock()
        let store = try NewsStore.openClean(directory.storeURL, clock: clock)
        let long = String(repeating: "Lorem ipsum dolor sit amet. ", count: 100)
        for batch in 0..<10 {
            let articles = (0..<50).map { Fixture.article("v\(batch)-\($0)", content: long) }
            try await store.record(Fixture.page(articles, pageSize: 50), for: Fixture.searchKey("v\(batch)"))
        }
        try await store.save(Fixture.article("v0-0", content: long))
        clock.advance(by: 86_400)
        try await store.evict(olderThan: clock.date)
        let before = try await store.stats().fileSize
        try await store.vacuum()
        let after = try await store.stats()
        #expect(after.fileSize < before / 4, "\(before) → \(after.fileSize)")
        let wal =
            (try? FileManager.default.attributesOfItem(atPath: directory.storeURL.path + "-wal")[.size])
            as? NSNumber
        #expect((wal?.int64Value ?? 0) == 0)
        #expect(after.articleCount == 1)
        #expect(try await store.search("lorem").urls == [Fixture.url("v0-0")])
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func integrityCheckReportsAFullTextIndexOutOfStep() async throws {
        let store = try NewsStore.testing()
        try await store.record(Fixture.page([Fixture.article("a", title: "Comet")]), for: Fixture.science)
        #expect(try await store.checkIntegrity() == [])
        // Change a row behind the triggers' back.
        try await store.writer.write { db in
            try db.execute(sql: "DROP TRIGGER article_afterUpdate")
            try db.execute(sql: "UPDATE article SET title = 'Asteroid'")
        }
        let problems = try await store.checkIntegrity()
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("full-text index:") == true)
    }

    @Test func aClosedStoreThrowsASentence() async throws {
        let store = try NewsStore.testing()
        try store.close()
        let error = await #expect(throws: StoreError.self) { try await store.stats() }
        #expect(error?.sentence.hasPrefix("The news store could not be read or written") == true)
    }
}
