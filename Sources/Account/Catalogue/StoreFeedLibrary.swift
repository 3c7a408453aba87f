import Configuration
import Feeds
import FilterLanguage
import Modules
import NewsModels
import Store
import Sync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The feeds as the app's screens see them: the subscriptions of the urls file and those of the
/// feed service when sync is on, their items in the local store, and refreshes run as `newsapp
/// sync` and `newsapp refresh` run them.
///
/// The urls file is read again on each call (a few hundred lines take well under a millisecond),
/// so a feed added from another terminal shows up at once.
///
/// A query feed (`query:NAME:EXPRESSION`) is a feed like the others, known by the address
/// `query:NAME`: listed in the file's order, a section of its own on the front page, its items the
/// store's answer to its expression over every feed. A scope narrowed by `filter` is answered the
/// same way.
public struct StoreFeedLibrary: FeedLibrary {
    public let subscriptions: SubscriptionsFile
    public let store: NewsStore
    /// Whose actions the marks are.
    public var account: Account { Account(store: store) }
    public let refresher: FeedRefreshService
    /// `--offline`: feeds are read from the store and never refreshed.
    public var offline = false
    /// The feed service, when sync is on.
    public var sync: SyncService? = nil

    public init(
        subscriptions: SubscriptionsFile, store: NewsStore, refresher: FeedRefreshService,
        offline: Bool = false,
        sync: SyncService? = nil
    ) {
        self.subscriptions = subscriptions
        self.store = store
        self.refresher = refresher
        self.offline = offline
        self.sync = sync
    }

    public func feeds() async throws(FeedLibraryError) -> [FeedSummary] {
        let file = try loadFile()
        let catalogue = try await run {
            try await Catalogue.load(
                file, store: store, service: sync?.account.serviceName,
                rules: FeedRules(feeds: refresher.settings))
        }
        return catalogue.lines.map { line in
            switch line {
            case .feed(let feed):
                FeedSummary(
                    url: feed.subscription.url, title: feed.title, tags: feed.subscription.tags,
                    itemCount: feed.stored?.itemCount ?? 0, unreadCount: feed.stored?.unreadCount ?? 0,
                    lastRefresh: feed.stored?.lastAttemptAt, failure: feed.stored?.lastError,
                    service: feed.service)
            case .query(let entry):
                FeedSummary(
                    url: entry.query.url, title: entry.query.name, tags: entry.query.tags,
                    itemCount: entry.items,
                    unreadCount: entry.unread, query: entry.query.text)
            }
        }
    }

    public func sections(itemsEach limit: Int) async throws(FeedLibraryError) -> [FeedSection] {
        let file = try loadFile()
        let listed = try await self.listed(file).map(\.subscription)
        guard !listed.isEmpty || !file.queries.isEmpty else { return [] }
        let stored = try await summaries(of: listed.map(\.url))
        var tags: [String] = []
        for subscription in listed {
            for tag in subscription.tags where !tags.contains(tag) { tags.append(tag) }
        }
        var sections: [FeedSection] = []
        for entry in tags.map({ (title: $0, scope: FeedScope.tag($0)) }) {
            let feeds = Self.feeds(in: entry.scope, of: listed)
            let unread = feeds.reduce(0) { $0 + (stored[$1]?.unreadCount ?? 0) }
            let items = try await run { try await store.feedArticles(of: feeds, limit: limit) }
            sections.append(
                FeedSection(title: entry.title, scope: entry.scope, unreadCount: unread, items: items))
        }
        if !file.queries.isEmpty {
            let context = try await filterContext(file)
            for query in file.queries {
                let filter = context.filter(for: query)
                let page = try await run { try await store.filteredFeedPage(filter, limit: limit) }
                sections.append(
                    FeedSection(
                        title: query.name, scope: .feed(query.url), unreadCount: page.unread,
                        items: page.articles))
            }
        }
        if listed.contains(where: \.tags.isEmpty) {
            let feeds = Self.feeds(in: .untagged, of: listed)
            let unread = feeds.reduce(0) { $0 + (stored[$1]?.unreadCount ?? 0) }
            let items = try await run { try await store.feedArticles(of: feeds, limit: limit) }
            sections.append(FeedSection(title: "Feeds", scope: .untagged, unreadCount: unread, items: items))
        }
        return sections
    }

