import Foundation
import ReaderAPIStub
import Store
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `newsapp sync` killed (SIGKILL) in the middle of a push and of a pull, and two syncs of one
/// store at once: no change is lost or sent twice, no page is half-stored, and the next sync
/// completes the work.
@Suite(.timeLimit(.minutes(5)))
struct SyncKillTests {
    /// Starts `newsapp sync` in `sandbox` and returns the running process.
    static func startSync(_ sandbox: Sandbox) throws -> Process {
        let process = Process()
        process.executableURL = try NewsAppProcess.binary()
        process.arguments = ["sync"]
        process.environment = sandbox.environment.merging(NewsAppProcess.sanitizerOptions) { mine, _ in mine }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Signs in and syncs once.
    static func prepare(_ sandbox: Sandbox, _ server: ReaderAPIStubServer) async throws {
        let login = try await sandbox.run(
            ["sync", "login", server.baseURL.absoluteString, "--user", "reader"], input: "api-password\n")
        try #require(login.status == 0)
        try #require(try await sandbox.run(["sync"]).status == 0)
    }

    /// Queues a read mark for every item of the service's feeds, as `mark read` does; returns how many.
    static func readEverything(_ sandbox: Sandbox) async throws -> Int {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        let count = try await store.markFeedsRead(try await store.syncedFeeds().map(\.url))
        try store.close()
        return count
    }

    /// How many times each item was sent as read, by every `edit-tag` the server applied.
    static func readSends(_ server: ReaderAPIStubServer) -> [Int64: Int] {
        var sends: [Int64: Int] = [:]
        for edit in server.edits where edit.add && edit.tag.hasSuffix("/read") {
            for id in edit.ids { sends[id, default: 0] += 1 }
        }
        return sends
    }

    /// Requests of a push of 2,500 changes: the write token, then three `edit-tag` of 1,000, 1,000
    /// and 500. Killed while the service holds the answer to the first or the second, which it
    /// has applied.
    @Test(arguments: [2, 3])
    func aPushKilledLosesNoChangeAndSendsNoneTwice(requestsBeforeKill: Int) async throws {
        let sandbox = try Sandbox()
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 5, items: 500)).whileRunning {
            server in
            try await Self.prepare(sandbox, server)
            #expect(try await Self.readEverything(sandbox) == 2_500)
            let before = server.requestCount
            server.holdAnswers(afterRequests: before + requestsBeforeKill - 1)
            let process = try Self.startSync(sandbox)
            await server.waitForRequests(before + requestsBeforeKill)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            server.release()

            let (store, _) = try NewsStore.open(at: sandbox.storeURL)
            // The batches answered before the kill are gone from the queue; the one whose answer
            // never came stays, noted as sent.
            let answered = requestsBeforeKill - 2
            #expect(try await store.syncChangeCount() == 2_500 - 1_000 * answered)
            #expect(try await store.pendingSyncChanges().filter(\.mayHaveBeenSent).count == 1_000)
            #expect(try await store.checkIntegrity() == [])
            try store.close()

            let again = try await sandbox.run(["sync"])
            #expect(again.status == 0, "\(again.err)")
            #expect(server.account { $0.items.allSatisfy(\.read) })
            let sends = Self.readSends(server)
            #expect(sends.count == 2_500)
            #expect(sends.values.allSatisfy { $0 == 1 }, "\(sends.values.filter { $0 > 1 }.count) sent twice")
            let (after, _) = try NewsStore.open(at: sandbox.storeURL)
            #expect(try await after.syncChangeCount() == 0)
            try after.close()
        }
    }

    /// Requests of a first sync of 10,000 unread items: the subscriptions, then pages of 1,000.
    /// Killed while it waits for the 4th or the 8th page.
    @Test(arguments: [5, 9])
    func aPullKilledLeavesWholePagesAndTheNextSyncCompletesIt(requestsBeforeKill: Int) async throws {
        let sandbox = try Sandbox()
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 20, items: 500)).whileRunning {
            server in
            let login = try await sandbox.run(
                ["sync", "login", server.baseURL.absoluteString, "--user", "reader"], input: "api-password\n")
            try #require(login.status == 0)
            let before = server.requestCount
            server.holdAnswers(afterRequests: before + requestsBeforeKill - 1)
            let process = try Self.startSync(sandbox)
            await server.waitForRequests(before + requestsBeforeKill)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            server.release()

            let (store, _) = try NewsStore.open(at: sandbox.storeURL)
            #expect(try await store.checkIntegrity() == [])
            let stored = try await store.feedSummaries(for: nil).map(\.itemCount).reduce(0, +)
            #expect(stored % 1_000 == 0 && stored < 10_000, "\(stored) items: a page half-stored")
            #expect(try await store.syncValues()["pull.continuation"] != nil || stored == 0)
            try store.close()

            let resumed = server.requestCount
            let again = try await sandbox.run(["sync"])
            #expect(again.status == 0, "\(again.err)")
            let firstPage = server.requests.dropFirst(server.requests.count - (server.requestCount - resumed))
                .first { $0.path.contains("stream/contents") }
            #expect((firstPage?.query("c") != nil) == (stored > 0))
            let (after, _) = try NewsStore.open(at: sandbox.storeURL)
            let counts = try await after.feedSummaries(for: nil).map(\.itemCount)
            #expect(counts == Array(repeating: 500, count: 20))
            #expect(try await after.checkIntegrity() == [])
            try after.close()
        }
    }

    @Test func twoSyncsOfOneStoreTakeTurnsAndSendEachChangeOnce() async throws {
        let sandbox = try Sandbox()
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 5, items: 500)).whileRunning {
            server in
            try await Self.prepare(sandbox, server)
            #expect(try await Self.readEverything(sandbox) == 2_500)
            // The first sync holds the lock while the service holds the answer to its first batch.
            let before = server.requestCount
            server.holdAnswers(afterRequests: before + 1)
            let first = try Self.startSync(sandbox)
            await server.waitForRequests(before + 2)
            let second = try Self.startSync(sandbox)
            try await Self.waitForLog(sandbox, "another NewsApp is syncing this store; waiting for it to end")
            server.release()
            first.waitUntilExit()
            second.waitUntilExit()
            #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
            let sends = Self.readSends(server)
            #expect(sends.count == 2_500)
            #expect(sends.values.allSatisfy { $0 == 1 })
            #expect(server.edits.count == 3)
        }
    }

    /// Waits until the log holds `line` (a condition with a deadline, never a fixed pause).
    static func waitForLog(_ sandbox: Sandbox, _ line: String, timeout: Duration = .seconds(60)) async throws
    {
        let path = sandbox.home + "/.local/state/newsapp/newsapp.log"
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let log = try? String(contentsOfFile: path, encoding: .utf8), log.contains(line) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("Timed out waiting for “\(line)” in the log.")
    }
}
