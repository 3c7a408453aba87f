import Foundation
import NewsModels
import Testing

@testable import Store

/// A `NewsService` that plays scripted replies in order and records every call. The decorator is
/// what these tests are about; the double stands for the network behind it.
final class ScriptedNewsService: NewsService {
    enum Reply {
        case page(ArticlePage)
        case failure(NewsServiceError)
    }

    private let state = Locked<(replies: [Reply], calls: [String])>(([], []))

    init(_ replies: [Reply] = []) {
        state.withLock { $0.replies = replies }
    }

    func enqueue(_ replies: Reply...) {
        state.withLock { $0.replies += replies }
    }

    var calls: [String] { state.withLock { $0.calls } }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        try next("headlines \(request.category?.rawValue ?? "all") page \(request.page)")
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        try next("search \(request.query) page \(request.page)")
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        state.withLock { $0.calls.append("sources") }
        return [NewsSource(id: "wire", name: "Example Wire")]
    }

    private func next(_ call: String) throws(NewsServiceError) -> ArticlePage {
        let reply = state.withLock { state -> Reply? in
            state.calls.append(call)
            return state.replies.isEmpty ? nil : state.replies.removeFirst()
        }
        switch reply {
        case .page(let page): return page
        case .failure(let error): throw error
        case nil:
            Issue.record("unscripted call: \(call)")
            throw .unavailable("unscripted call")
        }
    }
}

@Suite("CachingNewsService")
struct CachingNewsServiceTests {
    private let clock = TestClock()
    private let science = HeadlinesRequest(country: "us", category: .science, page: 1, pageSize: 20)
    private let marsSearch = SearchRequest(query: "mars", language: "en", sortBy: .publishedAt, pageSize: 20)

    private static let outages: [NewsServiceError] = [
        .transport(.connectionRefused, host: "newsapi.org"), .transport(.timedOut, host: "newsapi.org"),
        .transport(.hostNotFound, host: "newsapi.org"),
        .transport(.notConnectedToInternet, host: "newsapi.org"),
        .transport(.connectionLost, host: "newsapi.org"), .server(status: 500, host: "newsapi.org"),
        .server(status: 503, host: "newsapi.org"), .api(code: "unexpectedError", message: "Try again."),
        .transport(.secureConnectionFailed, host: "newsapi.org"),
        .transport(.other("the server closed the stream"), host: "newsapi.org"),
        .undecodable(reason: "HTML", host: "newsapi.org"),
        .responseTooLarge(limit: 1 << 20, host: "newsapi.org"),
    ]

    /// The key or the pace refused: the stored copy of exactly the page stands in.
    private static let keyRefusals: [NewsServiceError] = [
        .api(code: "apiKeyInvalid", message: "Your API key is invalid."),
        .api(code: "rateLimited", message: "Too many requests."),
        .api(code: "apiKeyExhausted", message: "No requests left."),
        .server(status: 401, host: "newsapi.org"), .server(status: 429, host: "newsapi.org"),
    ]

    /// A request that is itself wrong, or no request at all: never answered from the store.
    private static let refusals: [NewsServiceError] = [
        .api(code: "upgradeRequired", message: "Requests from the browser are not allowed (426)."),
        .api(code: "parameterInvalid", message: "You sent a bad parameter."),
        .server(status: 426, host: "newsapi.org"), .server(status: 404, host: "newsapi.org"),
        .unavailable("The list of sources needs the network."), .cancelled,
    ]

    private func service(_ wrapped: ScriptedNewsService, offline: Bool = false) throws -> (
        CachingNewsService, NewsStore
    ) {
        let store = try NewsStore.testing(clock)
        return (CachingNewsService(wrapping: wrapped, store: store, offline: offline), store)
    }

