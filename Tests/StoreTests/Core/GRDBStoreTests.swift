import Foundation
import SQLite
import TestSupport
import Testing

@testable import Store

/// Stores made by the last build on GRDB 7.10, one per migration (`Fixtures/grdb-<id>.sqlite`):
/// its `DatabaseMigrator` brought each up to that migration, then two articles of a listing (one
/// saved, one read) and, from v3 on, a feed with one unread item were written with their index
/// rows, and the file was vacuumed into 1 KiB pages to stay small. Each must open without being set aside, migrate
/// to the end, and keep its rows readable and searchable.
@Suite("Stores made with GRDB")
struct GRDBStoreTests {
    static let migrations = StoreSchema.migrator.migrations

    @Test("The fixtures cover every migration")
    func everyMigration() throws {
        let folder = try FixtureFolder(in: .module)
        for identifier in Self.migrations {
            #expect(
                FileManager.default.fileExists(atPath: folder.url("grdb-\(identifier).sqlite").path),
                "\(identifier)")
        }
    }

    @Test("A store GRDB left at a migration opens, migrates and keeps its rows", arguments: migrations)
    func opensAndMigrates(identifier: String) async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: FixtureFolder(in: .module).url("grdb-\(identifier).sqlite"), to: directory.storeURL)
        let (store, notice) = try NewsStore.open(at: directory.storeURL, clock: TestClock().function)
        #expect(notice == nil)
        #expect(try directory.names().filter { $0.contains("corrupt") } == [])
        let applied = try await store.read { try StoreSchema.migrator.appliedMigrations($0) }
        #expect(applied == Self.migrations)
        #expect(try await store.read { try StoreSchema.mismatch(in: $0) } == nil)

        let page = try #require(await store.storedPage(for: Fixture.science, page: 1, pageSize: 20))
        #expect(page.urls.map(\.absoluteString) == ["https://example.org/b", "https://example.org/a"])
        #expect(try await store.savedArticles().map(\.url.absoluteString) == ["https://example.org/a"])
        #expect(try await store.readURLs(among: page.urls).map(\.absoluteString) == ["https://example.org/b"])
        #expect(try await store.search("comet").urls.map(\.absoluteString) == ["https://example.org/a"])
        let harbour = try await store.search("harbour").totalResults
        let hasFeeds = Self.migrations.firstIndex(of: identifier)! >= Self.migrations.firstIndex(of: "v3")!
        #expect(harbour == (hasFeeds ? 2 : 1), "the listing's article, and from v3 on the feed item")
        let problems = try await store.checkIntegrity()
        #expect(problems == [], "\(problems)")

        // It takes new rows, indexed beside the old ones.
        try await store.record(
            Fixture.page([Fixture.article("n", title: "Comet returns")]), for: Fixture.business)
        try await store.recordFeeds([FeedFixture.fetched("a", [FeedFixture.item("f", title: "Comet blog")])])
        #expect(try await store.search("comet").totalResults == 3)
        #expect(try await store.checkIntegrity() == [])
        try store.close()
    }
}
