import Foundation
import SQLite
import Testing

@testable import Store

@Suite("Damaged store files are set aside, never used nor deleted")
struct CorruptFileTests {
    /// 2026-11-22 03:53:07 UTC.
    private static let when = Date(timeIntervalSince1970: 1_795_319_587)
    private static let asideName = "news.sqlite.corrupt-20261122-035307"

    /// Opens the store over whatever `prepare` left at its path, and checks what any damaged file
    /// must lead to: the file moved aside unchanged, a sentence naming it, a working new store.
    private func expectSetAside(
        reason: String, prepare: (URL) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let directory = try TemporaryDirectory()
        try prepare(directory.storeURL)
        let original = try Data(contentsOf: directory.storeURL)
        let (store, notice) = try NewsStore.open(at: directory.storeURL, clock: { Self.when })

        let aside = directory.url.appendingPathComponent(Self.asideName)
        let sentence = try #require(notice, sourceLocation: sourceLocation)
        #expect(sentence.contains(aside.path), sourceLocation: sourceLocation)
        #expect(sentence.contains(reason), "\(sentence)", sourceLocation: sourceLocation)
        #expect(
            sentence.contains("saved articles in it were not lost but set aside"),
            sourceLocation: sourceLocation)
        #expect(!sentence.contains("\n"), sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: aside) == original, sourceLocation: sourceLocation)

