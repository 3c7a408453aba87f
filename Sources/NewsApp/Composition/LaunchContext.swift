import Account
import Configuration
import Feeds
import Modules
import Networking
import NewsModels
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a command runs with: the settings from every source, the news source they chose, and
/// the local stores when they could be opened.
struct LaunchContext {
    let environment: [String: String]
    let settings: Settings
    let source: NewsSourceChoice
    /// `$XDG_CACHE_HOME/newsapp`, or nil without a home directory.
    var cacheDirectory: CacheDirectory? = nil
    /// The news source's store: the live one, or the sample edition's own in a sample run; nil
    /// when it could not be opened (said on standard error).
    var store: NewsStore? = nil
    /// Set when launch eviction left old articles for later: the retention cutoff.
    var evictionLeft: Date? = nil
    /// The feeds, when any are subscribed and the live store is open. Their items are in the
    /// live store, also beside the sample edition.
    var feeds: StoreFeedLibrary? = nil
    /// Now: injected, so tests control days and midnight for NewsAPI's daily count.
    var clock: @Sendable () -> Date = { Date() }

    /// NewsAPI's daily quota: which stored sections answer without a request, and the requests
    /// counted per UTC day in the live store. Nil unless the source is NewsAPI and the store is
    /// open: the sample edition and the feeds make no NewsAPI request.
    var requestBudget: RequestBudget? {
        guard source.kind == .newsAPI, let store else { return nil }
        return RequestBudget(
            store: store, dailyLimit: settings[\.newsapiDailyLimit], refresh: settings[\.newsapiRefresh],
            refreshInterval: TimeInterval(60 * settings.feeds.refreshInterval), clock: clock)
    }

    /// NewsAPI's requests today, for `?` (nil without NewsAPI).
    var requestStatus: (@Sendable () async -> String?)? {
        guard let budget = requestBudget else { return nil }
        return { @Sendable in await budget.today()?.status }
    }

    /// The news source as the commands use it: recorded in the store and answered from it when
    /// the network fails (``CachingNewsService``); with `--offline`, answered from the store only.
    /// The bundled sample edition needs no network, so `--offline` leaves it as it is.
    var service: any NewsService {
        if source.kind == .feeds, let store, let feeds {
            return FeedsNewsService(store: store, library: feeds)
        }
        let offline = settings.offline && !source.isSample
        let news: any NewsService =
            store.map {
                CachingNewsService(
                    wrapping: source.service, store: $0, offline: offline, budget: requestBudget)
            }
            ?? (offline ? StorelessOfflineService() : source.service)
        return feeds.map { CombinedNewsService(news: news, store: $0.store) } ?? news
    }

    /// Read marks and saved articles: in the news source's store, and the feed items' in the
    /// live store when the sample edition has feeds beside it; none without a store.
    var readingList: any ReadingList {
        let articles = store.map { StoreReadingList(store: $0) }
        guard let feeds, feeds.store.path != store?.path else { return articles ?? NoReadingList() }
        return SplitReadingList(articles: articles, feedItems: StoreReadingList(store: feeds.store))
    }

    /// Reader mode: pages fetched as every download is, their text kept in the store that holds
    /// the article (a feed item's is the live store, also beside the sample edition). The sample
    /// edition's made-up articles have no pages.
    var reader: any ArticleReader {
        if source.isSample && feeds == nil {
            return NoArticleReader(
                reason: "The sample edition’s articles are made up: they have no pages to fetch.")
        }
        return PageArticleReader(
            fetcher: PageFetcher(
                http: CurlHTTPClient(), timeout: TimeInterval(settings[\.requestTimeout])),
            store: feeds?.store ?? store, offline: settings.offline, refusesNewsArticles: source.isSample)
    }

    /// Every store open in this run: the news source's, and the feeds' when it is another.
    var stores: [NewsStore] {
        var stores = store.map { [$0] } ?? []
        if let feeds, feeds.store.path != store?.path { stores.append(feeds.store) }
        return stores
    }

    /// Closes every store of the run.
    func close() {
        for store in stores { try? store.close() }
    }
}
