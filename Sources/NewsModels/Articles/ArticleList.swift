/// Articles gathered page by page, for a list the user scrolls through.
///
/// The same article can come back on two pages when the service's ranking shifts between
/// requests; it is kept once, where it first appeared, so numbering stays stable.
public struct ArticleList: Sendable, Equatable {
    public private(set) var articles: [Article] = []
    /// The `totalResults` of the newest page.
    public private(set) var totalResults = 0
    /// The number of the last page appended; 0 before the first.
    public private(set) var lastPage = 0
    /// True once a page said nothing follows it.
    public private(set) var isComplete = false
    /// True when the list ended because the service caps results, not because it ran out.
    public private(set) var reachedResultCap = false
    private var seen: Set<ArticleID> = []

    public init() {}

    /// Appends the page's new articles and returns how many were new.
    @discardableResult
    public mutating func append(_ page: ArticlePage) -> Int {
        var added = 0
        for article in page.articles where seen.insert(article.id).inserted {
            articles.append(article)
            added += 1
        }
        if !page.reachedResultCap { totalResults = page.totalResults }
        lastPage = page.page
        reachedResultCap = page.reachedResultCap
        isComplete = page.isLastPage
        return added
    }

    public var nextPage: Int? { isComplete ? nil : lastPage + 1 }
    public var isEmpty: Bool { articles.isEmpty }
    public var count: Int { articles.count }
}
