import Logging
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Hands outcomes to the store in large transactions while the next feeds are fetched and parsed:
/// outcomes gather until they hold ``threshold`` units (an item is one, a feed ten), then go to
/// the store as one write while the next batch gathers. A full batch's write starts at once (the
/// store makes its rows while it waits for the write before), and the next batch gathers only
/// once the write before it is done, so at most two batches are held in memory: that is the
/// refresh's back-pressure. The bytes each document holds in the refresh's ``ByteBudget`` are
/// given back once its batch is written (or has failed).
///
/// One caller at a time: the refresh's coordinating loop awaits each call.
actor BatchWriter {
    private let storage: any FeedStorage
    private let threshold: Int
    private let logger: Logger
    private let onStored: @Sendable (_ newItems: Int) -> Void
    private let budget: ByteBudget?

    private var pending: [FeedOutcome] = []
    private var pendingUnits = 0
    /// The bytes the gathering batch holds in the budget.
    private(set) var pendingBytes = 0
    /// Batches handed to the store and not yet written.
    private(set) var unwrittenBatches = 0
    private var writing: Task<Void, Never>?
    private(set) var counts: [URL: ItemCounts] = [:]
    /// Feeds whose write failed, and why.
    private(set) var failures: [URL: String] = [:]
    /// Why the last write failed.
    private var lastError: String?
    /// The time during which a batch was being written (batches overlap a little: the next is
    /// prepared while one is written): the writing stage's share of a refresh.
    private(set) var busy: Duration = .zero
    private var inFlight = 0
    private var busySince: ContinuousClock.Instant?

    init(
        storage: any FeedStorage, threshold: Int, logger: Logger, budget: ByteBudget? = nil,
        onStored: @escaping @Sendable (_ newItems: Int) -> Void
    ) {
        self.storage = storage
        self.threshold = threshold
        self.logger = logger
        self.budget = budget
        self.onStored = onStored
    }

    /// Adds `outcome` to the batch, writing the batch once it is full.
    func submit(_ outcome: FeedOutcome) async {
        if case .skipped = outcome.result { return }
        pending.append(outcome)
        pendingUnits += outcome.itemCount + 10
        pendingBytes += outcome.heldBytes
        if pendingUnits >= threshold { await flush() }
    }

    /// Whether a full budget of `limit` bytes needs the gathering batch written now: it holds half
    /// the budget, or it is all that holds bytes that no request or write will give back.
    func mustFlush(limit: Int, requestsInFlight: Bool) -> Bool {
        guard !pending.isEmpty else { return false }
        return pendingBytes >= limit / 2 || (!requestsInFlight && unwrittenBatches == 0)
    }

    /// Writes the gathering batch now, however small: its bytes are what keeps the budget full.
    func flushPending() async {
        guard !pending.isEmpty else { return }
        await flush()
    }

    /// Writes what is left and waits for every write.
    func finish() async {
        await flush()
        await writing?.value
        writing = nil
    }

    /// Starts writing the batch, then waits for the write before it: the store can make the
    /// batch's rows while the one before is written, and no more batches are held than before.
    private func flush() async {
        let previous = writing
        if !pending.isEmpty {
            let batch = pending
            pending = []
            pendingUnits = 0
            pendingBytes = 0
            unwrittenBatches += 1
            writing = Task { await self.write(batch) }
        }
        await previous?.value
    }

    /// Writes `batch` in one transaction; when that fails, each feed alone, so that a feed too
    /// big for what is left of the disk (or one the store refuses) does not fail the others.
    private func write(_ batch: [FeedOutcome]) async {
        defer {
            unwrittenBatches -= 1
            budget?.give(batch.reduce(0) { $0 + $1.heldBytes })
        }
        guard !(await writeTogether(batch)) else { return }
        guard batch.count > 1 else { return await recordFailure(of: batch[0]) }
        for outcome in batch {
            if !(await writeTogether([outcome])) { await recordFailure(of: outcome) }
        }
    }

    /// Writes `batch` in one transaction; false when the store refused it (and why is kept).
    private func writeTogether(_ batch: [FeedOutcome]) async -> Bool {
        let clock = ContinuousClock()
        let started = clock.now
        inFlight += 1
        if inFlight == 1 { busySince = started }
        defer {
            inFlight -= 1
            if inFlight == 0, let since = busySince { busy += clock.now - since }
        }
        do {
            let written = try await storage.write(batch)
            logger.debug(
                "stored a batch",
                metadata: [
                    "feeds": "\(batch.count)", "items": "\(batch.reduce(0) { $0 + $1.itemCount })",
                    "ms": "\(Int((clock.now - started).seconds * 1000))",
                ])
            var new = 0
            for (url, count) in written {
                counts[url, default: ItemCounts()] = counts[url, default: ItemCounts()] + count
                new += count.new
            }
            onStored(new)
            return true
        } catch {
            lastError = "The feed could not be stored (\(Self.describe(error)))."
            return false
        }
    }

    /// The store refused `outcome` alone: its failure is reported, and recorded in the store when
    /// that small write still fits, so that `newsapp feeds` says why (a full disk among others).
    private func recordFailure(of outcome: FeedOutcome) async {
        let reason = lastError ?? "The feed could not be stored."
        failures[outcome.url] = reason
        logger.error(
            "store write failed", metadata: ["url": "\(outcome.url.shownAddress)", "reason": "\(reason)"])
        guard case .fetched = outcome.result else { return }
        let failed = FeedOutcome(
            subscription: outcome.subscription, result: .failed(FeedFailure(reason)),
            attemptedAt: outcome.attemptedAt, bytes: outcome.bytes)
        _ = try? await storage.write([failed])
    }

    private static func describe(_ error: any Error) -> String {
        (error as? FeedStorageError)?.reason ?? String(describing: type(of: error))
    }
}
