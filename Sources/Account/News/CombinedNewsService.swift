import NewsModels
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// NewsAPI (or the sample edition) and the feeds together: the headlines are the news source's
/// (the front page shows the feeds' own sections beside them), and a search finds both — each
/// page of the news source's results with the feed items matching the same words on the same
/// page, newest first when sorted by date, taking turns otherwise.
public struct CombinedNewsService: StoringNewsService {
    public let news: any NewsService
    public let store: NewsStore

    public init(news: any NewsService, store: NewsStore) {
        self.news = news
        self.store = store
    }

    public func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        try await news.topHeadlines(request)
    }

    public func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        let store = store
        let feedItems = Task {
            try? await store.search(
                request.query, sort: request.sortBy, page: request.page, pageSize: request.pageSize,
                among: .feedItems)
        }
        let page: ArticlePage
        do {
            page = try await news.search(request)
        } catch {
            feedItems.cancel()
            throw error
        }
        guard let feeds = await feedItems.value else { return page }
        return Self.merge(page, feeds, order: request.sortBy)
    }

    public func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        try await news.sources(request)
    }

    public func storedHeadlines(_ request: HeadlinesRequest) async -> ArticlePage? {
        await (news as? any StoringNewsService)?.storedHeadlines(request)
    }

    public func storedSearch(_ request: SearchRequest) async -> ArticlePage? {
        await (news as? any StoringNewsService)?.storedSearch(request)
    }

    /// One page of both: the news source's page with the feeds' page of the same number.
    public static func merge(_ page: ArticlePage, _ feeds: ArticlePage, order: ArticleSortOrder)
        -> ArticlePage
    {
        var merged = page
        var articles: [Article]
        if order == .publishedAt {
            articles = (page.articles + feeds.articles).enumerated().sorted { left, right in
                let (a, b) = (left.element.publishedAt, right.element.publishedAt)
                if a != b { return (a ?? .distantPast) > (b ?? .distantPast) }
                return left.offset < right.offset
            }.map(\.element)
        } else {
            articles = []
            for index in 0..<max(page.articles.count, feeds.articles.count) {
                if index < page.articles.count { articles.append(page.articles[index]) }
                if index < feeds.articles.count { articles.append(feeds.articles[index]) }
            }
        }
        var seen: Set<ArticleID> = []
        merged.articles = articles.filter { seen.insert($0.id).inserted }
        merged.totalResults = page.totalResults + feeds.totalResults
        // The news source's cap ends the list only once the feeds' results are used up too.
        merged.reachedResultCap = page.reachedResultCap && feeds.isLastPage
        return merged
    }
}
