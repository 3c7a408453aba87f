import Configuration
import Feeds
import Logging
import Networking
import NewsModels
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One refresh of the subscriptions, as `newsapp refresh` and `r` in the app run it: the feeds of
/// the urls file (or only those not asked for within an interval), but those a feed service
/// syncs, with the configured concurrency and timeout; permanent moves written back to the urls
/// file; feed retention after.
public struct FeedRefreshService: Sendable {
    public let subscriptions: SubscriptionsFile
    public let store: NewsStore
    public let settings: FeedSettings
    public let retentionDays: Int
    public let logger: Logger

    public init(
        subscriptions: SubscriptionsFile, store: NewsStore, settings: FeedSettings, retentionDays: Int,
        logger: Logger
    ) {
        self.subscriptions = subscriptions
        self.store = store
        self.settings = settings
        self.retentionDays = retentionDays
        self.logger = logger
    }

    /// What a run did.
    public struct Outcome: Sendable {
        public var report: RefreshReport
        /// Subscriptions moved for good (301, 308): their old and new addresses, written to the
        /// urls file.
        public var moves: [(from: URL, to: URL)]
        /// Why the urls file could not take the moves, when it could not.
        public var moveFailure: String?
        /// The urls file's lines NewsApp does not read.
        public var skipped: [UrlsFile.SkippedLine]
    }

    /// Refreshes the subscribed feeds; with `interval`, only those not asked for within it (or
    /// never). Fails only when the urls file cannot be read.
    public func run(
        olderThan interval: Duration? = nil, now: Date = Date(),
        progress: @escaping @Sendable (RefreshProgress) -> Void = { _ in }
    ) async throws(SubscriptionsFile.Failure) -> Outcome {
        let file = try subscriptions.load()
        await applyHidingRules(file)
        let rules = FeedRules(feeds: settings)
        var titles: [URL: String] = [:]
        if !rules.isEmpty {
            let stored = (try? await store.feedSummaries(for: file.subscriptions.map(\.url))) ?? []
            let byURL = Dictionary(stored.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
            for subscription in file.subscriptions {
                titles[subscription.url] =
                    CatalogueFeed(subscription: subscription, stored: byURL[subscription.url]).title
            }
        }
        // A feed the sync brings from a feed service is that service's to fetch.
        let synced = (try? await store.syncedFeedURLs()) ?? []
        var chosen = file.subscriptions.filter { !synced.contains($0.url) }
        if let interval, !chosen.isEmpty {
            let states = (try? await store.feedStates(for: chosen.map(\.url))) ?? [:]
            chosen = chosen.filter { subscription in
                guard let asked = states[subscription.url]?.lastAttemptAt else { return true }
                // A [[feed]] rule's refresh_interval replaces the config file's for its feeds.
                var seconds = Double(interval.components.seconds)
                if !rules.isEmpty {
                    seconds =
                        60
                        * Double(
                            rules.settings(for: subscription, title: titles[subscription.url] ?? "")
                                .refreshInterval)
                }
                return asked < now.addingTimeInterval(-seconds)
            }
        }
        if !rules.isEmpty {
            chosen = chosen.map { rules.renamed($0, title: titles[$0.url] ?? "") }
        }
        let report = await refresher(killfile: await killfile(file)).refresh(chosen, progress: progress)
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
        await applyRetention(now: now, file: file, rules: rules, titles: titles)
        return outcome
    }

    private func refresher(killfile: Killfile) -> FeedRefresher {
        FeedRefresher(
            fetcher: FeedFetcher(http: CurlHTTPClient(), timeout: TimeInterval(settings.timeout)),
            storage: StoreFeedStorage(store: store),
            options: FeedRefresher.Options(
                concurrency: settings.concurrency, perHost: settings.hostConnections),
            logger: logger,
            killfile: killfile)
    }

    /// Hides the stored items the killfile names (in download mode, the synced ones: see
    /// ``FeedFilterContext/hiding(_:mode:)``), judging every item again when the rules changed
    /// since the last time. Failing leaves the marks as they were, and says why in the log.
    public func applyHidingRules(_ file: UrlsFile) async {
        let fingerprint =
            settings.ignoreMode.rawValue + "\n"
            + settings.killfile.map { ($0.feed ?? "*") + "\t" + $0.text }.joined(separator: "\n")
        do {
            var hiding = NewsStore.Hiding(rules: [], feeds: [:])
            if !settings.killfile.isEmpty,
                let rules = try await FeedFilterContext.load(file, store: store).hiding(
                    settings.killfile, mode: settings.ignoreMode)
            {
                hiding = rules
            }
            if try await store.applyHidingRules(hiding.rules, feeds: hiding.feeds, fingerprint: fingerprint) {
                logger.info(
                    "killfile applied again to the stored items", metadata: ["mode": "\(settings.ignoreMode)"]
                )
            }
        } catch {
            logger.warning(
                "the killfile could not be applied to the stored items",
                metadata: ["reason": "\(error.sentence)"])
        }
    }

    /// The config file's killfile over `file`'s feeds.
    private func killfile(_ file: UrlsFile) async -> Killfile {
        guard !settings.killfile.isEmpty else { return Killfile() }
        let feeds = (try? await FeedFilterContext.load(file, store: store).feeds) ?? [:]
        return Killfile(
            rules: settings.killfile.map { Killfile.Rule(feed: $0.feed, expression: $0.expression) },
            mode: settings.ignoreMode == .display ? .display : .download, feeds: feeds)
    }

    /// Removes what feeds no longer need: read, unsaved items beyond `max_items_per_feed` or not
    /// seen for `retention_days`, that are no longer in their feed. Failing costs only disk space.
    private func applyRetention(now: Date, file: UrlsFile, rules: FeedRules, titles: [URL: String]) async {
        let cutoff = Retention.cutoff(days: retentionDays, now: now)
        var limits: [URL: Int] = [:]
        if !rules.isEmpty {
            for subscription in file.subscriptions {
                let limit = rules.settings(for: subscription, title: titles[subscription.url] ?? "").maxItems
                if limit != settings.maxItemsPerFeed { limits[subscription.url] = limit }
            }
        }
        do {
            let removed = try await store.applyFeedRetention(
                maxItemsPerFeed: settings.maxItemsPerFeed, olderThan: cutoff, limits: limits)
            if removed > 0 { logger.info("retention removed read items", metadata: ["items": "\(removed)"]) }
        } catch {
            logger.warning("retention failed", metadata: ["reason": "\(error.sentence)"])
        }
    }
}
