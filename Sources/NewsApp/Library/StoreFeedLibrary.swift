import Feeds
import Foundation
import Modules
import NewsModels
import Store
import Sync

/// The feeds as the app's screens see them: the subscriptions of the urls file and those of the
/// feed service when sync is on, their items in the local store, and refreshes run as `newsapp
/// sync` and `newsapp refresh` run them.
///
/// The urls file is read again on each call (a few hundred lines take well under a millisecond),
/// so a feed added from another terminal shows up at once.
struct StoreFeedLibrary: FeedLibrary {
    let subscriptions: SubscriptionsFile
    let store: NewsStore
    let refresher: FeedRefreshService
    /// `--offline`: feeds are read from the store and never refreshed.
    var offline = false
    /// The feed service, when sync is on.
    var sync: SyncService? = nil

    func feeds() async throws(FeedLibraryError) -> [FeedSummary] {
        let listed = try await load()
        let stored = try await summaries(of: listed.map(\.subscription.url))
        return listed.map { entry in
            let subscription = entry.subscription
            let summary = stored[subscription.url]
            return FeedSummary(
                url: subscription.url,
                title: FeedsListing.Entry(subscription: subscription, stored: summary).title,
                tags: subscription.tags, itemCount: summary?.itemCount ?? 0,
                unreadCount: summary?.unreadCount ?? 0,
                lastRefresh: summary?.lastAttemptAt, failure: summary?.lastError,
                service: entry.fromService ? sync?.account.serviceName : nil)
        }
    }

    func sections(itemsEach limit: Int) async throws(FeedLibraryError) -> [FeedSection] {
        let listed = try await load().map(\.subscription)
        guard !listed.isEmpty else { return [] }
        let stored = try await summaries(of: listed.map(\.url))
        var tags: [String] = []
        for subscription in listed {
            for tag in subscription.tags where !tags.contains(tag) { tags.append(tag) }
        }
        var scopes = tags.map { (title: $0, scope: FeedScope.tag($0)) }
        if listed.contains(where: \.tags.isEmpty) { scopes.append((title: "Feeds", scope: .untagged)) }
        var sections: [FeedSection] = []
        for entry in scopes {
            let feeds = Self.feeds(in: entry.scope, of: listed)
            let unread = feeds.reduce(0) { $0 + (stored[$1]?.unreadCount ?? 0) }
            let items: [Article]
            do {
                items = try await store.feedArticles(of: feeds, limit: limit)
            } catch {
                throw FeedLibraryError(error.sentence)
            }
            sections.append(
                FeedSection(title: entry.title, scope: entry.scope, unreadCount: unread, items: items))
        }
        return sections
    }

    func items(in scope: FeedScope, unreadOnly: Bool, page: Int, pageSize: Int) async throws(FeedLibraryError)
        -> ArticlePage
    {
        let feeds = Self.feeds(in: scope, of: try await load().map(\.subscription))
        let stored = try await summaries(of: feeds)
        let total = feeds.reduce(0) {
            $0 + (unreadOnly ? stored[$1]?.unreadCount ?? 0 : stored[$1]?.itemCount ?? 0)
        }
        do {
            let articles = try await store.feedArticles(
                of: feeds, unreadOnly: unreadOnly, limit: pageSize, offset: (page - 1) * pageSize)
            return ArticlePage(articles: articles, totalResults: total, page: page, pageSize: pageSize)
        } catch {
            throw FeedLibraryError(error.sentence)
        }
    }

    func markAllRead(in scope: FeedScope) async throws(FeedLibraryError) -> Int {
        let feeds = Self.feeds(in: scope, of: try await load().map(\.subscription))
        do {
            return try await store.markFeedsRead(feeds)
        } catch {
            throw FeedLibraryError(error.sentence)
        }
    }

    func nextUnread(after article: Article?, in scope: FeedScope) async -> Article? {
        guard let listed = try? await load().map(\.subscription) else { return nil }
        let feeds = Self.feeds(in: scope, of: listed)
        if let found = try? await store.nextUnreadFeedArticle(in: feeds, after: article?.feedItem) {
            return found
        }
        // A feed's list is done: the feeds after it in the urls file, then those before it.
        guard case .feed(let url) = scope, let index = listed.firstIndex(where: { $0.url == url }) else {
            return nil
        }
        for subscription in listed[(index + 1)...] + listed[..<index] {
            if let found = try? await store.nextUnreadFeedArticle(in: [subscription.url], after: nil) {
                return found
            }
        }
        return nil
    }

