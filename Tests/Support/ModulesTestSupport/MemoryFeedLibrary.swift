import Foundation
import Modules
import NewsModels

/// A ``FeedLibrary`` in memory, for tests about the screens and flows rather than the store: feeds
/// with their tags and items, read marks, and refreshes that record what they were asked and
/// report the progress they are given.
public final class MemoryFeedLibrary: FeedLibrary {
    /// One subscription: its address, title, tags and items (newest first).
    public struct Feed: Sendable {
        public var url: URL
        public var title: String
        public var tags: [String]
        public var items: [Article]
        public var lastRefresh: Date?
        public var failure: String?
        /// The feed service it is synced with, when it is.
        public var service: String?

        public init(
            url: URL, title: String, tags: [String] = [], items: [Article] = [], lastRefresh: Date? = nil,
            failure: String? = nil, service: String? = nil
        ) {
            self.url = url
            self.title = title
            self.tags = tags
            self.items = items
            self.lastRefresh = lastRefresh
            self.failure = failure
            self.service = service
        }
    }

    private struct State {
        var feeds: [Feed]
        var read: Set<ArticleID> = []
        var refreshes: [Duration?] = []
        var failure: FeedLibraryError?
    }

    private let state: Locked<State>
    /// What a refresh reports, in order, before it returns.
    private let refreshProgress: [RefreshProgress]
    private let refreshSummary: FeedRefreshSummary

    public init(
        feeds: [Feed], refreshProgress: [RefreshProgress] = [],
        refreshSummary: FeedRefreshSummary = FeedRefreshSummary(sentence: "Refreshed.")
    ) {
        state = Locked(State(feeds: feeds))
        self.refreshProgress = refreshProgress
        self.refreshSummary = refreshSummary
    }

    /// A feed named `name` at `https://NAME.example.org/feed.xml` with `count` items titled
    /// `NAME item 1`, … dated an hour apart, the newest an hour before `now`.
    public static func feed(
        _ name: String, tags: [String] = [], count: Int,
        now: Date = Date(timeIntervalSince1970: 1_800_000_000)
    ) -> Feed {
        let url = URL(string: "https://\(name).example.org/feed.xml")!
        let items = (1...max(count, 1)).prefix(count).map { index in
            Article(
                source: ArticleSource(name: name), author: "Ada", title: "\(name) item \(index)",
                summary: "Summary of \(name) item \(index), with a link [1].",
                url: URL(string: "https://\(name).example.org/\(index)")!,
                publishedAt: now.addingTimeInterval(-3_600 * Double(index)),
                content: "The text of \(name) item \(index) [1].",
                links: [URL(string: "https://elsewhere.example.org/\(name)/\(index)")!],
                enclosures: index == 1
                    ? [
                        Enclosure(
                            url: URL(string: "https://\(name).example.org/\(index).mp3")!, type: "audio/mpeg",
                            length: 12_345_678)
                    ]
                    : [],
                feedItem: FeedItemReference(feed: url, item: "\(name)-\(index)"))
        }
        return Feed(url: url, title: name, tags: tags, items: items)
    }

    /// The intervals refreshes were asked with, oldest first.
    public var refreshes: [Duration?] { state.withLock { $0.refreshes } }

    /// Makes every later call fail with `failure` (nil: succeed).
    public func fail(with failure: FeedLibraryError?) {
        state.withLock { $0.failure = failure }
    }

    /// Marks `article` read, as the reading list would.
    public func markRead(_ article: Article) {
        state.withLock { _ = $0.read.insert(article.id) }
    }

    public func isRead(_ article: Article) -> Bool {
        state.withLock { $0.read.contains(article.id) }
    }

    // MARK: FeedLibrary