    public func items(in scope: FeedScope, unreadOnly: Bool, page: Int, pageSize: Int)
        async throws(FeedLibraryError)
        -> ArticlePage
    {
        let file = try loadFile()
        let offset = (page - 1) * pageSize
        switch try await selection(scope, file: file) {
        case .feeds(let feeds):
            let stored = try await summaries(of: feeds)
            let total = feeds.reduce(0) {
                $0 + (unreadOnly ? stored[$1]?.unreadCount ?? 0 : stored[$1]?.itemCount ?? 0)
            }
            let articles = try await run {
                try await store.feedArticles(
                    of: feeds, unreadOnly: unreadOnly, limit: pageSize, offset: offset)
            }
            return ArticlePage(articles: articles, totalResults: total, page: page, pageSize: pageSize)
        case .filtered(var filter):
            filter.unreadOnly = unreadOnly
            let chosen = filter
            let found = try await run {
                try await store.filteredFeedPage(chosen, limit: pageSize, offset: offset)
            }
            return ArticlePage(
                articles: found.articles, totalResults: found.items, page: page, pageSize: pageSize)
        }
    }

    public func markAllRead(in scope: FeedScope) async throws(FeedLibraryError) -> Int {
        let file = try loadFile()
        let selection = try await selection(scope, file: file)
        return try await run { try await account.markAllRead(selection) }
    }

    /// Every item marked with one time, kept by the marking: ``undo(_:)`` finds them by it.
    public func markAllReadUndoably(in scope: FeedScope) async throws(FeedLibraryError) -> ReadMarking {
        let file = try loadFile()
        let time = Date().timeIntervalSince1970
        let selection = try await selection(scope, file: file)
        let count = try await run { try await account.markAllRead(selection, at: time) }
        return ReadMarking(count: count, time: count > 0 ? time : nil)
    }

    public func undo(_ marking: ReadMarking) async throws(FeedLibraryError) -> Int {
        guard let time = marking.time else { return 0 }
        return try await run { try await account.markUnread(readAt: time) }
    }

    public func setRead(_ article: Article, read: Bool) async throws(FeedLibraryError) {
        guard let item = article.feedItem else {
            throw FeedLibraryError("Only a feed's items can be marked unread.")
        }
        try await run { try await account.setRead(item, read: read) }
    }

