import Foundation
import Modules
import NewsModels
import Store
import Testing

@testable import Account

/// A news source that answers from fixed pages: what NewsAPI would send, standing in for it beside
/// the real store the services under test search.
struct FixedNewsService: NewsService {
    var headlines: ArticlePage
    var found: Result<ArticlePage, NewsServiceError>
    var outlets: [NewsSource] = []

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage { headlines }
    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage { try found.get() }
    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] { outlets }
}

@Suite(.timeLimit(.minutes(1)))
struct NewsServicesTests {
    static func page(_ articles: [Article], total: Int? = nil, capped: Bool = false) -> ArticlePage {
        ArticlePage(
            articles: articles, totalResults: total ?? articles.count, page: 1, pageSize: 20,
            reachedResultCap: capped)
    }

    static func dated(_ name: String, _ seconds: Double?) -> Article {
        var article = AccountFixtures.article(name)
        article.publishedAt = seconds.map(Date.init(timeIntervalSince1970:))
        return article
    }

    @Test func theFeedsEditionsHeadlinesAreEveryFeedsItemsAndItsSearchTheStores() async throws {
        let fixture = try await StoreFeedLibraryTests.fixture()
        let service = FeedsNewsService(store: fixture.store, library: fixture.library())

        let headlines = try await service.topHeadlines(HeadlinesRequest(pageSize: 2))
        #expect(headlines.articles.count == 2)
        #expect(headlines.totalResults == 3)
        let category = try await service.topHeadlines(HeadlinesRequest(category: .science))
        #expect(category.articles.isEmpty)
        let found = try await service.search(SearchRequest(query: "Item"))
        #expect(found.totalResults == 3)
        #expect(found.origin == .network)
        #expect(try await service.sources(SourcesRequest()).isEmpty)
    }

    @Test func aStoreThatFailsMakesTheFeedsEditionUnavailable() async throws {
        let fixture = try await StoreFeedLibraryTests.fixture()
        let service = FeedsNewsService(store: fixture.store, library: fixture.library())
        try fixture.store.close()

        do {
            _ = try await service.topHeadlines(HeadlinesRequest())
            Issue.record("headlines came from a closed store")
        } catch {
            guard case .unavailable = error else {
                Issue.record("expected unavailable, got \(error)")
                return
            }
        }
        do {
            _ = try await service.search(SearchRequest(query: "Item"))
            Issue.record("a search ran on a closed store")
        } catch {
            guard case .unavailable = error else {
                Issue.record("expected unavailable, got \(error)")
                return
            }
        }
    }

    @Test func aCombinedSearchFindsTheNewsSourcesAndTheFeedsArticles() async throws {
        let fixture = try await StoreFeedLibraryTests.fixture()
        let wire = Self.dated("wire", 2_000_000_000)
        let news = FixedNewsService(
            headlines: Self.page([wire]), found: .success(Self.page([wire], total: 40)))
        let combined = CombinedNewsService(news: news, store: fixture.store)

        let found = try await combined.search(SearchRequest(query: "Item", sortBy: .publishedAt))
        let headlines = try await combined.topHeadlines(HeadlinesRequest())

        #expect(found.articles.count == 4)
        #expect(found.articles.first?.id == wire.id)
        #expect(found.totalResults == 43)
        #expect(headlines.articles == [wire])
        #expect(try await combined.sources(SourcesRequest()).isEmpty)
        #expect(await combined.storedHeadlines(HeadlinesRequest()) == nil)
        #expect(await combined.storedSearch(SearchRequest(query: "Item")) == nil)
    }

    @Test func theNewsSourcesFailureIsTheCombinedSearchs() async throws {
        let store = try NewsStore.inMemory()
        let news = FixedNewsService(headlines: Self.page([]), found: .failure(.unavailable("down")))
        let combined = CombinedNewsService(news: news, store: store)

        await #expect(throws: NewsServiceError.unavailable("down")) {
            _ = try await combined.search(SearchRequest(query: "x"))
        }
    }

    @Test func theStoredPagesAreTheNewsSourcesOwn() async throws {
        let store = try NewsStore.inMemory()
        let wire = Self.dated("wire", 2_000_000_000)
        let news = FixedNewsService(headlines: Self.page([wire]), found: .success(Self.page([wire])))
        let caching = CachingNewsService(wrapping: news, store: store)
        let combined = CombinedNewsService(news: caching, store: store)

        _ = try await combined.topHeadlines(HeadlinesRequest())

        #expect(await combined.storedHeadlines(HeadlinesRequest())?.articles.map(\.id) == [wire.id])
        #expect(await combined.storedSearch(SearchRequest(query: "nothing stored")) == nil)
    }

    @Test func byDateTheMergeIsNewestFirstElseTheTwoTakeTurns() {
        let a = Self.dated("a", 300)
        let b = Self.dated("b", 100)
        let c = Self.dated("c", 200)
        let d = Self.dated("d", nil)
        let news = Self.page([a, b], total: 100, capped: true)
        let feeds = Self.page([c, d, a])

        let byDate = CombinedNewsService.merge(news, feeds, order: .publishedAt)
        #expect(byDate.articles.map(\.title) == [a, c, b, d].map(\.title))
        #expect(byDate.totalResults == 103)
        #expect(byDate.reachedResultCap)
        let byTurns = CombinedNewsService.merge(news, feeds, order: .relevancy)
        #expect(byTurns.articles.map(\.title) == [a, c, b, d].map(\.title))
        let more = ArticlePage(articles: [c], totalResults: 50, page: 1, pageSize: 1)
        #expect(!CombinedNewsService.merge(news, more, order: .relevancy).reachedResultCap)
    }
}
