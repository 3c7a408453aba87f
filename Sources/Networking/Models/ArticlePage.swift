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

    public init(
        articles: [Article],
        totalResults: Int,
        page: Int,
        pageSize: Int,
        skippedCount: Int = 0,
        reachedResultCap: Bool = false
    ) {
        self.articles = articles
        self.totalResults = totalResults
        self.page = page
        self.pageSize = pageSize
        self.skippedCount = skippedCount
        self.reachedResultCap = reachedResultCap
    }

    /// True when no page follows this one.
    public var isLastPage: Bool {
        reachedResultCap || articles.isEmpty || page * pageSize >= totalResults
    }
}
