import NewsModels
import Store
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opening an article store at launch: `news.sqlite` (or the sample edition's `sample.sqlite`)
/// in the ``CacheDirectory``, with articles not fetched for `retention_days` evicted (saved ones
/// never are).
///
/// Launch stays fast: no integrity check (seconds at 100,000 articles), and eviction is a few
/// indexed deletes. A store that cannot be opened is one line on standard error and the run goes
/// on without it.
public enum LocalStore {
    /// What opening gave: the store, or none, and the lines to print on standard error.
    public struct Outcome {
        public var store: NewsStore?
        /// `newsapp: …`, one line each, sanitised.
        public var messages: [String] = []
        /// The retention cutoff when launch eviction stopped at its limit with more to do, for
        /// ``evictRemaining(_:olderThan:)``; nil when nothing is left.
        public var evictionLeft: Date? = nil

        public init(store: NewsStore? = nil, messages: [String] = [], evictionLeft: Date? = nil) {
            self.store = store
            self.messages = messages
            self.evictionLeft = evictionLeft
        }
    }

    /// Opens (or creates) `edition`'s store in `directory` and evicts what is older than
    /// `retentionDays` days, measured from `now`. The live store loses the sample edition's
    /// articles an older version recorded in it, once (``SampleArticlesCleanup``).
    public static func open(
        _ directory: CacheDirectory?,
        edition: StoreEdition = .live,
        retentionDays: Int,
        now: @escaping @Sendable () -> Date = { Date() },
        notices: @escaping @Sendable (String) -> Void
    ) async -> Outcome {
        guard let directory else {
            return Outcome(messages: [
                line(
                    "No home directory (HOME and XDG_CACHE_HOME are unset), so articles will not be kept "
                        + "this time.")
            ])
        }
        do {
            try directory.create()
        } catch {
            return Outcome(messages: [
                line(
                    "Could not open the news store at \(directory.display(directory.storePath(edition))) "
                        + "(\(error.reason)), so articles will not be kept this time.")
            ])
        }
        let store: NewsStore
        var messages: [String] = []
        do {
            let (opened, notice) = try NewsStore.open(
                at: URL(fileURLWithPath: directory.storePath(edition)), clock: now)
            store = opened
            if let notice { messages.append(line(directory.abbreviating(notice))) }
        } catch {
            return Outcome(messages: [line(directory.abbreviating(error.sentence))])
        }
        // Damage found later (the store is then replaced) is one line on standard error until a
        // session shows it on its terminal instead: see relayNotices(of:in:to:).
        relayNotices(of: store, in: directory, to: notices)
        if edition == .live { await SampleArticlesCleanup.runOnce(on: store, in: directory) }
        // One bounded step: a store left alone for months must not make a launch wait for
        // seconds. Failing to evict (another instance holding the write lock) costs only disk space.
        let cutoff = Retention.cutoff(days: retentionDays, now: now())
        let evicted = (try? await store.evict(olderThan: cutoff, limit: launchEvictionLimit)) ?? 0
        return Outcome(
            store: store, messages: messages,
            evictionLeft: evicted >= launchEvictionLimit ? cutoff : nil)
    }

    /// Articles evicted at most at launch: about 80 ms of work at 100,000 articles.
    public static let launchEvictionLimit = 2_000
    /// Articles evicted at most per step of ``evictRemaining(_:olderThan:)``.
    public static let backgroundEvictionLimit = 1_000

    /// Evicts what is older than `cutoff` in short steps with pauses between them, so pages being
    /// recorded meanwhile wait at most one step; returns when nothing is left or when cancelled.
    public static func evictRemaining(_ store: NewsStore, olderThan cutoff: Date) async {
        while !Task.isCancelled {
            guard let evicted = try? await store.evict(olderThan: cutoff, limit: backgroundEvictionLimit),
                evicted >= backgroundEvictionLimit
            else { return }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Opens `edition`'s store for the `cache` commands: no eviction, and nil (no message) when
    /// there is no store file yet, so looking does not create one.
    public static func openExisting(_ directory: CacheDirectory, edition: StoreEdition) throws(StoreError)
        -> (
            NewsStore, notice: String?
        )?
    {
        let path = directory.storePath(edition)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try NewsStore.open(at: URL(fileURLWithPath: path))
    }

    /// Sends each of `store`'s notices (a damaged store moved aside and replaced while the app
    /// runs) to `write` as one `newsapp: …` line, sanitised, with the home directory as `~`.
    public static func relayNotices(
        of store: NewsStore, in directory: CacheDirectory, to write: @escaping @Sendable (String) -> Void
    ) {
        store.deliverNotices { notice in write(line(directory.abbreviating(notice))) }
    }

    private static func line(_ text: String) -> String {
        "newsapp: " + TextSanitizer.clean(text)
    }
}

/// The news service of `--offline` when there is no store to answer from: every request fails
/// with one sentence, and the network is never touched.
public struct StorelessOfflineService: NewsService {
    public init() {}

    public static let error = NewsServiceError.unavailable(
        "NewsApp is offline and the local article store is not available, so there is nothing to show.")

    public func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        throw Self.error
    }

    public func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        throw Self.error
    }

    public func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        throw Self.error
    }
}
