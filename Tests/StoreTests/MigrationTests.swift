import Foundation
import GRDB
import Networking
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
                try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations")
            }
                == ["v1", "v2"])
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
        #expect(applied == ["v1", "v2"])
    }
}
