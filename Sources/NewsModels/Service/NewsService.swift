#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A source of news. The app and its tests depend on this protocol, never on a concrete type:
/// ``NewsAPIService`` is the live one; the sample edition and, later, RSS feeds are others.
public protocol NewsService: Sendable {
    /// Top headlines, optionally for one category, one page at a time.
    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage
    /// Every article matching a query, in the requested order, one page at a time.
    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage
    /// The outlets the service knows.
    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource]
}

/// Who asked for a page. A service that rations its requests (NewsAPI's daily quota, see
/// ``DailyRequests``) may answer what the app asks on its own from a copy it keeps, and near its
/// limit asks the network only for what the reader asked in so many words.
public enum RequestTrigger: Sendable, Hashable {
    /// The app on its own: a launch, a screen opening, a page fetched ahead, a script's command.
    case automatic
    /// The reader: `r` (load again) or `n` (one more page).
    case explicit
}

/// Parameters of a top-headlines request (NewsAPI `GET /v2/top-headlines`).
public struct HeadlinesRequest: Sendable, Hashable {
    /// ISO 3166 two-letter code, e.g. `us`. Not combinable with ``sources``.
    public var country: String?
    public var category: NewsCategory?
    /// Source identifiers. NewsAPI refuses them together with a country or category.
    public var sources: [String]
    /// Keywords to look for in the headlines.
    public var query: String?
    public var page: Int
    public var pageSize: Int
    /// Who asked: the app on its own, or the reader (`r`, `n`). Not sent to the service.
    public var trigger: RequestTrigger

    public init(
        country: String? = nil,
        category: NewsCategory? = nil,
        sources: [String] = [],
        query: String? = nil,
        page: Int = 1,
        pageSize: Int = 20,
        trigger: RequestTrigger = .automatic
    ) {
        self.country = country
        self.category = category
        self.sources = sources
        self.query = query
        self.page = page
        self.pageSize = pageSize
        self.trigger = trigger
    }
}

/// Parameters of a search (NewsAPI `GET /v2/everything`).
public struct SearchRequest: Sendable, Hashable {
    /// Where the query may match.
    public enum Field: String, Sendable, CaseIterable {
        case title, description, content
    }

    public var query: String
    /// Empty means all fields.
    public var searchIn: [Field]
    public var sources: [String]
    public var domains: [String]
    public var from: Date?
    public var to: Date?
    /// ISO 639-1 two-letter code, e.g. `en`.
    public var language: String?
    public var sortBy: ArticleSortOrder
    public var page: Int
    public var pageSize: Int
    /// Who asked: the app on its own, or the reader (`r`, `n`). Not sent to the service.
    public var trigger: RequestTrigger

    public init(
        query: String,
        searchIn: [Field] = [],
        sources: [String] = [],
        domains: [String] = [],
        from: Date? = nil,
        to: Date? = nil,
        language: String? = nil,
        sortBy: ArticleSortOrder = .publishedAt,
        page: Int = 1,
        pageSize: Int = 20,
        trigger: RequestTrigger = .automatic
    ) {
        self.query = query
        self.searchIn = searchIn
        self.sources = sources
        self.domains = domains
        self.from = from
        self.to = to
        self.language = language
        self.sortBy = sortBy
        self.page = page
        self.pageSize = pageSize
        self.trigger = trigger
    }
}

/// Parameters of a sources request (NewsAPI `GET /v2/top-headlines/sources`).
public struct SourcesRequest: Sendable, Hashable {
    public var category: NewsCategory?
    public var language: String?
    public var country: String?

    public init(category: NewsCategory? = nil, language: String? = nil, country: String? = nil) {
        self.category = category
        self.language = language
        self.country = country
    }
}
