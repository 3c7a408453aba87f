import FilterLanguage
import Foundation
import NewsModels
import ReaderAPIStub
import Store
import Sync
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A property of the sync: whatever sequence of marks made here, marks made at the service, a
/// feed unsubscribed at the service with items saved here, syncs and syncs killed (SIGKILL, at
/// any of their requests) happens, two syncs later both sides agree, by the documented rules: a
/// change made here and not yet acknowledged by the service wins; otherwise the service's state
/// wins; and an item saved here whose feed leaves the service stays saved here.
@Suite(.timeLimit(.minutes(8)), .serialized)
struct SyncAgreementTests {
    /// A small generator with a seed, so that a failing sequence can be run again.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    enum Kind: CaseIterable { case read, starred }

    struct Key: Hashable {
        var item: Int64
        var kind: Kind
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func marksHereAndThereSyncsAndKillsEndWithBothSidesAgreeing(seed: UInt64) async throws {
        var random = SplitMix(state: seed)
        let sandbox = try Sandbox()
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 2, items: 6)).whileRunning {
            server in
            try await SyncKillTests.prepare(sandbox, server)
            var ids = server.account { $0.items.map(\.id) }
            // How many requests the last whole sync made to pull: a kill is drawn among as many
            // and those the changes waiting here add.
            var pullRequests = server.requestCount
            // The links of the items of feeds unsubscribed at the service, and of those among
            // them saved here then: they must stay saved here.
            var gone: Set<String> = []
            var kept: Set<String> = []
            // The value a change made here gives, for each mark whose change the service has
            // not acknowledged.
            var pending: [Key: Bool] = [:]
            for step in 0..<10 {
                if server.account({ $0.feeds.count }) > 1, Int.random(in: 0..<6, using: &random) == 0 {
                    // Another client unsubscribes a feed with a saved item in it: the service
                    // drops the feed's items and their stars.
                    let feed = server.account { $0.feeds.randomElement(using: &random)!.id }
                    let items = server.account { $0.items.filter { $0.feed == feed } }
                    let key = Key(item: items.randomElement(using: &random)!.id, kind: .starred)
                    if try await Self.marksHere(sandbox)[key.item]?.starred != true {
                        try await Self.mark(sandbox, key, true)
                        pending[key] = true
                    }
                    let here = try await Self.marksHere(sandbox)
                    server.account { $0.unsubscribe("feed/\(feed)") }
                    gone.formUnion(items.map(\.link))
                    kept.formUnion(items.filter { here[$0.id]?.starred == true }.map(\.link))
                    let dropped = Set(items.map(\.id))
                    ids.removeAll { dropped.contains($0) }
                    pending = pending.filter { !dropped.contains($0.key.item) }
                }
                for _ in 0..<Int.random(in: 1...5, using: &random) {
                    let key = Key(
                        item: ids.randomElement(using: &random)!,
                        kind: Kind.allCases.randomElement(using: &random)!)
                    let value = Bool.random(using: &random)
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0..<4:
                        // A change only when the mark here differs.
                        let before = try await Self.marksHere(sandbox)[key.item]
                        let current = key.kind == .read ? before?.read : before?.starred
                        try await Self.mark(sandbox, key, value)
                        if current != value { pending[key] = value }
                    case 4:
                        // `mark read` on a query feed: the items titled "Item N" of every feed.
                        let number = Int.random(in: 1...6, using: &random)
                        let before = try await Self.marksHere(sandbox)
                        let chosen = server.account {
                            $0.items.filter { $0.title == "Item \(number)" }.map(\.id)
                        }
                        try await Self.markReadByFilter(sandbox, title: "Item \(number)")
                        for id in chosen where before[id]?.read == false {
                            pending[Key(item: id, kind: .read)] = true
                        }
                    default:
                        server.account { account in
                            if key.kind == .read {
                                account.mark([key.item], read: value)
                            } else {
                                account.mark([key.item], starred: value)
                            }
                        }
                    }
                }
                if step % 3 == 2 || Bool.random(using: &random) {
                    // Now and then the service's check of uncertain changes leaves every item out.
                    let emptyCheck = Bool.random(using: &random)
                    if emptyCheck { server.setFault(.emptyItemContents) }
                    let before = server.requestCount
                    let pushing = try await Self.pushRequests(sandbox)
                    let sync = try await sandbox.run(["sync"])
                    server.setFault(nil)
                    pullRequests = server.requestCount - before - pushing
                    #expect(sync.status == 0, "seed \(seed) step \(step): \(sync.err)")
                    // Every change made here and not acknowledged before is the service's now.
                    for (key, value) in pending {
                        let there = server.account { $0.item(key.item) }
                        #expect(
                            (key.kind == .read ? there?.read : there?.starred) == value,
                            "seed \(seed) step \(step): \(key.kind) of \(key.item) made here was lost")
                    }
                    pending = [:]
                } else if Int.random(in: 0..<3, using: &random) == 0 {
                    // Killed after noting its batches as sent, before the service got them (a
                    // request that never arrived): their fate is unknown here.
                    let (store, _) = try NewsStore.open(at: sandbox.storeURL)
                    try await store.markSyncChangesSent(try await store.pendingSyncChanges())
                    try store.close()
                } else {
                    // Killed at any of its requests, drawn from as many as a sync makes: once
                    // the service received that request, before its answer left. A sync that
                    // makes fewer ends on its own.
                    let pushing = try await Self.pushRequests(sandbox)
                    let requests = Int.random(in: 1...max(1, pullRequests + pushing), using: &random)
                    let before = server.requestCount
                    server.holdAnswers(afterRequests: before + requests - 1)
                    let (process, killable) = try Self.startSync(
                        sandbox, server, killableAt: before + requests)
                    if await killable.value {
                        kill(process.processIdentifier, SIGKILL)
                    }
                    process.waitUntilExit()
                    server.release()
                    if process.terminationReason == .exit {
                        #expect(process.terminationStatus == 0, "seed \(seed) step \(step): the sync failed")
                        pullRequests = server.requestCount - before - pushing
                    }
                    // What the service acknowledged before the kill is the service's now.
                    let queued = try await Self.queued(sandbox)
                    pending = pending.filter { queued.contains($0.key) }
                }
            }
            for _ in 0..<2 {
                let sync = try await sandbox.run(["sync"])
                #expect(sync.status == 0, "seed \(seed): \(sync.err)")
            }
            let here = try await Self.marksHere(sandbox)
            let there = server.account { account in
                Dictionary(
                    uniqueKeysWithValues: account.items.map { ($0.id, (read: $0.read, starred: $0.starred)) })
            }
            let (saved, _) = try NewsStore.open(at: sandbox.storeURL)
            let savedLinks = Set(try await saved.savedArticles().map(\.url.absoluteString))
            try saved.close()
            #expect(savedLinks.intersection(gone) == kept, "seed \(seed): items saved here of a feed gone")
            for id in ids {
                let mine = try #require(here[id], "seed \(seed): item \(id) is not stored here")
                let theirs = try #require(there[id])
                #expect(mine.read == theirs.read, "seed \(seed): read mark of \(id)")
                #expect(mine.starred == theirs.starred, "seed \(seed): star of \(id)")
                for kind in Kind.allCases {
                    guard let value = pending[Key(item: id, kind: kind)] else { continue }
                    #expect(
                        (kind == .read ? mine.read : mine.starred) == value,
                        "seed \(seed): \(kind) of \(id) made here")
                }
            }
            let (store, _) = try NewsStore.open(at: sandbox.storeURL)
            #expect(try await store.syncChangeCount() == 0)
            #expect(try await store.checkIntegrity() == [])
            try store.close()
        }
    }

    /// Starts `newsapp sync` in `sandbox`; the outcome says true once `server` has received its
    /// `request`-th request (the sync is held there, to be killed), false when the sync ended
    /// before making as many.
    static func startSync(_ sandbox: Sandbox, _ server: ReaderAPIStubServer, killableAt request: Int)
        throws -> (Process, FirstOutcome)
    {
        let outcome = FirstOutcome()
        let process = Process()
        process.executableURL = try NewsAppProcess.binary()
        process.arguments = ["sync"]
        process.environment = sandbox.environment.merging(NewsAppProcess.sanitizerOptions) { mine, _ in mine }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { _ in outcome.settle(false) }
        try process.run()
        Task {
            await server.waitForRequests(request)
            outcome.settle(true)
        }
        return (process, outcome)
    }

    /// The first of two outcomes to settle, awaited once.
    final class FirstOutcome: Sendable {
        private let state = Locked<(value: Bool?, waiter: CheckedContinuation<Bool, Never>?)>((nil, nil))

        func settle(_ value: Bool) {
            let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard state.value == nil else { return nil }
                state.value = value
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: value)
        }

        var value: Bool {
            get async {
                await withCheckedContinuation { continuation in
                    let now = state.withLock { state -> Bool? in
                        if state.value == nil { state.waiter = continuation }
                        return state.value
                    }
                    if let now { continuation.resume(returning: now) }
                }
            }
        }
    }

    /// Sets a mark here, as the app does.
    static func mark(_ sandbox: Sandbox, _ key: Key, _ value: Bool) async throws {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        defer { try? store.close() }
        let feeds = try await store.syncedFeeds().map(\.url)
        let itemID = ItemID(key.item).longForm
        for feed in feeds {
            switch key.kind {
            case .read: try await store.markFeedItemRead(feed: feed, itemID: itemID, read: value)
            case .starred: try await store.markFeedItemSaved(feed: feed, itemID: itemID, saved: value)
            }
        }
    }

    /// Marks read, as `mark read` on a query feed does, the items titled `title` of every feed.
    static func markReadByFilter(_ sandbox: Sandbox, title: String) async throws {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        defer { try? store.close() }
        var feeds: [URL: FilterFeed] = [:]
        for feed in try await store.syncedFeeds() {
            feeds[feed.url] = FilterFeed(url: feed.url.absoluteString, title: feed.title ?? "")
        }
        let filter = NewsStore.FeedFilter(
            expression: try FilterParser.parse("title =~ \"^\(title)$\""), feeds: feeds)
        try await store.setMark(.read(true), on: .filter(filter))
    }

    /// The requests the push of the changes waiting here makes: the write token, an `edit-tag`
    /// for each mark and value, and a check when some may have been sent.
    static func pushRequests(_ sandbox: Sandbox) async throws -> Int {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        defer { try? store.close() }
        let pending = try await store.pendingSyncChanges()
        guard !pending.isEmpty else { return 0 }
        let edits = Set(pending.map { "\($0.kind) \($0.value)" }).count
        return 1 + edits + (pending.contains(where: \.mayHaveBeenSent) ? 1 : 0)
    }

    /// The marks whose changes wait in the queue.
    static func queued(_ sandbox: Sandbox) async throws -> Set<Key> {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        defer { try? store.close() }
        return Set(
            try await store.pendingSyncChanges().map {
                Key(item: $0.item.value, kind: $0.kind == .read ? .read : .starred)
            })
    }

    /// The read and saved marks of the service's items as stored here, by the service's id.
    static func marksHere(_ sandbox: Sandbox) async throws -> [Int64: (read: Bool, starred: Bool)] {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        defer { try? store.close() }
        var marks: [Int64: (read: Bool, starred: Bool)] = [:]
        for feed in try await store.syncedFeeds() {
            for item in try await store.feedItems(of: feed.url) {
                guard let id = ItemID(item.item.id) else { continue }
                marks[id.value] = (item.read, item.saved)
            }
        }
        return marks
    }
}