    public func feeds() async throws(FeedLibraryError) -> [FeedSummary] {
        try state.withLock { (state: inout State) throws(FeedLibraryError) in
            if let failure = state.failure { throw failure }
            return state.feeds.map { feed in
                FeedSummary(
                    url: feed.url, title: feed.title, tags: feed.tags, itemCount: feed.items.count,
                    unreadCount: feed.items.filter { !state.read.contains($0.id) }.count,
                    lastRefresh: feed.lastRefresh, failure: feed.failure, service: feed.service)
            }
        }
    }

    public func sections(itemsEach limit: Int) async throws(FeedLibraryError) -> [FeedSection] {
        try state.withLock { (state: inout State) throws(FeedLibraryError) in
            if let failure = state.failure { throw failure }
            var tags: [String] = []
            for feed in state.feeds { for tag in feed.tags where !tags.contains(tag) { tags.append(tag) } }
            var scopes = tags.map { (title: $0, scope: FeedScope.tag($0)) }
            if state.feeds.contains(where: \.tags.isEmpty) { scopes.append(("Feeds", .untagged)) }
            return scopes.map { entry in
                let items = Self.items(state.feeds, entry.scope)
                return FeedSection(
                    title: entry.title, scope: entry.scope,
                    unreadCount: items.filter { !state.read.contains($0.id) }.count,
                    items: Array(items.prefix(limit)))
            }
        }
    }

    public func items(in scope: FeedScope, unreadOnly: Bool, page: Int, pageSize: Int)
        async throws(FeedLibraryError)
        -> ArticlePage
    {
        try state.withLock { (state: inout State) throws(FeedLibraryError) in
            if let failure = state.failure { throw failure }
            var items = Self.items(state.feeds, scope)
            if unreadOnly { items = items.filter { !state.read.contains($0.id) } }
            let start = min((page - 1) * pageSize, items.count)
            return ArticlePage(
                articles: Array(items[start..<min(start + pageSize, items.count)]), totalResults: items.count,
                page: page, pageSize: pageSize)
        }
    }

    public func markAllRead(in scope: FeedScope) async throws(FeedLibraryError) -> Int {
        try state.withLock { (state: inout State) throws(FeedLibraryError) in
            if let failure = state.failure { throw failure }
            let unread = Self.items(state.feeds, scope).filter { !state.read.contains($0.id) }
            state.read.formUnion(unread.map(\.id))
            return unread.count
        }
    }

    public func nextUnread(after article: Article?, in scope: FeedScope) async -> Article? {
        state.withLock { state in
            var order: [[Article]] = [Self.items(state.feeds, scope)]
            if case .feed(let url) = scope, let index = state.feeds.firstIndex(where: { $0.url == url }) {
                let others = state.feeds[(index + 1)...] + state.feeds[..<index]
                order += others.map(\.items)
            }
            var afterCurrent = article == nil
            for (position, list) in order.enumerated() {
                for item in list {
                    if !afterCurrent {
                        if item.id == article?.id { afterCurrent = true }
                        continue
                    }
                    if !state.read.contains(item.id) { return item }
                }
                if position == 0 { afterCurrent = true }
            }
            return nil
        }
    }

    public func refresh(
        olderThan interval: Duration?, progress: @escaping @Sendable (RefreshProgress) -> Void
    ) async -> FeedRefreshSummary {
        state.withLock { $0.refreshes.append(interval) }
        for step in refreshProgress { progress(step) }
        return refreshSummary
    }

    /// `scope`'s items, newest first.
    private static func items(_ feeds: [Feed], _ scope: FeedScope) -> [Article] {
        let chosen: [Feed]
        switch scope {
        case .feed(let url): chosen = feeds.filter { $0.url == url }
        case .tag(let tag): chosen = feeds.filter { $0.tags.contains(tag) }
        case .untagged: chosen = feeds.filter(\.tags.isEmpty)
        case .all: chosen = feeds
        case .filtered(let base, _): return items(feeds, base)
        }
        return chosen.flatMap(\.items).sorted {
            ($0.publishedAt ?? .distantPast) > ($1.publishedAt ?? .distantPast)
        }
    }
}
