import Modules
import NewsModels
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The news source when the feeds are the edition (feeds and no NewsAPI key): the headlines are
/// the newest items of every feed, a search is the store's full-text search over what it holds.
/// Categories are NewsAPI's; with feeds alone there are none, and tags take their place.
public struct FeedsNewsService: NewsService {
    public let store: NewsStore
    public let library: any FeedLibrary

    public init(store: NewsStore, library: any FeedLibrary) {
        self.store = store
        self.library = library
    }

    public func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        guard request.category == nil else {
            return ArticlePage(articles: [], totalResults: 0, page: request.page, pageSize: request.pageSize)
        }
        do {
            return try await library.items(
                in: .all, unreadOnly: false, page: request.page, pageSize: request.pageSize)
        } catch {
            throw .unavailable(error.sentence)
        }
    }

    public func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        do {
            var page = try await store.search(
                request.query, sort: request.sortBy, page: request.page, pageSize: request.pageSize)
            // The store is this source: its answer is as fresh as it gets.
            page.origin = .network
            return page
        } catch {
            throw .unavailable(error.sentence)
        }
    }

    public func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        []
    }
}
