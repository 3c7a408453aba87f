import Foundation
import SQLite
import Store
import Testing

@testable import NewsApp

/// `newsapp cache stats|clear|vacuum`, run as the built binary on a store the test filled.
@Suite(.timeLimit(.minutes(10)))
struct CacheCommandTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    /// 30 articles in 3 lists, 2 of them saved, 4 read, published an hour to a day ago; and two
    /// picture files.
    func fillStore() async throws {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        let now = Date()
        try await StoreFixtures.fill(
            store, prefix: "a", count: 30, pageSize: 10, publishedAt: now.addingTimeInterval(-3600))
        try await store.save(StoreFixtures.article("a-1", publishedAt: now.addingTimeInterval(-3601)))
        try await store.save(StoreFixtures.article("a-2", publishedAt: now.addingTimeInterval(-3602)))
        for index in 3..<7 { try await store.markRead(StoreFixtures.url("a-\(index)")) }
        try store.close()
        let images = sandbox.cacheDirectory + "/images/"
        try sandbox.directory.write(
            String(repeating: "x", count: 2048),
            to: ".cache/newsapp/images/" + String(repeating: "a", count: 64))
        try sandbox.directory.write(
            String(repeating: "y", count: 1024),
            to: ".cache/newsapp/images/" + String(repeating: "b", count: 64))
        try sandbox.directory.write("not mine", to: ".cache/newsapp/images/notes.txt")
        _ = images
    }

    @Test func statsAreAlignedAndPlainInAPipe() async throws {
        try await fillStore()
        let run = try await sandbox.run(["cache", "stats"])
        #expect(run.status == 0)
        #expect(run.err == "")
        #expect(!run.containsEscape)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 10)
        #expect(lines[0] == "Store     ~/.cache/newsapp/news.sqlite")
        #expect(lines[1].hasPrefix("Size      ") && lines[1].hasSuffix(" KiB"))
        #expect(lines[2] == "Articles  30")
        #expect(lines[3] == "Saved     2")
        #expect(lines[4] == "Read      4")
        #expect(lines[5] == "Lists     3 (3 pages)")
        #expect(lines[6].hasPrefix("Oldest    ") && lines[6].hasSuffix("(1 hour ago)"))
        #expect(lines[7].hasPrefix("Newest    ") && lines[7].hasSuffix("(1 hour ago)"))
        #expect(lines[8] == "Pictures  2 pictures (3.0 KiB) in ~/.cache/newsapp/images")
        #expect(lines[9] == "NewsAPI   0 of 100 requests today (UTC)")
        // `cache` alone is `cache stats`.
        let alone = try await sandbox.run(["cache"])
        let withoutSize = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("Size") } }
        #expect(withoutSize(alone.out) == withoutSize(run.out))
    }

    @Test func statsAsJSON() async throws {
        try await fillStore()
        let run = try await sandbox.run(["cache", "stats", "--json"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(object["path"] as? String == sandbox.storeURL.path)
        #expect(object["exists"] as? Bool == true)
        #expect(object["articles"] as? Int == 30)
        #expect(object["saved"] as? Int == 2)
        #expect(object["read"] as? Int == 4)
        #expect(object["listings"] as? Int == 3)
        #expect(object["listingPages"] as? Int == 3)
        #expect((object["fileSize"] as? Int ?? 0) > 0)
        let oldest = try #require(object["oldest"] as? String)
        #expect(try Date(oldest, strategy: .iso8601) < Date())
        let images = try #require(object["images"] as? [String: Any])
        #expect(images["files"] as? Int == 2)
        #expect(images["bytes"] as? Int == 3072)
    }

    @Test func statsWithoutAStoreDoNotMakeOne() async throws {
        let run = try await sandbox.run(["cache", "stats"])
        #expect(run.status == 0)
        #expect(
            run.out
                == "There is no news store at ~/.cache/newsapp/news.sqlite yet; NewsApp makes it the first "
                + "time it reads NewsAPI or feeds.\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeURL.path))
        let json = try await sandbox.run(["cache", "stats", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(object["exists"] as? Bool == false)
        #expect(object["articles"] as? Int == 0)
        #expect(object["oldest"] is NSNull)
        let sample = try #require(object["sample"] as? [String: Any])
        #expect(sample["exists"] as? Bool == false)
        #expect(sample["path"] as? String == sandbox.sampleStoreURL.path)
        #expect(!FileManager.default.fileExists(atPath: sandbox.sampleStoreURL.path))
    }

    // MARK: The sample edition's store

    /// A sample-edition run (no key) that records 5 headlines and saves and reads one article.
    func runTheSampleEdition() async throws {
        let run = try await sandbox.run(["--page-size", "5"], input: "c all\n1\nsave\nq\n")
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.sampleStoreURL.path))
    }

    @Test func statsSayWhatTheSampleEditionsStoreHoldsOnALineOfItsOwn() async throws {
        try await fillStore()
        try await runTheSampleEdition()
        let run = try await sandbox.run(["cache", "stats"])
        #expect(run.status == 0)
        #expect(run.err == "")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 11)
        #expect(lines[2] == "Articles  30", "the live store's figures are its own")
        #expect(lines[9] == "NewsAPI   0 of 100 requests today (UTC)", "a sample run counts no request")
        #expect(lines[10].hasPrefix("Sample    "))
        #expect(lines[10].contains(" articles, 1 saved, 1 read ("))
        #expect(lines[10].hasSuffix(" KiB) in ~/.cache/newsapp/sample.sqlite"))

        let json = try await sandbox.run(["cache", "stats", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(object["articles"] as? Int == 30)
        let sample = try #require(object["sample"] as? [String: Any])
        #expect(sample["exists"] as? Bool == true)
        #expect(sample["path"] as? String == sandbox.sampleStoreURL.path)
        #expect((sample["articles"] as? Int ?? 0) >= 5)
        #expect(sample["saved"] as? Int == 1)
        #expect(sample["read"] as? Int == 1)
        #expect((sample["fileSize"] as? Int ?? 0) > 0)
        #expect(sample["images"] == nil)
    }

    @Test func statsWithTheSampleEditionsStoreAloneSayBoth() async throws {
        try await runTheSampleEdition()
        let run = try await sandbox.run(["cache", "stats"])
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("There is no news store at ~/.cache/newsapp/news.sqlite yet;"))
        #expect(lines[1].hasPrefix("The sample edition's store: "))
        #expect(lines[1].hasSuffix(" in ~/.cache/newsapp/sample.sqlite."))
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeURL.path))
    }

    @Test func clearAndVacuumDoBothStores() async throws {
        try await fillStore()
        try await runTheSampleEdition()
        let run = try await sandbox.run(["cache", "clear"])
        #expect(run.status == 0)
        #expect(run.err == "")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(
            lines[0] == "Removed 28 articles, 4 read marks and 3 lists from ~/.cache/newsapp/news.sqlite.")
        #expect(lines[2].hasPrefix("Removed "))
        #expect(lines[2].contains(" articles, 1 read mark and "))
        #expect(lines[2].hasSuffix(" lists from ~/.cache/newsapp/sample.sqlite."))
        #expect(lines[3] == "Kept 1 saved article; `newsapp cache clear --include-saved` removes them too.")
        #expect(lines[4].hasPrefix("Removed 2 pictures"))
        let (sample, _) = try NewsStore.open(at: sandbox.sampleStoreURL)
        #expect(try await sample.stats().articleCount == 1)
        #expect(try await sample.savedArticles().count == 1)
        try sample.close()

        let vacuum = try await sandbox.run(["cache", "vacuum"])
        #expect(vacuum.status == 0)
        let vacuumed = vacuum.out.split(separator: "\n")
        #expect(vacuumed.count == 2)
        #expect(vacuumed[0].hasPrefix("Vacuumed ~/.cache/newsapp/news.sqlite: "))
        #expect(vacuumed[1].hasPrefix("Vacuumed ~/.cache/newsapp/sample.sqlite: "))
    }

    @Test func clearKeepsSavedArticlesAndSaysWhatWent() async throws {
        try await fillStore()
        let run = try await sandbox.run(["cache", "clear"])
        #expect(run.status == 0)
        #expect(run.err == "")
        #expect(
            run.out == """
                Removed 28 articles, 4 read marks and 3 lists from ~/.cache/newsapp/news.sqlite.
                Kept 2 saved articles; `newsapp cache clear --include-saved` removes them too.
                Removed 2 pictures (3.0 KiB) from ~/.cache/newsapp/images.

                """)
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        #expect(
            try await store.savedArticles().map(\.url) == [
                StoreFixtures.url("a-2"), StoreFixtures.url("a-1"),
            ])
        #expect(try await store.stats().articleCount == 2)
        try store.close()
        #expect(FileManager.default.fileExists(atPath: sandbox.cacheDirectory + "/images/notes.txt"))

        let all = try await sandbox.run(["cache", "clear", "--include-saved"])
        #expect(all.status == 0)
        #expect(
            all.out.hasPrefix(
                "Removed 2 articles (2 of them saved), 0 read marks and 0 lists from ~/.cache/newsapp/news.sqlite.\n"
                    + "Removed 0 pictures"))
        let stats = try await sandbox.run(["cache", "stats", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: stats.stdout) as? [String: Any])
        #expect(object["articles"] as? Int == 0)
        #expect(object["saved"] as? Int == 0)
    }

    @Test func vacuumReportsTheSizeBeforeAndAfter() async throws {
        try await fillStore()
        _ = try await sandbox.run(["cache", "clear", "--include-saved"])
        let run = try await sandbox.run(["cache", "vacuum"])
        #expect(run.status == 0)
        #expect(run.err == "")
        let line = run.out
        #expect(line.hasPrefix("Vacuumed ~/.cache/newsapp/news.sqlite: "))
        #expect(line.contains(" before, "))
        #expect(line.contains(" after"))
        #expect(line.hasSuffix(".\n"))
        #expect(line.split(separator: "\n").count == 1)
    }

    @Test func withoutAHomeDirectoryItIsExitStatusOne() async throws {
        var environment = sandbox.environment
        environment["HOME"] = nil
        environment["XDG_CACHE_HOME"] = nil
        environment["XDG_CONFIG_HOME"] = nil
        for command in [["cache", "stats"], ["cache", "clear"], ["cache", "vacuum"]] {
            let run = try await NewsAppProcess.run(command, environment: environment)
            #expect(run.status == 1, "\(command)")
            #expect(run.out == "")
            #expect(
                run.err == "newsapp: There is no cache directory: neither HOME nor XDG_CACHE_HOME is set.\n")
        }
    }

    @Test func aStoreThatStaysLockedIsOneLineAndExitStatusOne() async throws {
        try await fillStore()
        // Another connection holding the write lock for longer than the store's 5-second busy timeout.
        let holder = try LockHolder(path: sandbox.storeURL.path)
        let run = try await sandbox.run(["cache", "clear"])
        holder.release()
        #expect(run.status == 1)
        #expect(run.out == "")
        #expect(
            run.err
                == "newsapp: Could not open the news store at ~/.cache/newsapp/news.sqlite (database is locked), "
                + "so articles will not be kept this time.\n")
        let stats = try await sandbox.run(["cache", "stats", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: stats.stdout) as? [String: Any])
        #expect(object["articles"] as? Int == 30)
    }

    @Test(arguments: [
        ["cache", "stats", "--offline"],
        ["cache", "clear", "--sample"],
        ["cache", "vacuum", "--page-size", "3"],
        ["cache", "stats", "--images", "on"],
        ["cache", "purge"],
        ["cache", "clear", "--json"],
    ])
    func usageErrorsAreStatusTwo(arguments: [String]) async throws {
        let run = try await sandbox.run(arguments)
        #expect(run.status == 2)
        #expect(run.out == "")
        #expect(run.err.hasPrefix("Error: "))
    }
}

/// Holds an exclusive transaction on a database file from a thread of its own until released.
final class LockHolder: Sendable {
    private let locked = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(path: String) throws {
        let queue = try DatabaseQueue(path: path)
        let (locked, released, finished) = (self.locked, self.released, self.finished)
        Thread.detachNewThread {
            do {
                try queue.inDatabase { db in
                    try db.execute(sql: "BEGIN EXCLUSIVE")
                    locked.signal()
                    released.wait()
                    try db.execute(sql: "ROLLBACK")
                }
            } catch {
                locked.signal()
            }
            try? queue.close()
            finished.signal()
        }
        locked.wait()
    }

    func release() {
        released.signal()
        finished.wait()
    }
}