    public func nextUnread(after article: Article?, in scope: FeedScope) async -> Article? {
        guard let file = try? loadFile(), let selection = try? await selection(scope, file: file) else {
            return nil
        }
        let listed = (try? await self.listed(file).map(\.subscription)) ?? file.subscriptions
        switch selection {
        case .filtered(let filter):
            return try? await store.nextUnreadFilteredFeedArticle(filter, after: article?.feedItem)
        case .feeds(let feeds):
            if let found = try? await store.nextUnreadFeedArticle(in: feeds, after: article?.feedItem) {
                return found
            }
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

    public func refresh(
        olderThan interval: Duration?, progress: @escaping @Sendable (RefreshProgress) -> Void
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
        olderThan interval: Duration?, progress: @escaping @Sendable (RefreshProgress) -> Void
    ) async -> FeedRefreshSummary? {
        guard let sync else { return nil }
        if let interval, let last = await sync.lastSync(),
            Date().timeIntervalSince(last) < Double(interval.components.seconds)
        {
            return nil
        }
        let service = sync.account.serviceName
        let report = await sync.run(waiting: interval == nil ? .seconds(30) : .zero) { step in
            progress(RefreshProgress(total: 0, done: 0, newItems: 0, label: step.line(service: service)))
        }
        if let error = report.error {
            if interval != nil, error == .busy { return nil }
            return FeedRefreshSummary(sentence: error.sentence, failed: 1, anyRefreshed: false)
        }
        return FeedRefreshSummary(
            sentence: report.summary(service: service), newItems: report.newItems)
    }

    /// Refreshes the feeds of the urls file.
    private func refreshLocal(
        olderThan interval: Duration?, progress: @escaping @Sendable (RefreshProgress) -> Void
    ) async -> FeedRefreshSummary {
        let outcome: FeedRefreshService.Outcome
        do {
            outcome = try await refresher.run(olderThan: interval, progress: progress)
        } catch {
            return FeedRefreshSummary(sentence: error.description, failed: 1, anyRefreshed: false)
        }
        let report = outcome.report
        guard !report.feeds.isEmpty else {
            let sentence =
                interval == nil ? "There are no feeds to refresh." : "Every feed was refreshed a moment ago."
            return FeedRefreshSummary(sentence: sentence, anyRefreshed: false)
        }
        var sentence = report.summary(whereFailuresAre: "feeds shows why")
        if !outcome.moves.isEmpty {
            sentence += outcome.moves.count == 1 ? " · 1 feed moved" : " · \(outcome.moves.count) feeds moved"
        }
        return FeedRefreshSummary(
            sentence: sentence, newItems: report.newItems, failed: report.failedCount,
            anyRefreshed: report.anyRefreshed)
    }

    /// The settings `rules` put in force for each subscription, by its address.
    public func settingsInForce(_ rules: FeedRules) async -> [URL: FeedRules.InForce] {
        guard let file = try? loadFile() else { return [:] }
        let stored = (try? await summaries(of: file.subscriptions.map(\.url))) ?? [:]
        var result: [URL: FeedRules.InForce] = [:]
        for subscription in file.subscriptions {
            let title = CatalogueFeed(subscription: subscription, stored: stored[subscription.url]).title
            result[subscription.url] = rules.settings(for: subscription, title: title)
        }
        return result
    }

    // MARK: - Support

    private func selection(_ scope: FeedScope, file: UrlsFile) async throws(FeedLibraryError) -> ItemSelection
    {
        switch scope {
        case .feed(let url) where QueryFeed.name(of: url) != nil:
            let context = try await filterContext(file)
            guard let query = context.query(at: url) else {
                throw FeedLibraryError("There is no query feed “\(QueryFeed.name(of: url) ?? "")” any more.")
            }
            return .filtered(context.filter(for: query))
        case .filtered(let base, let text):
            let expression: FilterExpression
            do {
                expression = try FilterParser.parse(text)
            } catch {
                throw FeedLibraryError(error.sentence)
            }
            switch try await selection(base, file: file) {
            case .feeds(let feeds):
                return .filtered(try await filterContext(file).filter(expression, among: feeds))
            case .filtered(var filter):
                filter.expression = filter.expression.map { .all([$0, expression]) } ?? expression
                return .filtered(filter)
            }
        default:
            let feeds = Self.feeds(in: scope, of: try await self.listed(file).map(\.subscription))
            // No feed has the tag: its list would wait for a refresh that brings nothing.
            if case .tag(let tag) = scope, feeds.isEmpty {
                throw FeedLibraryError(
                    "No feed has the tag “\(tag)”: feeds shows each feed’s tags.", retryHelps: false)
            }
            return .feeds(feeds)
        }
    }

    private func filterContext(_ file: UrlsFile) async throws(FeedLibraryError) -> FeedFilterContext {
        try await run { try await FeedFilterContext.load(file, store: store) }
    }

    /// A store call, its failure as the library's sentence.
    private func run<T: Sendable>(_ body: () async throws -> T) async throws(FeedLibraryError) -> T {
        do {
            return try await body()
        } catch let error as StoreError {
            throw FeedLibraryError(error.sentence)
        } catch {
            throw FeedLibraryError(StoreError(failed: error).sentence)
        }
    }

    /// The subscriptions of the urls file, then the service's feeds (a feed in both is listed
    /// once, as the service's, with its labels).
    private func listed(_ file: UrlsFile) async throws(FeedLibraryError) -> [ListedFeed] {
        guard sync != nil else {
            return file.subscriptions.map { ListedFeed(subscription: $0, fromService: false) }
        }
        return ListedFeed.merging(file.subscriptions, try await run { try await store.syncedFeeds() })
    }

    private func loadFile() throws(FeedLibraryError) -> UrlsFile {
        do {
            return try subscriptions.load()
        } catch {
            throw FeedLibraryError(error.description)
        }
    }

    private func summaries(of urls: [URL]) async throws(FeedLibraryError) -> [URL: StoredFeedSummary] {
        let stored = try await run { try await store.feedSummaries(for: urls) }
        return Dictionary(stored.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The addresses of the feeds `scope` covers, in the urls file's order.
    public static func feeds(in scope: FeedScope, of listed: [Subscription]) -> [URL] {
        switch scope {
        case .feed(let url): listed.contains { $0.url == url } ? [url] : []
        case .tag(let tag): listed.filter { $0.tags.contains(tag) }.map(\.url)
        case .untagged: listed.filter(\.tags.isEmpty).map(\.url)
        case .all: listed.map(\.url)
        case .filtered(let base, _): feeds(in: base, of: listed)
        }
    }
}
