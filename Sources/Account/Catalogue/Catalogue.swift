import Feeds
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every feed of the account in one list, in the order `newsapp feeds` numbers them: the urls
/// file's lines (a feed the service syncs too is the service's, with its labels; a query feed with
/// the counts of what it chooses), then the service's feeds the file does not list. The command
/// line's listing and the screens' list of feeds are both read from it.
public struct Catalogue: Sendable {
    /// A query feed and how many items it chooses.
    public struct Query: Sendable {
        public var query: QueryFeed
        public var items: Int
        public var unread: Int
    }

    /// A line of the catalogue.
    public enum Line: Sendable {
        case feed(CatalogueFeed)
        case query(Query)
    }

    public var lines: [Line]

    /// `file`'s feeds and, with `service` (the feed service's host, when sync is on), the
    /// service's, with what `store` knows of each and the settings `rules` put in force.
    public static func load(_ file: UrlsFile, store: NewsStore, service: String?, rules: FeedRules)
        async throws(StoreError) -> Catalogue
    {
        let listed =
            service == nil
            ? file.subscriptions.map { ListedFeed(subscription: $0, fromService: false) }
            : ListedFeed.merging(file.subscriptions, try await store.syncedFeeds())
        let local = Set(file.subscriptions.map(\.url))
        let serviceOnly = listed.filter { $0.fromService && !local.contains($0.subscription.url) }
        let stored = try await store.feedSummaries(
            for: file.subscriptions.map(\.url) + serviceOnly.map(\.subscription.url))
        let byURL = Dictionary(stored.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        let synced = Dictionary(
            listed.filter(\.fromService).map { ($0.subscription.url, $0.subscription) },
            uniquingKeysWith: { first, _ in first })
        func feed(_ subscription: Subscription, fromService: Bool) -> CatalogueFeed {
            var made = CatalogueFeed(
                subscription: subscription, stored: byURL[subscription.url],
                service: fromService ? service : nil)
            made.settings = rules.settings(for: subscription, title: made.title)
            return made
        }
        let filters = file.queries.isEmpty ? nil : try await FeedFilterContext.load(file, store: store)
        var lines: [Line] = []
        for entry in file.entries {
            switch entry {
            case .subscription(let written):
                let fromService = synced[written.url]
                lines.append(.feed(feed(fromService ?? written, fromService: fromService != nil)))
            case .query(let query):
                guard let filters else { continue }
                let counts = try await store.filteredFeedCounts(filters.filter(for: query))
                lines.append(.query(Query(query: query, items: counts.items, unread: counts.unread)))
            }
        }
        lines += serviceOnly.map { .feed(feed($0.subscription, fromService: true)) }
        return Catalogue(lines: lines)
    }
}