    func refresh(
        olderThan interval: Duration?, progress: @escaping @Sendable (FeedRefreshProgress) -> Void
    ) async -> FeedRefreshSummary {
        guard !offline else {
            return FeedRefreshSummary(
                sentence: "NewsApp is offline (--offline), so the feeds are not refreshed.",
                anyRefreshed: false)
        }
        let synced = await syncIfDue(olderThan: interval, progress: progress)
        let refreshed = await refreshLocal(olderThan: interval, progress: progress)
        guard let synced else { return refreshed }
        guard refreshed.anyRefreshed || refreshed.failed > 0 else { return synced }
        return FeedRefreshSummary(
            sentence: synced.sentence + " · " + refreshed.sentence,
            newItems: synced.newItems + refreshed.newItems,
            failed: synced.failed + refreshed.failed,
            anyRefreshed: synced.anyRefreshed || refreshed.anyRefreshed)
    }

    /// Syncs with the service when sync is on and, with `interval`, when the last sync is older
    /// than that; nil when it did not run. At launch (`interval`) a sync another NewsApp is
    /// running is left to it.
    private func syncIfDue(
        olderThan interval: Duration?, progress: @escaping @Sendable (FeedRefreshProgress) -> Void
    ) async -> FeedRefreshSummary? {
        guard let sync else { return nil }
        if let interval, let last = await sync.lastSync(),
            Date().timeIntervalSince(last) < Double(interval.components.seconds)
        {
            return nil
        }
        let service = sync.account.serviceName
        let report = await sync.run(waiting: interval == nil ? .seconds(30) : .zero) { step in
            progress(
                FeedRefreshProgress(
                    total: 0, done: 0, newItems: 0, label: "Syncing with \(service) · \(step.description)"))
        }
        if let error = report.error {
            if interval != nil, error == .busy { return nil }
            return FeedRefreshSummary(sentence: error.sentence, failed: 1, anyRefreshed: false)
        }
        return FeedRefreshSummary(
            sentence: SyncCommands.summary(report, service: service), newItems: report.newItems)
    }

    /// Refreshes the feeds of the urls file.
    private func refreshLocal(
        olderThan interval: Duration?, progress: @escaping @Sendable (FeedRefreshProgress) -> Void
    ) async -> FeedRefreshSummary {
        let outcome: FeedRefreshService.Outcome
        do {
            outcome = try await refresher.run(olderThan: interval) { step in
                progress(FeedRefreshProgress(total: step.total, done: step.done, newItems: step.newItems))
            }
        } catch {
            return FeedRefreshSummary(sentence: error.description, failed: 1, anyRefreshed: false)
        }
        let report = outcome.report
        guard !report.feeds.isEmpty else {
            let sentence =
                interval == nil ? "There are no feeds to refresh." : "Every feed was refreshed a moment ago."
            return FeedRefreshSummary(sentence: sentence, anyRefreshed: false)
        }
        var sentence = RefreshRun.summary(report, whereFailuresAre: "feeds shows why")
        if !outcome.moves.isEmpty {
            sentence += outcome.moves.count == 1 ? " · 1 feed moved" : " · \(outcome.moves.count) feeds moved"
        }
        return FeedRefreshSummary(
            sentence: sentence, newItems: report.newItems, failed: report.failedCount,
            anyRefreshed: report.anyRefreshed)
    }

    // MARK: - Support

    /// The subscriptions of the urls file, then the service's feeds (a feed in both is listed
    /// once, as the service's, with its labels).
    private func load() async throws(FeedLibraryError) -> [ListedFeed] {
        let local: [Subscription]
        do {
            local = try subscriptions.load().subscriptions
        } catch {
            throw FeedLibraryError(error.description)
        }
        guard sync != nil else { return local.map { ListedFeed(subscription: $0, fromService: false) } }
        let service: [SyncedFeed]
        do {
            service = try await store.syncedFeeds()
        } catch {
            throw FeedLibraryError(error.sentence)
        }
        return ListedFeed.merging(local, service)
    }

    private func summaries(of urls: [URL]) async throws(FeedLibraryError) -> [URL: StoredFeedSummary] {
        do {
            let stored = try await store.feedSummaries(for: urls)
            return Dictionary(stored.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        } catch {
            throw FeedLibraryError(error.sentence)
        }
    }

    /// The addresses of the feeds `scope` covers, in the urls file's order.
    static func feeds(in scope: FeedScope, of listed: [Subscription]) -> [URL] {
        switch scope {
        case .feed(let url): listed.contains { $0.url == url } ? [url] : []
        case .tag(let tag): listed.filter { $0.tags.contains(tag) }.map(\.url)
        case .untagged: listed.filter(\.tags.isEmpty).map(\.url)
        case .all: listed.map(\.url)
        }
    }
}