        try await store.record(Fixture.page([Fixture.article("after")]), for: Fixture.science)
        #expect(try await store.search("after").articles.count == 1, sourceLocation: sourceLocation)
        #expect(try await store.checkIntegrity() == [], sourceLocation: sourceLocation)
        try store.close()
        // The new store opens cleanly afterwards.
        let again = try NewsStore.openClean(directory.storeURL)
        #expect(try await again.stats().articleCount == 1, sourceLocation: sourceLocation)
    }

    @Test func garbageBytes() async throws {
        try await expectSetAside(reason: "not a database") { url in
            var generator = SystemRandomNumberGenerator()
            try Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)
        }
    }

    @Test func garbageAfterAValidHeader() async throws {
        try await expectSetAside(reason: "not a database") { url in
            var bytes = Array("SQLite format 3\0".utf8)
            bytes += [UInt8](repeating: 0xA5, count: 4096 - bytes.count)
            try Data(bytes).write(to: url)
        }
    }

    @Test func aTextFile() async throws {
        try await expectSetAside(reason: "not a database") { url in
            try Data("saved articles: none\n".utf8).write(to: url)
        }
    }

    @Test func aZeroByteFile() async throws {
        try await expectSetAside(reason: "the file is empty") { url in
            try Data().write(to: url)
        }
    }

    @Test func aTruncatedRealStore() async throws {
        try await expectSetAside(reason: "truncated") { url in
            try writeRealStore(at: url)
            let size = try #require(
                try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: size.uint64Value / 2)
            try handle.close()
        }
    }

    @Test func aStoreWhoseTablesAreNotOurs() async throws {
        try await expectSetAside(reason: "tables NewsApp did not create") { url in
            let queue = try DatabaseQueue(path: url.path)
            try queue.write {
                try $0.execute(sql: "CREATE TABLE article (x); INSERT INTO article VALUES (1)")
            }
            try queue.close()
        }
    }

    @Test func aMigrationThatFails() async throws {
        try await expectSetAside(reason: "not the ones NewsApp expects: table articleSearch already exists") {
            url in
            let pool = try DatabasePool(path: url.path)
            try StoreSchema.migrator.migrate(pool, upTo: "v1")
            try pool.write {
                try $0.execute(sql: "CREATE TABLE articleSearch (title, summary, content, sourceName)")
            }
            try pool.close()
        }
    }

    @Test func aStoreWhoseAppliedMigrationLeftOtherTables() async throws {
        try await expectSetAside(reason: "not the ones NewsApp expects: column article.author is missing") {
            url in
            // Says v1 was applied, but its tables are not the ones v1 makes.
            let queue = try DatabaseQueue(path: url.path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v1')")
                try db.execute(sql: "CREATE TABLE article (id INTEGER PRIMARY KEY, url TEXT)")
            }
            try queue.close()
        }
    }

    @Test func aStoreMissingAColumnAfterMigrating() async throws {
        try await expectSetAside(reason: "column article.") { url in
            let pool = try DatabasePool(path: url.path)
            try StoreSchema.migrator.migrate(pool)
            try pool.write { try $0.execute(sql: "ALTER TABLE article DROP COLUMN imageURL") }
            try pool.close()
        }
    }

    @Test func itsWriteAheadLogIsSetAsideWithIt() async throws {
        let directory = try TemporaryDirectory()
        try Data(repeating: 0x42, count: 5000).write(to: directory.storeURL)
        try Data(repeating: 0x43, count: 700).write(
            to: URL(fileURLWithPath: directory.storeURL.path + "-wal"))
        try Data(repeating: 0x44, count: 300).write(
            to: URL(fileURLWithPath: directory.storeURL.path + "-shm"))
        let (store, notice) = try NewsStore.open(at: directory.storeURL, clock: { Self.when })
        #expect(notice != nil)
        let aside = directory.url.appendingPathComponent(Self.asideName).path
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: aside + "-wal")) == Data(repeating: 0x43, count: 700))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: aside + "-shm")) == Data(repeating: 0x44, count: 300))
        #expect(try await store.stats().articleCount == 0)
    }

    @Test func aSecondDamagedFileInTheSameSecondGetsANameOfItsOwn() async throws {
        let directory = try TemporaryDirectory()
        for round in 1...2 {
            try Data("garbage \(round)".utf8).write(to: directory.storeURL)
            let (store, notice) = try NewsStore.open(at: directory.storeURL, clock: { Self.when })
            try store.close()
            #expect(notice?.contains(round == 1 ? Self.asideName + ";" : Self.asideName + "-2") == true)
        }
        // (The first new store's -wal and -shm files went aside with the second damaged file.)
        let aside = try directory.names().filter {
            $0.contains("corrupt") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
        }
        #expect(aside == [Self.asideName, Self.asideName + "-2"])
    }

    @Test func aHealthyStoreIsNeverSetAside() async throws {
        let directory = try TemporaryDirectory()
        try writeRealStore(at: directory.storeURL)
        let store = try NewsStore.openClean(directory.storeURL)
        #expect(try await store.stats().articleCount == 300)
        #expect(try directory.names().allSatisfy { !$0.contains("corrupt") })
    }

    @Test func noStoreAtAllIsAnErrorWithASentence() async throws {
        let directory = try TemporaryDirectory()
        // A file where the directory should be: nothing can be created there, even by root.
        let blocker = directory.url.appendingPathComponent("state")
        try Data("not a directory".utf8).write(to: blocker)
        let url = blocker.appendingPathComponent("newsapp/news.sqlite")
        let error = #expect(throws: StoreError.self) { try NewsStore.open(at: url, clock: { Self.when }) }
        let sentence = try #require(error?.sentence)
        #expect(sentence.hasPrefix("Could not open the news store at \(url.path) ("))
        #expect(sentence.hasSuffix("so articles will not be kept this time."))
        #expect(!sentence.contains("\n"))
    }

    @Test func theStampIsUTC() {
        #expect(StoreOpener.stamp(Self.when) == "20261122-035307")
        #expect(StoreOpener.stamp(Date(timeIntervalSince1970: 0)) == "19700101-000000")
    }

    /// A real store of 300 articles with long bodies, closed, so its log is folded in.
    private func writeRealStore(at url: URL) throws {
        let pool = try DatabasePool(path: url.path)
        try StoreSchema.migrator.migrate(pool)
        let body = String(repeating: "A sentence of body text. ", count: 40)
        try pool.write { db in
            for index in 0..<300 {
                _ = try NewsStore.upsert(
                    Fixture.article("r\(index)", content: body), at: 1_800_000_000, fetched: true, in: db)
            }
        }
        try pool.close()
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
    }
}
