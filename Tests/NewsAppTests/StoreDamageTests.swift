import Foundation
import HTTPTestServer
import SQLite
import Store
import Testing

/// A store whose damage the launch checks cannot see (pages inside the file, not its header or
/// schema) is met by the first query that reaches it: the built binary then moves it aside,
/// carries on with a new store, and says so once where the user is looking.
@Suite(.timeLimit(.minutes(10)))
struct StoreDamageTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    /// 400 stored articles, two of them saved, with every leaf page of the `article` table but the
    /// first overwritten: the header, the schema and the indexes stay whole, so the store opens and
    /// launch eviction (which reads only indexes) passes; the two saved articles, stored first,
    /// sit on the first leaf page.
    func damagedStore() async throws {
        let (store, notice) = try NewsStore.open(at: sandbox.storeURL)
        #expect(notice == nil)
        try await StoreFixtures.fill(store, prefix: "stored", count: 400)
        for name in ["stored-0", "stored-1"] {
            try await store.save(StoreFixtures.article(name))
        }
        try store.close()
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: sandbox.storeURL.path, configuration: configuration)
        let (pageSize, leaves) = try await queue.read { db in
            (
                try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0,
                try Int.fetchAll(
                    db,
                    sql:
                        "SELECT pageno FROM dbstat WHERE name = 'article' AND pagetype = 'leaf' ORDER BY pageno"
                )
            )
        }
        try queue.close()
        #expect(leaves.count > 10)
        let handle = try FileHandle(forWritingTo: sandbox.storeURL)
        defer { try? handle.close() }
        for page in leaves.dropFirst() {
            try handle.seek(toOffset: UInt64((page - 1) * pageSize))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
        }
    }

    @Test func damageMetInASessionIsToldOnceAndTheSavedArticlesAreCopied() async throws {
        try await damagedStore()
        let gone = try RefusingAddress()
        let run = try await sandbox.run(
            ["--page-size", "5"], extra: gone.environment, input: "/harbour\nn\nq\n")
        #expect(run.status == 0)
        // Said on the terminal, between the screens, not on standard error.
        #expect(run.err == "")
        let notices = run.out.components(separatedBy: "\n").filter { $0.contains("news store") }
        #expect(notices.count == 1)
        let notice = try #require(notices.first)
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.cacheDirectory)
        // One damaged store set aside (with its -wal and -shm, which belong to it).
        let asides = names.filter {
            $0.hasPrefix("news.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
        }
        #expect(asides.count == 1)
        let aside = try #require(asides.first)
        #expect(
            notice
                == "newsapp: The news store turned out to be damaged (database disk image is malformed), so it "
                + "was moved aside to ~/.cache/newsapp/\(aside) and a new store was started; all 2 saved "
                + "articles and 0 read marks in it were copied into the new one.")

        // The new store is sound and holds the saved articles; the next run says nothing.
        let (store, reopened) = try NewsStore.open(at: sandbox.storeURL)
        #expect(reopened == nil)
        #expect(
            Set(try await store.savedArticles().map(\.url)) == [
                StoreFixtures.url("stored-0"), StoreFixtures.url("stored-1"),
            ])
        #expect(try await store.checkIntegrity() == [])
        try store.close()
        let again = try await sandbox.run(
            ["--page-size", "5"], extra: gone.environment, input: "/harbour\nq\n")
        #expect(again.status == 0)
        #expect(!again.out.contains("news store") && again.err == "")
    }

    @Test func damageMetByAPrintCommandIsOneLineOnStandardError() async throws {
        try await damagedStore()
        let gone = try RefusingAddress()
        let run = try await sandbox.run(["search", "harbour", "--print"], extra: gone.environment)
        let lines = run.err.split(separator: "\n")
        #expect(lines.filter { $0.contains("news store turned out to be damaged") }.count == 1)
        #expect(lines.contains { $0.contains("all 2 saved articles") })
        #expect(!run.out.contains("news store"))
    }
}
