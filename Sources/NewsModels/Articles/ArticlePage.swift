#if canImport(FoundationEssentials)
    import struct FoundationEssentials.Date
#else
    import struct Foundation.Date
#endif

/// Where a page came from.
public enum PageOrigin: Sendable, Equatable {
    /// Fresh from the service.
    case network
    /// From the local store, saved at `savedAt`, because of `reason`.
    case store(savedAt: Date, reason: StoreReason)

    /// Why a page came from the store.
    public enum StoreReason: Sendable, Equatable {
        /// Shown at once while a fresh copy is fetched (stale-while-revalidate).
        case stale
        /// Stored recently enough to answer without asking the network (NewsAPI's daily quota:
        /// `newsapi_refresh`); `r` asks.
        case fresh
        /// The network failed; the error says how.
        case offline(NewsServiceError)
        /// The service refused the key or its pace (``NewsServiceError/isRefusal``); the error
        /// says how.
        case refused(NewsServiceError)
        /// The user asked not to touch the network (`--offline`).
        case offlineMode

        /// The failure that made the store answer: the outage or the refusal.
        public var failure: NewsServiceError? {
            switch self {
            case .offline(let error), .refused(let error): return error
            case .stale, .fresh, .offlineMode: return nil
            }
        }
    }
}

/// One page of articles from a headlines or search request.
public struct ArticlePage: Sendable, Equatable {
    /// The articles of this page, in the service's order, without duplicates.
    public var articles: [Article]
    /// How many articles the whole query matches, as the service reports it.
    public var totalResults: Int
    /// 1-based page number.
    public var page: Int
    public var pageSize: Int
    /// Entries of the response that were not articles (no title or no URL) and were skipped.
    public var skippedCount: Int
    /// True when the service refuses to go further than this page although `totalResults` is
    /// larger (NewsAPI's free plan stops at 100 results: `maximumResultsReached`).
    public var reachedResultCap: Bool
    /// The network, or the local store and why.
    public var origin: PageOrigin

    public init(
        articles: [Article],
        totalResults: Int,
        page: Int,
        pageSize: Int,
        skippedCount: Int = 0,
        reachedResultCap: Bool = false,
        origin: PageOrigin = .network
    ) {
        self.articles = articles
        self.totalResults = totalResults
        self.page = page
        self.pageSize = pageSize
        self.skippedCount = skippedCount
        self.reachedResultCap = reachedResultCap
        self.origin = origin
    }

    /// True when no page follows this one.
    public var isLastPage: Bool {
        reachedResultCap || articles.isEmpty || page * pageSize >= totalResults
    }
}
