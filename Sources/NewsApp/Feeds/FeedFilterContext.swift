import Feeds
import FilterLanguage
import Foundation
import Store

/// The user's feeds as the filter language sees them (``FilterFeed``: the address as the urls file
/// writes it, the name shown, the site, the tags, the counts, the place in the file), and the
/// store's reads for a filter over them: query feeds, `filter` in a list, `search --filter`.
struct FeedFilterContext: Sendable {
    let file: UrlsFile
    /// What the filter says of each subscription, by its address.
    let feeds: [URL: FilterFeed]

    /// The context of `file`'s feeds, with what `store` knows of them.
    static func load(_ file: UrlsFile, store: NewsStore) async throws(StoreError) -> FeedFilterContext {
        let stored = try await store.feedSummaries(for: file.subscriptions.map(\.url))
        let byURL = Dictionary(stored.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        var feeds: [URL: FilterFeed] = [:]
        for (index, entry) in file.entries.enumerated() {
            guard case .subscription(let subscription) = entry else { continue }
            let summary = byURL[subscription.url]
            feeds[subscription.url] = FilterFeed(
                url: subscription.address,
                title: FeedsListing.Entry(subscription: subscription, stored: summary).title,
                link: summary?.siteURL?.absoluteString ?? "", tags: subscription.tags,
                unreadCount: summary?.unreadCount ?? 0, totalCount: summary?.itemCount ?? 0, index: index + 1)
        }
        return FeedFilterContext(file: file, feeds: feeds)
    }

    /// The store's filter: the items of the feeds at `urls` (every feed when nil) that
    /// `expression` chooses (all of them when nil).
    func filter(_ expression: FilterExpression?, among urls: [URL]? = nil, unreadOnly: Bool = false)
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
    func query(at url: URL) -> QueryFeed? {
        guard let name = QueryFeed.name(of: url) else { return nil }
        return file.queries.first { $0.name == name }
    }

    /// The store's filter of `query`, over every feed.
    func filter(for query: QueryFeed, unreadOnly: Bool = false) -> NewsStore.FeedFilter {
        filter(query.expression, unreadOnly: unreadOnly)
    }
}
