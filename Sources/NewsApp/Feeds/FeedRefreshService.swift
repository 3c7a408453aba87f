import Feeds
import Foundation
import Logging
import Networking
import Store

/// One refresh of the subscriptions, as `newsapp refresh` and `r` in the app run it: the feeds of
/// the urls file (or only those not asked for within an interval), but those a feed service
/// syncs, with the configured concurrency and timeout; permanent moves written back to the urls
/// file; feed retention after.
struct FeedRefreshService: Sendable {
    let subscriptions: SubscriptionsFile
    let store: NewsStore
    let settings: FeedSettings
    let retentionDays: Int
    let logger: Logger

    /// What a run did.
    struct Outcome: Sendable {
        var report: RefreshReport
        /// Subscriptions moved for good (301, 308): their old and new addresses, written to the
        /// urls file.
        var moves: [(from: URL, to: URL)]
        /// Why the urls file could not take the moves, when it could not.
        var moveFailure: String?
        /// The urls file's lines NewsApp does not read.
        var skipped: [UrlsFile.SkippedLine]
    }

    /// Refreshes the subscribed feeds; with `interval`, only those not asked for within it (or
    /// never). Fails only when the urls file cannot be read.
    func run(
        olderThan interval: Duration? = nil, now: Date = Date(),
        progress: @escaping @Sendable (RefreshProgress) -> Void = { _ in }
    ) async throws(SubscriptionsFile.Failure) -> Outcome {
        let file = try subscriptions.load()
        // A feed the sync brings from a feed service is that service's to fetch.
        let synced = (try? await store.syncedFeedURLs()) ?? []
        var chosen = file.subscriptions.filter { !synced.contains($0.url) }
        if let interval, !chosen.isEmpty {
            let states = (try? await store.feedStates(for: chosen.map(\.url))) ?? [:]
            let cutoff = now.addingTimeInterval(-Double(interval.components.seconds))
            chosen = chosen.filter { subscription in
                guard let asked = states[subscription.url]?.lastAttemptAt else { return true }
                return asked < cutoff
            }
        }
        let report = await refresher.refresh(chosen, progress: progress)
        var outcome = Outcome(report: report, moves: [], skipped: file.skipped)
        let moved = report.feeds.compactMap { feed in
            feed.movedTo.map { (from: feed.subscription.url, to: $0) }
        }
        if !moved.isEmpty {
            do {
                try subscriptions.update { file in
                    for move in moved { file.replace(url: move.from, with: move.to) }
                }
                outcome.moves = moved
            } catch {
                outcome.moveFailure = error.description
            }
        }
        await applyRetention(now: now)
        return outcome
    }

    private var refresher: FeedRefresher {
        FeedRefresher(
            fetcher: FeedFetcher(http: CurlHTTPClient(), timeout: TimeInterval(settings.timeout)),
            storage: StoreFeedStorage(store: store),
            options: FeedRefresher.Options(concurrency: settings.concurrency), logger: logger)
    }

    /// Removes what feeds no longer need: read, unsaved items beyond `max_items_per_feed` or not
    /// seen for `retention_days`, that are no longer in their feed. Failing costs only disk space.
    private func applyRetention(now: Date) async {
        let cutoff = LocalStore.retentionCutoff(days: retentionDays, now: now)
        do {
            let removed = try await store.applyFeedRetention(
                maxItemsPerFeed: settings.maxItemsPerFeed, olderThan: cutoff)
            if removed > 0 { logger.info("retention removed read items", metadata: ["items": "\(removed)"]) }
        } catch {
            logger.warning("retention failed", metadata: ["reason": "\(error.sentence)"])
        }
    }
}