    @Test func everySuccessfulPageIsRecordedAndServedAsAStaleCopy() async throws {
        let headlines = Fixture.page(Fixture.articles("h", count: 3), totalResults: 30)
        let found = Fixture.page(Fixture.articles("m", count: 2))
        let wrapped = ScriptedNewsService([.page(headlines), .page(found)])
        let (caching, _) = try service(wrapped)

        #expect(await caching.storedHeadlines(science) == nil)
        let live = try await caching.topHeadlines(science)
        #expect(live == headlines)
        #expect(live.origin == .network)
        _ = try await caching.search(marsSearch)
        clock.advance(by: 900)

        let stale = try #require(await caching.storedHeadlines(science))
        #expect(stale.articles == headlines.articles)
        #expect(stale.totalResults == 30)
        #expect(stale.origin == .store(savedAt: Fixture.epoch, reason: .stale))
        let staleSearch = try #require(await caching.storedSearch(marsSearch))
        #expect(staleSearch.articles == found.articles)
        #expect(await caching.storedSearch(SearchRequest(query: "mars", sortBy: .relevancy)) == nil)
        var secondPage = science
        secondPage.page = 2
        #expect(await caching.storedHeadlines(secondPage) == nil)
        #expect(wrapped.calls == ["headlines science page 1", "search mars page 1"])
    }

    @Test func pagesItReturnsAndRecordsNeverHoldDuplicates() async throws {
        let a = Fixture.article("a")
        let b = Fixture.article("b")
        let wrapped = ScriptedNewsService([.page(Fixture.page([a, b, a, a, b]))])
        let (caching, _) = try service(wrapped)
        #expect(try await caching.topHeadlines(science).urls == [a.url, b.url])
        #expect(await caching.storedHeadlines(science)?.urls == [a.url, b.url])
    }

