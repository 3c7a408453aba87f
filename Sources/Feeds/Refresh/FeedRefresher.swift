import Logging
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Refreshes many feeds at once: a bounded number of requests in flight (at most
/// ``Options/perHost`` to one host, so no server sees a burst; the hosts with the most feeds
/// first), each answer parsed as soon as it has all arrived, and the parsed feeds written to the
/// store in large transactions while the next ones are fetched. A feed's failure is recorded and
/// never stops the others; a host whose request timed out is not asked again in the refresh
/// (``SilentHosts``), and a request waiting longer than ``Options/patience`` no longer holds a
/// place in ``Options/concurrency``. No request starts while the bytes of bodies and unwritten
/// documents held reach ``Options/byteBudget``; the longest chains' feeds are parsed first.
public struct FeedRefresher: Sendable {
    public struct Options: Sendable, Equatable {
        /// Feeds in flight at once.
        public var concurrency: Int
        /// Feeds in flight at once from one host.
        public var perHost: Int
        /// How long a request may wait for its answer while counting against ``concurrency``:
        /// after it, a hung server or a slow body holds only its host's place.
        public var patience: Duration
        /// Units (an item is one, a feed ten) gathered before a write. Two batches are held at
        /// once, so the batch bounds a refresh's peak memory: 2,500 (five feeds of 500 items)
        /// keeps a refresh of 199 such feeds under its 60 MB target, and larger batches are
        /// written no faster (see BENCHMARKS.md, “Measurements behind the code”).
        public var batchUnits: Int
        /// Bytes of bodies (arriving, or waiting to be parsed) and of documents waiting to be
        /// written at which no more requests start (see ``ByteBudget``): when the writer is
        /// behind, fetching waits for it rather than piling up bodies and documents. The
        /// requests already in flight when it fills bring their bodies on top, so the bytes held
        /// reach about twice the budget with many requests at once. 4 MiB rather than 8 gives a
        /// refresh from a hundred hosts a lower peak without slowing it (see BENCHMARKS.md).
        public var byteBudget: Int

        public init(
            concurrency: Int = 48, perHost: Int = 2, patience: Duration = .milliseconds(500),
            batchUnits: Int = 2_500, byteBudget: Int = 4 << 20
        ) {
            self.concurrency = max(1, concurrency)
            self.perHost = max(1, perHost)
            self.patience = patience
            self.batchUnits = max(1, batchUnits)
            self.byteBudget = max(1, byteBudget)
        }
    }

    public let fetcher: FeedFetcher
    public let storage: any FeedStorage
    public let options: Options
    public let logger: Logger
    /// Applied to each document as it is parsed, before it is stored.
    public let killfile: Killfile

    public init(
        fetcher: FeedFetcher, storage: any FeedStorage, options: Options = Options(), logger: Logger,
        killfile: Killfile = Killfile()
    ) {
        self.fetcher = fetcher
        self.storage = storage
        self.options = options
        self.logger = logger
        self.killfile = killfile
    }

    /// Refreshes every subscription once and says how it went; `progress` hears of each feed done
    /// and each batch stored, from any thread.
    public func refresh(
        _ subscriptions: [Subscription],
        progress: @escaping @Sendable (RefreshProgress) -> Void = { _ in }
    ) async -> RefreshReport {
        let clock = ContinuousClock()
        let started = clock.now
        let states: [URL: FeedState]
        do {
            states = try await storage.states(for: subscriptions.map(\.url))
        } catch {
            logger.warning("stored feed states could not be read; asking for every feed in full")
            states = [:]
        }
        let tally = Locked(RefreshProgress(total: subscriptions.count, done: 0, newItems: 0))
        let budget = ByteBudget(limit: options.byteBudget)
        let writer = BatchWriter(
            storage: storage, threshold: options.batchUnits, logger: logger, budget: budget
        ) { new in
            progress(
                tally.withLock {
                    $0.newItems += new
                    return $0
                })
        }
        // What the report needs of each feed, without its document: the documents go to the
        // store and are let go, so memory holds a batch or two of items, never every feed's.
        var reports = subscriptions.map {
            FeedReport(subscription: $0, status: .failed("The refresh stopped before this feed."))
        }
        let gate = ParseGate()
        await withTaskGroup(of: Event.self) { group in
            let hosts = subscriptions.map { Self.hostKey($0.url) }
            // A feed's place at the parse gate: its host's number of feeds, the length of the
            // chain it is part of.
            let chains = Dictionary(hosts.map { ($0, 1) }, uniquingKeysWith: +)
            var schedule = HostSchedule(
                hosts: hosts, concurrency: options.concurrency, perHost: options.perHost)
            var silent = SilentHosts()
            // Requests in flight, and those waited on for longer than the patience, by start.
            var started: [Int: ContinuousClock.Instant] = [:]
            var waitedLong: Set<Int> = []
            var remaining = subscriptions.count
            var awaitingRoom = false
            func startWhatFits() {
                while !budget.isFull, let index = schedule.next(allowing: { silent.mayStart($0) }) {
                    let subscription = subscriptions[index]
                    let state = states[subscription.url]
                    silent.started(hosts[index])
                    if silent.isSilent(hosts[index]),
                        (state?.retryAfter).map({ $0 <= fetcher.clock() }) ?? true
                    {
                        let outcome = FeedOutcome(
                            subscription: subscription, result: .failed(.silentServer),
                            attemptedAt: fetcher.clock())
                        group.addTask { .finished(index, outcome) }
                        continue
                    }
                    started[index] = clock.now
                    group.addTask { [killfile, priority = chains[hosts[index]]!] in
                        var outcome = await fetcher.fetch(
                            subscription, state: state, parsingThrough: gate, priority: priority,
                            budget: budget)
                        killfile.apply(to: &outcome)
                        return .finished(index, outcome)
                    }
                    group.addTask { [patience = options.patience] in
                        try? await Task.sleep(for: patience)
                        return .waitedLong(index)
                    }
                }
                // Held back by the budget: started again once bytes are given back.
                if budget.isFull, !schedule.isEmpty, !awaitingRoom {
                    awaitingRoom = true
                    group.addTask {
                        await budget.waitForRoom()
                        return .room
                    }
                }
            }
            /// The hosts waited on for long, the longest first.
            func waitingFor() -> [String] {
                var seen: Set<String> = []
                return waitedLong.sorted { started[$0]! < started[$1]! }.map { hosts[$0] }
                    .filter { seen.insert($0).inserted }
            }
            startWhatFits()
            while let event = await group.next() {
                switch event {
                case .room:
                    awaitingRoom = false
                    startWhatFits()
                case .waitedLong(let index):
                    // A request still waiting (a hung server, a slow body) holds no slot another
                    // host's feed could use: its host's limit alone holds it back.
                    guard started[index] != nil, waitedLong.insert(index).inserted else { continue }
                    schedule.release(index)
                    startWhatFits()
                    let waited = waitingFor()
                    progress(
                        tally.withLock {
                            $0.waitingFor = waited
                            return $0
                        })
                case .finished(let index, let outcome):
                    started[index] = nil
                    waitedLong.remove(index)
                    silent.record(outcome, host: hosts[index])
                    schedule.finished(index)
                    startWhatFits()
                    log(outcome)
                    reports[index] = Self.report(subscriptions[index], outcome)
                    remaining -= 1
                    // Only the patience timers and a wait for room are left: they end at once.
                    if remaining == 0 {
                        group.cancelAll()
                        budget.wakeAll()
                    }
                    let waited = waitingFor()
                    progress(
                        tally.withLock {
                            $0.done += 1
                            $0.waitingFor = waited
                            return $0
                        })
                    await writer.submit(outcome)
                }
                // The budget is full and the gathering batch holds half of it, or all of it with
                // nothing in flight and nothing being written: write what there is, or nothing
                // would give bytes back. Not sooner: small batches cost the writer more per item.
                if budget.isFull,
                    await writer.mustFlush(limit: budget.limit, requestsInFlight: !started.isEmpty)
                {
                    await writer.flushPending()
                }
            }
        }
        await writer.finish()
        let counts = await writer.counts
        let failures = await writer.failures
        let (parsing, writing) = (await gate.busy, await writer.busy)
        for index in reports.indices {
            let url = subscriptions[index].url
            reports[index].counts = counts[url] ?? ItemCounts()
            if let failure = failures[url] { reports[index].status = .failed(failure) }
        }
        let report = RefreshReport(feeds: reports, duration: clock.now - started, mostBytesHeld: budget.peak)
        logger.info(
            "refresh done",
            metadata: [
                "feeds": "\(report.feeds.count)", "updated": "\(report.updatedCount)",
                "unchanged": "\(report.unchangedCount)", "failed": "\(report.failedCount)",
                "skipped": "\(report.skippedCount)", "new": "\(report.newItems)",
                "seconds": "\(report.duration.seconds)", "parsingSeconds": "\(parsing.seconds)",
                "writingSeconds": "\(writing.seconds)", "mostBytesHeld": "\(report.mostBytesHeld)",
            ])
        return report
    }

    /// What the refresh's tasks say: a feed's outcome, or that its request has waited long.
    private enum Event: Sendable {
        case finished(Int, FeedOutcome)
        case waitedLong(Int)
        /// The budget has room again after holding requests back.
        case room
    }

    // MARK: - Reporting

    /// What the report keeps of `outcome`: its status, title and move, not its document.
    private static func report(_ subscription: Subscription, _ outcome: FeedOutcome) -> FeedReport {
        var report = FeedReport(
            subscription: subscription, status: .unchanged, movedTo: outcome.movedTo, bytes: outcome.bytes)
        switch outcome.result {
        case .fetched(let document, _):
            report.status = .updated
            report.title = document.title
        case .notModified:
            report.status = .unchanged
        case .failed(let reason):
            report.status = .failed(reason.sentence)
        case .skipped(let until):
            report.status = .skipped(until: until)
        }
        return report
    }

    private func log(_ outcome: FeedOutcome) {
        let url = outcome.url.shownAddress
        switch outcome.result {
        case .fetched(let document, _):
            logger.debug(
                "fetched",
                metadata: ["url": "\(url)", "bytes": "\(outcome.bytes)", "items": "\(document.items.count)"])
            if let damage = document.damage {
                logger.warning(
                    "feed read in part", metadata: ["url": "\(url)", "reason": "\(damage.sentence)"])
            }
        case .notModified:
            logger.debug("not modified", metadata: ["url": "\(url)"])
        case .failed(let failure):
            logger.warning("refresh failed", metadata: ["url": "\(url)", "reason": "\(failure.sentence)"])
        case .skipped(let until):
            logger.info(
                "skipped: the server asked to wait", metadata: ["url": "\(url)", "until": "\(until)"])
        }
        if let movedTo = outcome.movedTo {
            logger.notice("moved permanently", metadata: ["url": "\(url)", "to": "\(movedTo.shownAddress)"])
        }
    }

    /// The host a request counts against: the lowercased host name (every port of a host shares
    /// its limit).
    static func hostKey(_ url: URL) -> String {
        url.host?.lowercased() ?? url.absoluteString
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
