import Foundation
import NewsModels
import SQLite
import TestSupport
import Testing

@testable import Store
@testable import StoreKillTestHelper

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The helper (`StoreKillTestHelper`) records pages (or batches of feeds) in a loop and is killed
/// with SIGKILL at random moments: right after it reported 0 to 6 commits, so mostly in the middle
/// of the next transaction (or a checkpoint), and now and then before it even opened the store.
/// After each kill the store must open without a notice, pass both integrity checks and hold
/// every page the helper reported, and every feed as one whole document. Synchronisation is on
/// the helper's lines, never on sleeps.
@Suite("SIGKILL safety")
struct KillTests {
    @Test func killingAWriterAtRandomMomentsLosesNoCommittedPageAndNeverCorrupts() async throws {
        let helper = try BuiltProduct.url(named: "StoreKillTestHelper")
        let directory = try TemporaryDirectory()
        var generator = SplitMix64(seed: UInt64.random(in: 0...UInt64.max))
        let seed = generator.seed
        var committed: [Int] = []
        for iteration in 0..<30 {
            let wanted = iteration % 10 == 9 ? -1 : Int.random(in: 0...6, using: &generator)
            let run = try await HelperRun.start(
                helper, store: directory.storeURL, firstIndex: iteration * 10_000, killAfter: wanted)
            let context = Comment(
                rawValue: "seed \(seed), iteration \(iteration), wanted \(wanted): \(run.lines)")
            #expect(run.killedBySIGKILL, context)
            #expect(!run.lines.contains { $0.hasPrefix("error") || $0.hasPrefix("notice") }, context)
            if wanted >= 0 { #expect(run.committed.count >= wanted, context) }
            committed += run.committed

            let store = try NewsStore.openClean(directory.storeURL)
            #expect(try await store.checkIntegrity() == [], context)
            for index in committed {
                let page = try await store.storedPage(
                    for: KillTestPages.key(index), page: 1, pageSize: KillTestPages.pageSize)
                #expect(page?.urls == KillTestPages.urls(index), "page \(index) \(context)")
            }
            try store.close()
        }
        #expect(committed.count >= 30, "seed \(seed)")
        #expect(try directory.names().allSatisfy { !$0.contains("corrupt") })
    }

    @Test func killingAFeedWriterNeverLeavesAFeedHalfWritten() async throws {
        let helper = try BuiltProduct.url(named: "StoreKillTestHelper")
        let directory = try TemporaryDirectory()
        var generator = SplitMix64(seed: UInt64.random(in: 0...UInt64.max))
        let seed = generator.seed
        var committed: [Int] = []
        for iteration in 0..<20 {
            let wanted = iteration % 10 == 9 ? -1 : Int.random(in: 0...6, using: &generator)
            let run = try await HelperRun.start(
                helper, store: directory.storeURL, firstIndex: iteration * 10_000, killAfter: wanted,
                mode: "feeds")
            let context = Comment(
                rawValue: "seed \(seed), iteration \(iteration), wanted \(wanted): \(run.lines)")
            #expect(run.killedBySIGKILL, context)
            #expect(!run.lines.contains { $0.hasPrefix("error") || $0.hasPrefix("notice") }, context)
            if wanted >= 0 { #expect(run.committed.count >= wanted, context) }
            committed += run.committed

            let store = try NewsStore.openClean(directory.storeURL)
            #expect(try await store.checkIntegrity() == [], context)
            let versions = try await Self.checkWholeDocuments(store, context)
            // Every reported batch is stored, or overwritten by a later one.
            for index in committed {
                for feed in KillTestFeeds.feeds(index) {
                    #expect((versions[feed] ?? -1) >= index, "batch \(index), feed \(feed) \(context)")
                }
            }
            try store.close()
        }
        #expect(committed.count >= 20, "seed \(seed)")
        #expect(try directory.names().allSatisfy { !$0.contains("corrupt") })
    }

    /// Checks that each stored feed holds exactly the items of one version of its document, the
    /// one its row's `lastFetchedAt` and title name, and that the items it dropped are older;
    /// returns the version of each feed.
    private static func checkWholeDocuments(_ store: NewsStore, _ context: Comment) async throws -> [Int: Int]
    {
        struct Item: Sendable {
            var itemID: String
            var title: String
            var lastFetchedAt: Double?
        }
        struct Feed: Sendable {
            var url: String
            var title: String?
            var lastFetchedAt: Double?
            var items: [Item]
        }
        let feeds = try await store.read { db in
            try Row.fetchAll(db, sql: "SELECT id, url, title, lastFetchedAt FROM feed").map { row in
                Feed(
                    url: row["url"], title: row["title"], lastFetchedAt: row["lastFetchedAt"],
                    items: try Row.fetchAll(
                        db, sql: "SELECT itemID, title, lastFetchedAt FROM article WHERE feedID = ?",
                        arguments: [row["id"] as Int64]
                    ).map {
                        Item(itemID: $0["itemID"], title: $0["title"], lastFetchedAt: $0["lastFetchedAt"])
                    })
            }
        }
        var versions: [Int: Int] = [:]
        for feed in feeds {
            let number = try #require(
                (0..<KillTestFeeds.feedCount).first { KillTestFeeds.url($0).absoluteString == feed.url })
            guard let fetched = feed.lastFetchedAt else {
                #expect(feed.items.isEmpty, "feed \(number) never fetched \(context)")
                continue
            }
            let version = Int(fetched - KillTestFeeds.time(0).timeIntervalSince1970)
            versions[number] = version
            #expect(
                feed.title == KillTestFeeds.title(feed: number, version: version), "feed \(number) \(context)"
            )
            let held = feed.items.filter { $0.lastFetchedAt == nil }
            let expected = (0..<KillTestFeeds.itemCount(version)).map { "kill:\(number):\($0)" }
            #expect(Set(held.map(\.itemID)) == Set(expected), "feed \(number) version \(version) \(context)")
            #expect(
                held.allSatisfy { $0.title.hasPrefix("Feed \(number) version \(version) item ") },
                "feed \(number) version \(version) \(context)")
            let dropped = feed.items.filter { $0.lastFetchedAt != nil }
            #expect(dropped.allSatisfy { $0.lastFetchedAt! < fetched }, "feed \(number) \(context)")
            #expect(dropped.allSatisfy { !expected.contains($0.itemID) }, "feed \(number) \(context)")
        }
        return versions
    }
}