    @Test(arguments: outages)
    func anOutageIsAnsweredFromTheStore(_ error: NewsServiceError) async throws {
        let page = Fixture.page(Fixture.articles("h", count: 2))
        let wrapped = ScriptedNewsService([.page(page), .failure(error), .page(page), .failure(error)])
        let (caching, _) = try service(wrapped)
        _ = try await caching.topHeadlines(science)
        clock.advance(by: 60)
        let fallback = try await caching.topHeadlines(science)
        #expect(fallback.articles == page.articles)
        #expect(fallback.origin == .store(savedAt: Fixture.epoch, reason: .offline(error)))

        _ = try await caching.search(marsSearch)
        let searchFallback = try await caching.search(marsSearch)
        #expect(
            searchFallback.origin
                == .store(savedAt: Fixture.epoch.addingTimeInterval(60), reason: .offline(error)))
    }

    @Test(arguments: outages)
    func anOutageWithNothingStoredIsRethrown(_ error: NewsServiceError) async throws {
        let wrapped = ScriptedNewsService([.failure(error), .failure(error)])
        let (caching, _) = try service(wrapped)
        await #expect(throws: error) { try await caching.topHeadlines(science) }
        await #expect(throws: error) { try await caching.search(marsSearch) }
    }

    @Test(arguments: refusals)
    func refusalsAreNeverMaskedByTheStore(_ error: NewsServiceError) async throws {
        let page = Fixture.page([Fixture.article("mars", title: "Mars")])
        let wrapped = ScriptedNewsService([.page(page), .failure(error), .page(page), .failure(error)])
        let (caching, _) = try service(wrapped)
        _ = try await caching.topHeadlines(science)
        await #expect(throws: error) { try await caching.topHeadlines(science) }
        _ = try await caching.search(marsSearch)
        await #expect(throws: error) { try await caching.search(marsSearch) }
    }

    @Test(arguments: keyRefusals)
    func aRefusedKeyOrPaceShowsTheStoredCopyMarkedRefused(_ error: NewsServiceError) async throws {
        let page = Fixture.page([Fixture.article("mars", title: "Mars")])
        let wrapped = ScriptedNewsService([
            .page(page), .failure(error), .page(page), .failure(error), .failure(error), .failure(error),
        ])
        let (caching, _) = try service(wrapped)
        _ = try await caching.topHeadlines(science)
        let headlines = try await caching.topHeadlines(science)
        #expect(headlines.urls == [Fixture.url("mars")])
        #expect(headlines.stored?.reason == .refused(error))
        _ = try await caching.search(marsSearch)
        let found = try await caching.search(marsSearch)
        #expect(found.stored?.reason == .refused(error))
        // No stored copy of exactly that page: the refusal, not other stored articles.
        await #expect(throws: error) { try await caching.topHeadlines(HeadlinesRequest(category: .sports)) }
        await #expect(throws: error) {
            try await caching.search(SearchRequest(query: "Mars", sortBy: .relevancy))
        }
    }

    @Test func aSearchWithNoStoredCopyFallsBackToTheFullTextIndex() async throws {
        let timeout = NewsServiceError.transport(.timedOut, host: "newsapi.org")
        let wrapped = ScriptedNewsService([
            .page(
                Fixture.page([
                    Fixture.article("comet", title: "Comet over the bay"), Fixture.article("other"),
                ])),
            .failure(timeout), .failure(timeout),
        ])
        let (caching, _) = try service(wrapped)
        _ = try await caching.topHeadlines(science)
        clock.advance(by: 60)

        let found = try await caching.search(SearchRequest(query: "comets", sortBy: .relevancy))
        #expect(found.urls == [Fixture.url("comet")])
        #expect(found.origin == .store(savedAt: Fixture.epoch, reason: .offline(timeout)))
        await #expect(throws: timeout) { try await caching.search(SearchRequest(query: "nebula")) }
    }

    @Test func aStoredListWithoutTheRequestedPageRethrowsRatherThanMixingOrders() async throws {
        let timeout = NewsServiceError.transport(.timedOut, host: "newsapi.org")
        let wrapped = ScriptedNewsService([
            .page(Fixture.page([Fixture.article("mars", title: "Mars")], totalResults: 40)),
            .failure(timeout),
            .failure(timeout),
        ])
        let (caching, _) = try service(wrapped)
        _ = try await caching.search(marsSearch)
        var second = marsSearch
        second.page = 2
        await #expect(throws: timeout) { try await caching.search(second) }
        var secondHeadlines = science
        secondHeadlines.page = 2
        await #expect(throws: timeout) { try await caching.topHeadlines(secondHeadlines) }
    }

    @Test func offlineModeNeverCallsTheWrappedService() async throws {
        let store = try NewsStore.testing(clock)
        let scienceArticles = [
            Fixture.article("s1", title: "Comet", hoursAgo: 3), Fixture.article("s2", hoursAgo: 1),
        ]
        try await store.record(Fixture.page(scienceArticles), for: ListingKey(science)!)
        try await store.record(
            Fixture.page([Fixture.article("m1", title: "Mars")]), for: ListingKey(marsSearch)!)
        clock.advance(by: 120)
        let wrapped = ScriptedNewsService()
        let caching = CachingNewsService(wrapping: wrapped, store: store, offline: true)

        let stored = try await caching.topHeadlines(science)
        #expect(stored.articles == scienceArticles)
        #expect(stored.origin == .store(savedAt: Fixture.epoch, reason: .offlineMode))
        // Nothing is revalidated, so there is no stored copy to show meanwhile: the answer is it.
        #expect(await caching.storedHeadlines(science) == nil)
        #expect(await caching.storedSearch(marsSearch) == nil)

        // Never stored for this country: the category's newest articles.
        let otherCountry = try await caching.topHeadlines(HeadlinesRequest(country: "gb", category: .science))
        #expect(otherCountry.urls == [Fixture.url("s2"), Fixture.url("s1")])
        #expect(otherCountry.stored?.reason == .offlineMode)
        // No category: the newest of everything.
        let everything = try await caching.topHeadlines(HeadlinesRequest(country: "gb", pageSize: 2))
        #expect(everything.urls == [Fixture.url("m1"), Fixture.url("s2")])
        #expect(everything.totalResults == 3)
        // A category never stored: nothing, not another category's news.
        #expect(try await caching.topHeadlines(HeadlinesRequest(category: .sports)).articles.isEmpty)
        // Past the stored pages, the list ends.
        var next = science
        next.page = 2
        let end = try await caching.topHeadlines(next)
        #expect(end.articles.isEmpty && end.isLastPage)

        #expect(try await caching.search(marsSearch).urls == [Fixture.url("m1")])
        let indexed = try await caching.search(SearchRequest(query: "comet", sortBy: .relevancy))
        #expect(indexed.urls == [Fixture.url("s1")])
        #expect(indexed.stored?.reason == .offlineMode)
        #expect(try await caching.search(SearchRequest(query: "nebula")).articles.isEmpty)

        await #expect(throws: NewsServiceError.self) { try await caching.sources(SourcesRequest()) }
        #expect(wrapped.calls.isEmpty)
    }

    @Test func anOutageForHeadlinesNeverLoadedShowsTheCategorysNewestStoredArticles() async throws {
        let store = try NewsStore.testing(clock)
        let scienceArticles = [
            Fixture.article("s1", title: "Comet", hoursAgo: 3), Fixture.article("s2", hoursAgo: 1),
        ]
        try await store.record(Fixture.page(scienceArticles, totalResults: 40), for: ListingKey(science)!)
        let outage = NewsServiceError.transport(.notConnectedToInternet, host: "newsapi.org")
        let wrapped = ScriptedNewsService(Array(repeating: .failure(outage), count: 4))
        let caching = CachingNewsService(wrapping: wrapped, store: store)

        // Never loaded for this country: the category's newest stored articles, with the reason.
        let otherCountry = try await caching.topHeadlines(HeadlinesRequest(country: "gb", category: .science))
        #expect(otherCountry.urls == [Fixture.url("s2"), Fixture.url("s1")])
        #expect(otherCountry.stored?.reason == .offline(outage))
        // A category with nothing stored: the error, not another category's news.
        await #expect(throws: outage) { try await caching.topHeadlines(HeadlinesRequest(category: .sports)) }
        // A later page of a list stored in part: the error, not other articles continuing it.
        var next = science
        next.page = 2
        await #expect(throws: outage) { try await caching.topHeadlines(next) }
        // A refused key with no stored copy of that page is the refusal, not the category's news.
        let refused = ScriptedNewsService([.failure(.api(code: "apiKeyInvalid", message: "Bad key."))])
        await #expect(throws: NewsServiceError.self) {
            try await CachingNewsService(wrapping: refused, store: store).topHeadlines(
                HeadlinesRequest(country: "gb", category: .science))
        }
    }

    @Test func sourcesPassThrough() async throws {
        let wrapped = ScriptedNewsService()
        let (caching, _) = try service(wrapped)
        #expect(try await caching.sources(SourcesRequest()).map(\.id) == ["wire"])
        #expect(wrapped.calls == ["sources"])
    }

    @Test func requestsWithFiltersAKeyCannotExpressAreNotRecorded() async throws {
        let page = Fixture.page([Fixture.article("bbc")])
        let wrapped = ScriptedNewsService([.page(page), .failure(.transport(.timedOut, host: "newsapi.org"))])
        let (caching, store) = try service(wrapped)
        let filtered = HeadlinesRequest(sources: ["bbc-news"])
        #expect(try await caching.topHeadlines(filtered) == page)
        #expect(try await store.stats().articleCount == 0)
        #expect(await caching.storedHeadlines(filtered) == nil)
        await #expect(throws: NewsServiceError.self) { try await caching.topHeadlines(filtered) }
    }

    @Test func aBrokenStoreNeverTurnsAGoodAnswerIntoAnError() async throws {
        let page = Fixture.page([Fixture.article("a")])
        let wrapped = ScriptedNewsService([.page(page)])
        let (caching, store) = try service(wrapped)
        try store.close()
        #expect(try await caching.topHeadlines(science) == page)
        #expect(await caching.storedHeadlines(science) == nil)
    }
}
