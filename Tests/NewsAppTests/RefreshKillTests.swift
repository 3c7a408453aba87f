import Foundation
import Store
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `newsapp refresh` killed (SIGKILL) in the middle of many feeds: the store opens cleanly, passes
/// its integrity checks, and holds every feed whole or not at all.
@Suite(.timeLimit(.minutes(10)))
struct RefreshKillTests {
    static let feedCount = 40
    static let itemsPerFeed = 150

    @Test(arguments: [6, 23])
    func aKilledRefreshLeavesNoFeedHalfWritten(requestsBeforeKill: Int) async throws {
        let sandbox = try Sandbox()
        var files: [String: FeedServer.File] = [:]
        for index in 0..<Self.feedCount {
            files["/feed-\(index).xml"] = FeedServer.atom("feed\(index)", count: Self.itemsPerFeed)
        }
        // Later requests are held: the refresh is still running when it is killed.
        let server = try FeedServer(files: files, holdingAfter: requestsBeforeKill)
        let urls = (0..<Self.feedCount).map { "\(server.base)/feed-\($0).xml\n" }.joined()
        try sandbox.directory.write(urls, to: ".config/newsapp/urls")

        let process = Process()
        process.executableURL = try NewsAppProcess.binary()
        process.arguments = ["refresh"]
        process.environment = sandbox.environment.merging(NewsAppProcess.sanitizerOptions) { mine, _ in mine }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        await server.server.waitForRequests(requestsBeforeKill)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        #expect(try await store.checkIntegrity() == [])
        let feeds = (0..<Self.feedCount).map { URL(string: "\(server.base)/feed-\($0).xml")! }
        for summary in try await store.feedSummaries(for: feeds) {
            #expect([0, Self.itemsPerFeed].contains(summary.itemCount), "\(summary.url) is half-written")
            #expect(try await store.feedItems(of: summary.url).count == summary.itemCount)
        }
        try store.close()

        // The next refresh finishes the work (a new server: the old one holds what it was asked).
        await server.stop()
        let whole = try FeedServer(files: files)
        let moved = (0..<Self.feedCount).map { "\(whole.base)/feed-\($0).xml\n" }.joined()
        try sandbox.directory.write(moved, to: ".config/newsapp/urls")
        let again = try await sandbox.run(["refresh"])
        #expect(again.status == 0)
        let (reopened, _) = try NewsStore.open(at: sandbox.storeURL)
        let wholeFeeds = (0..<Self.feedCount).map { URL(string: "\(whole.base)/feed-\($0).xml")! }
        let counts = try await reopened.feedSummaries(for: wholeFeeds).map(\.itemCount)
        #expect(counts == Array(repeating: Self.itemsPerFeed, count: Self.feedCount))
        #expect(try await reopened.checkIntegrity() == [])
        try reopened.close()
        await whole.stop()
    }
}
