import Foundation
import SQLite
import TestSupport
import Testing

@testable import Store

@Suite("Migrations")
struct MigrationTests {
    @Test func aVersionOneStoreIsMigratedWithItsRowsIntactAndTheIndexFilled() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.storeURL.path
        // A store as the first version of the schema left it.
        do {
            let pool = try DatabasePool(path: path)
            try StoreSchema.migrator.migrate(pool, upTo: "v1")
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO article (id, url, sourceName, title, summary, content, publishedAt,
                            firstSeenAt, lastFetchedAt)
                        VALUES (1, 'https://example.org/a', 'Orbit Report', 'Comet seen over the bay',
                            'Amateur astronomers', 'Long body', 1799990000, 1800000000, 1800000000),
                            (2, 'https://example.org/b', 'Ledger', 'Harbour dredging resumes',
                            NULL, NULL, 1799980000, 1800000000, 1800000000);
                        INSERT INTO listing (id, key, kind, country, category)
                        VALUES (1, 'headlines?country=us&category=science', 'headlines', 'us', 'science');
                        INSERT INTO listingPage (listingID, page, pageSize, totalResults, fetchedAt)
                        VALUES (1, 1, 20, 2, 1800000000);
                        INSERT INTO listingEntry (listingID, page, position, articleID) VALUES (1, 1, 0, 2), (1, 1, 1, 1);
                        INSERT INTO saved (articleID, savedAt) VALUES (1, 1800000100);
                        INSERT INTO readMark (url, readAt) VALUES ('https://example.org/b', 1800000200);
                        """)
            }
            #expect(try await pool.read { try $0.tableExists("articleSearch") } == false)
            try pool.close()
        }

        let store = try NewsStore.openClean(directory.storeURL)
        #expect(
            try await store.writer.read {
                try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            }
                == [
                    "v1", "v2", "v3", "v4", "v5-request-counts", "v6-feed-warning", "v7-feed-write-speed",
                    "v8-killfile-hidden", "v9-download-queue", "v10-sync", "v11-filter-index",
                ])
        let page = try #require(await store.storedPage(for: Fixture.science, page: 1, pageSize: 20))
        #expect(page.urls.map(\.absoluteString) == ["https://example.org/b", "https://example.org/a"])
        #expect(page.articles[1].title == "Comet seen over the bay")
        #expect(page.articles[1].summary == "Amateur astronomers")
        #expect(page.articles[1].publishedAt == Date(timeIntervalSince1970: 1_799_990_000))
        #expect(try await store.savedArticles().map(\.url.absoluteString) == ["https://example.org/a"])
        #expect(try await store.readURLs(among: page.urls).map(\.absoluteString) == ["https://example.org/b"])
        // The index holds the rows that were there before it.
        #expect(try await store.search("comet").urls.map(\.absoluteString) == ["https://example.org/a"])
        #expect(try await store.search("orbit").totalResults == 1)
        #expect(try await store.search("harbour").totalResults == 1)
        #expect(try await store.checkIntegrity() == [])
        // And keeps up with new ones.
        try await store.record(
            Fixture.page([Fixture.article("n", title: "Comet returns")]), for: Fixture.business)
        #expect(try await store.search("comet").totalResults == 2)
    }

    @Test func everyMigrationRunsOnceAndTheSchemaMatchesWhatTheCodeReads() async throws {
        let store = try NewsStore.testing()
        let (mismatch, applied) = try await store.writer.read { db in
            (try StoreSchema.mismatch(in: db), try StoreSchema.migrator.appliedIdentifiers(db))
        }
        #expect(mismatch == nil)
        #expect(
            applied == [
                "v1", "v2", "v3", "v4", "v5-request-counts", "v6-feed-warning", "v7-feed-write-speed",
                "v8-killfile-hidden", "v9-download-queue", "v10-sync", "v11-filter-index",
            ])
    }

    /// `v7-feed-write-speed` drops the index of feed items' addresses, which no query reads, so
    /// that a new feed item costs one B-tree insert fewer, and adds the one retention starts from;
    /// `v11-filter-index` widens the index of each feed's items.
    @Test func articleKeepsOnlyTheIndexesItsQueriesRead() async throws {
        let store = try NewsStore.testing()
        let indexes = try await store.writer.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master
                    WHERE type = 'index' AND tbl_name = 'article' AND sql IS NOT NULL ORDER BY name
                    """)
        }
        #expect(
            indexes == [
                "article_feedItem", "article_feedItemLeft", "article_feedNewest", "article_lastFetchedAt",
                "article_publishedAt", "article_url",
            ])
        // `v11-filter-index`: the index of each feed's items holds what filters read most, so
        // that a query feed reads the index's entries, not the items' rows.
        let feedIndex = try await store.writer.read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM pragma_index_info('article_feedNewest') ORDER BY seqno")
        }
        #expect(feedIndex == ["feedID", "publishedAt", "readAt", "hidden", "title", "author"])
    }

    /// `Fixtures/store-4c81265.sqlite` was made by the release of commit 4c81265 (schema v2):
    /// 33 articles, 4 read marks, 2 saved articles, 3 lists with 5 pages.
    @Test func aStoreOfThePreviousReleaseIsMigratedWithEverythingInIt() async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: FixtureFolder(in: .module).url("store-4c81265.sqlite"), to: directory.storeURL)
        let before = try Self.snapshot(directory.storeURL)
        #expect(before.migrations == ["v1", "v2"])
        #expect(before.articles.count == 33 && before.readMarks.count == 4 && before.saved.count == 2)
        #expect(before.listings.count == 3 && before.pages.count == 5)

        let store = try NewsStore.openClean(directory.storeURL)
        let after = try await store.read { db in try Self.snapshot(db) }
        #expect(
            after.migrations == [
                "v1", "v2", "v3", "v4", "v5-request-counts", "v6-feed-warning", "v7-feed-write-speed",
                "v8-killfile-hidden", "v9-download-queue", "v10-sync", "v11-filter-index",
            ])
        #expect(after.articles == before.articles)
        #expect(after.readMarks == before.readMarks)
        #expect(after.saved == before.saved)
        #expect(
            after.listings == before.listings && after.pages == before.pages
                && after.entries == before.entries)

        // Through the store's own methods.
        let keys: [ListingKey] = [
            .headlines(country: "us", category: nil), .headlines(country: "us", category: .science),
            .search(query: "mars rover", sort: .publishedAt, language: nil),
        ]
        for (listing, key) in keys.enumerated() {
            for page in [1, 2] {
                let expected = before.entries.filter { $0[0] == "\(listing + 1)" && $0[1] == "\(page)" }.map {
                    $0[2]
                }
                let stored = try await store.storedPage(for: key, page: page, pageSize: 10)
                #expect(stored?.urls.map(\.absoluteString) ?? [] == expected, "\(key) page \(page)")
            }
        }
        let urls = before.articles.map { URL(string: $0[1])! }
        #expect(
            try await store.readURLs(among: urls).map(\.absoluteString).sorted()
                == before.readMarks.map { $0[0] })
        #expect(try await store.savedArticles().count == 2)
        #expect(try await store.search("rover").totalResults == 3)
        #expect(try await store.checkIntegrity() == [])

        // New articles and feed items are indexed beside the old ones.
        try await store.record(
            Fixture.page([Fixture.article("new", title: "Rover team rests")]), for: Fixture.business)
        try await store.recordFeeds([FeedFixture.fetched("a", [FeedFixture.item("f", title: "Rover blog")])])
        #expect(try await store.search("rover").totalResults == 5)
        #expect(try await store.checkIntegrity() == [])
    }

    /// Every row of the tables a v2 store has, as text, in a stable order.
    private struct Snapshot: Sendable {
        var migrations: [String]
        var articles: [[String]]
        var readMarks: [[String]]
        var saved: [[String]]
        var listings: [[String]]
        var pages: [[String]]
        var entries: [[String]]
    }

    private static func snapshot(_ file: URL) throws -> Snapshot {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: file.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(snapshot)
    }

    private static func snapshot(_ db: Database) throws -> Snapshot {
        func rows(_ sql: String) throws -> [[String]] {
            try Row.fetchAll(db, sql: sql).map { row in
                row.databaseValues.map { value in String.fromDatabaseValue(value) ?? "\(value)" }
            }
        }
        let articleColumns = StoreSchema.expectedTables.first { $0.table == "article" }!.columns.sorted()
        return Snapshot(
            migrations: try String.fetchAll(
                db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid"),
            articles: try rows(
                "SELECT id, url, \(articleColumns.joined(separator: ", ")) FROM article ORDER BY id"),
            readMarks: try rows("SELECT url, readAt FROM readMark ORDER BY url"),
            saved: try rows("SELECT articleID, savedAt FROM saved ORDER BY articleID"),
            listings: try rows("SELECT * FROM listing ORDER BY id"),
            pages: try rows("SELECT * FROM listingPage ORDER BY listingID, page"),
            entries: try rows(
                """
                SELECT e.listingID, e.page, a.url FROM listingEntry e JOIN article a ON a.id = e.articleID
                ORDER BY e.listingID, e.page, e.position
                """))
    }
}
