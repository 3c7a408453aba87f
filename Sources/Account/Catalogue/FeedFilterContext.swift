import Configuration
import Feeds
import FilterLanguage
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The user's feeds as the filter language sees them (``FilterFeed``: the address as the urls file
/// writes it, the name shown, the site, the tags, the counts, the place in the file), and the
/// store's reads for a filter over them: query feeds, `filter` in a list, `search --filter`.
public struct FeedFilterContext: Sendable {
    public let file: UrlsFile
    /// What the filter says of each subscription, by its address.
    public let feeds: [URL: FilterFeed]

    /// The context of `file`'s feeds and, after them, of the feeds a feed service syncs (a feed
    /// in both is the service's, with its labels as tags), with what `store` knows of them.
    public static func load(_ file: UrlsFile, store: NewsStore) async throws(StoreError) -> FeedFilterContext
    {
        let listed = ListedFeed.merging(file.subscriptions, try await store.syncedFeeds())
        let stored = try await store.feedSummaries(for: listed.map(\.subscription.url))
        let byURL = Dictionary(stored.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        // A feed's index is its line in the urls file; the service's others follow, as
        // `newsapp feeds` numbers them.
        var lines: [URL: Int] = [:]
        for (index, entry) in file.entries.enumerated() {
            if case .subscription(let subscription) = entry, lines[subscription.url] == nil {
                lines[subscription.url] = index + 1
            }
        }
        var next = file.entries.count
        var feeds: [URL: FilterFeed] = [:]
        for feed in listed {
            let subscription = feed.subscription
            let index: Int
            if let line = lines[subscription.url] {
                index = line
            } else {
                next += 1
                index = next
            }
            let summary = byURL[subscription.url]
            feeds[subscription.url] = FilterFeed(
                url: subscription.address,
                title: CatalogueFeed(subscription: subscription, stored: summary).title,
                link: summary?.siteURL?.absoluteString ?? "", tags: subscription.tags,
                unreadCount: summary?.unreadCount ?? 0, totalCount: summary?.itemCount ?? 0, index: index)
        }
        return FeedFilterContext(file: file, feeds: feeds)
    }

    /// The killfile as the store applies it over these feeds, nil when it has no rules: in
    /// display mode every rule; in download mode (where the urls file's feeds leave ignored items
    /// out as they arrive) each rule over the synced items only, which are stored hidden because
    /// the service keeps them and their marks. A rule for a feed that is not among these is left
    /// out.
    public func hiding(_ killfile: [KillRule], mode: IgnoreMode) -> NewsStore.Hiding? {
        guard !killfile.isEmpty else { return nil }
        let byAddress = Dictionary(
            feeds.map { ($0.value.url, $0.key) }, uniquingKeysWith: { first, _ in first })
        let onlySynced = mode == .download
        let rules = killfile.compactMap { rule -> NewsStore.HidingRule? in
            guard let feed = rule.feed else {
                return NewsStore.HidingRule(feed: nil, expression: rule.expression, onlySynced: onlySynced)
            }
            return byAddress[feed].map {
                NewsStore.HidingRule(feed: $0, expression: rule.expression, onlySynced: onlySynced)
            }
        }
        return NewsStore.Hiding(rules: rules, feeds: feeds)
    }

    /// The store's filter: the items of the feeds at `urls` (every feed when nil) that
    /// `expression` chooses (all of them when nil).
    public func filter(_ expression: FilterExpression?, among urls: [URL]? = nil, unreadOnly: Bool = false)
        -> NewsStore.FeedFilter
    {
        var chosen = feeds
        if let urls {
            let wanted = Set(urls)
            chosen = chosen.filter { wanted.contains($0.key) }
        }
        return NewsStore.FeedFilter(expression: expression, feeds: chosen, unreadOnly: unreadOnly)
    }

    /// The query feed known by `url` (`query:NAME`), when it is one of the file's.
    public func query(at url: URL) -> QueryFeed? {
        guard let name = QueryFeed.name(of: url) else { return nil }
        return file.queries.first { $0.name == name }
    }

    /// The store's filter of `query`, over every feed.
    public func filter(for query: QueryFeed, unreadOnly: Bool = false) -> NewsStore.FeedFilter {
        filter(query.expression, unreadOnly: unreadOnly)
    }
}
