import Feeds
import Foundation
import Modules
import NewsModels
import Store

/// The feeds as the app's screens see them: the subscriptions of the urls file, their items in
/// the local store, and refreshes run as `newsapp refresh` runs them.
///
/// The urls file is read again on each call (a few hundred lines take well under a millisecond),
/// so a feed added from another terminal shows up at once.
struct StoreFeedLibrary: FeedLibrary {
    let subscriptions: SubscriptionsFile
    let store: NewsStore
    let refresher: FeedRefreshService
    /// `--offline`: feeds are read from the store and never refreshed.
    var offline = false

    func feeds() async throws(FeedLibraryError) -> [FeedSummary] {
        let listed = try load()
        let stored = try await summaries(of: listed.map(\.url))
        return listed.map { subscription in
            let summary = stored[subscription.url]
            return FeedSummary(
                url: subscription.url,
                title: FeedsListing.Entry(subscription: subscription, stored: summary).title,
                tags: subscription.tags, itemCount: summary?.itemCount ?? 0,
                unreadCount: summary?.unreadCount ?? 0,
                lastRefresh: summary?.lastAttemptAt, failure: summary?.lastError)
        }
    }

    func sections(itemsEach limit: Int) async throws(FeedLibraryError) -> [FeedSection] {
        let listed = try load()
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
        let feeds = Self.feeds(in: scope, of: try load())
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
        let feeds = Self.feeds(in: scope, of: try load())
        do {
            return try await store.markFeedsRead(feeds)
        } catch {
            throw FeedLibraryError(error.sentence)
        }
    }

    func nextUnread(after article: Article?, in scope: FeedScope) async -> Article? {
        guard let listed = try? load() else { return nil }
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
        olderThan interval: Duration?, progress: @escaping @Sendable (RefreshProgress) -> Void
    ) async -> FeedRefreshSummary {
        guard !offline else {
            return FeedRefreshSummary(
                sentence: "NewsApp is offline (--offline), so the feeds are not refreshed.",
                anyRefreshed: false)
        }
        let outcome: FeedRefreshService.Outcome
        do {
            outcome = try await refresher.run(olderThan: interval, progress: progress)
        } catch {
            return FeedRefreshSummary(sentence: error.description, anyRefreshed: false)
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

    private func load() throws(FeedLibraryError) -> [Subscription] {
        do {
            return try subscriptions.load().subscriptions
        } catch {
            throw FeedLibraryError(error.description)
        }
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