/// One run of the helper, from start to SIGKILL.
struct HelperRun {
    var lines: [String] = []
    var killedBySIGKILL = false

    /// The indexes of the pages the helper reported committed.
    var committed: [Int] {
        lines.compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst("committed ".count)) : nil }
    }

    /// Starts the helper, waits for `ready` and `killAfter` commits (a negative number: waits
    /// for nothing), kills it with SIGKILL, then reads what it wrote before dying. The blocking
    /// work runs on a thread of its own.
    static func start(_ helper: URL, store: URL, firstIndex: Int, killAfter: Int, mode: String? = nil)
        async throws -> HelperRun
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try runBlocking(
                            helper, store: store, firstIndex: firstIndex, killAfter: killAfter, mode: mode)
                    })
            }
        }
    }

    private static func runBlocking(_ helper: URL, store: URL, firstIndex: Int, killAfter: Int, mode: String?)
        throws -> HelperRun
    {
        let process = Process()
        process.executableURL = helper
        process.arguments = [store.path, String(firstIndex)] + (mode.map { [$0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Only the child may hold the write end, so that its death ends the stream.
        try output.fileHandleForWriting.close()
        var reader = LineReader(output.fileHandleForReading.fileDescriptor)
        var run = HelperRun()
        if killAfter >= 0 {
            while let line = reader.next() {
                run.lines.append(line)
                if line == "ready", killAfter == 0 { break }
                if line.hasPrefix("committed"), run.committed.count >= killAfter { break }
                if line.hasPrefix("error") || line.hasPrefix("notice") { break }
            }
        }
        kill(process.processIdentifier, SIGKILL)
        // Lines already in the pipe were written after their commit returned: they count too.
        while let line = reader.next() { run.lines.append(line) }
        process.waitUntilExit()
        run.killedBySIGKILL =
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        try output.fileHandleForReading.close()
        return run
    }
}

/// Blocking line reads from a file descriptor.
struct LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var ended = false

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    /// The next line without its newline; nil at the end of the stream. A last line without a
    /// newline was cut off by the kill and is dropped.
    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if ended { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
            } else if count == 0 || errno != EINTR {
                ended = true
            }
        }
    }
}
