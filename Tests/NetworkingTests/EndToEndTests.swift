import Foundation
import Networking
import NewsAPIStub
import NewsModels
import SampleEdition
import Testing

/// ``NewsAPIService`` over the real ``CurlHTTPClient`` against the stub on 127.0.0.1: what
/// arrives is what the sample edition holds, and what is sent is what NewsAPI expects.
@Suite("End to end against the stub", .timeLimit(.minutes(1)))
struct EndToEndTests {
    @Test("a headlines page arrives as the sample edition has it")
    func headlinesPage() async throws {
        let sample = try StubHarness.sampleService()
        let request = HeadlinesRequest(page: 1, pageSize: 20)
        let expected = try await sample.topHeadlines(request)
        let page = try await StubHarness.withStub { stub in
            try await StubHarness.client(for: stub).topHeadlines(request)
        }
        #expect(page.articles.count == 20)
        #expect(page.totalResults == expected.totalResults)
        #expect(page.page == 1 && page.pageSize == 20 && page.skippedCount == 0 && !page.reachedResultCap)
        expectSameArticles(page.articles, expected.articles)
    }

    @Test("every category, with the request the stub received", arguments: NewsCategory.allCases)
    func categories(category: NewsCategory) async throws {
        let request = HeadlinesRequest(category: category, pageSize: 100)
        let expected = try await StubHarness.sampleService().topHeadlines(request)
        try await StubHarness.withStub { stub in
            let page = try await StubHarness.client(for: stub).topHeadlines(request)
            #expect(!page.articles.isEmpty)
            #expect(page.totalResults == expected.totalResults)
            expectSameArticles(page.articles, expected.articles)
            let received = try #require(stub.lastRequest)
            #expect(received.path == "/v2/top-headlines")
            #expect(received.query("category") == category.rawValue)
            #expect(received.query("pageSize") == "100")
        }
    }

    @Test(
        "a search with awkward text reaches the server intact, in every order",
        arguments: ArticleSortOrder.allCases)
    func search(order: ArticleSortOrder) async throws {
        let query = "bitcoin OR “Светлом” OR 東京 OR café+crème & co"
        let request = SearchRequest(query: query, sortBy: order, pageSize: 50)
        let expected = try await StubHarness.sampleService().search(request)
        try await StubHarness.withStub { stub in
            let page = try await StubHarness.client(for: stub).search(request)
            #expect(page.totalResults == expected.totalResults)
            expectSameArticles(page.articles, expected.articles)
            let received = try #require(stub.lastRequest)
            #expect(received.path == "/v2/everything")
            #expect(received.query("q").map { Array($0.unicodeScalars) } == Array(query.unicodeScalars))
            #expect(received.query("sortBy") == order.rawValue)
            #expect(!received.rawQuery.contains(" ") && !received.rawQuery.contains("+"))
        }
        #expect(expected.totalResults > 0)
    }

    @Test("sources arrive as the sample edition lists them")
    func sources() async throws {
        let expected = try await StubHarness.sampleService().sources(SourcesRequest())
        let sources = try await StubHarness.withStub { stub in
            try await StubHarness.client(for: stub).sources(SourcesRequest())
        }
        #expect(sources.count > 10)
        #expect(sources == expected)
    }

    @Test("the key is sent in X-Api-Key only, never in the URL")
    func keyPlacement() async throws {
        try await StubHarness.withStub { stub in
            _ = try await StubHarness.client(for: stub).sources(SourcesRequest(category: .science))
            let received = try #require(stub.lastRequest)
            #expect(received.header("X-Api-Key") == StubHarness.key)
            #expect(received.header("Authorization") == nil)
            #expect(received.query("apiKey") == nil)
            #expect(!received.rawQuery.contains(StubHarness.key) && !received.path.contains(StubHarness.key))
            #expect(received.header("Accept") == "application/json")
            #expect(received.header("User-Agent")?.hasPrefix("NewsApp/") == true)
            #expect(received.method == "GET")
            #expect(stub.requestCount == 1)
        }
    }

    @Test("paging to the cap ends the list cleanly with reachedResultCap")
    func pagingToTheCap() async throws {
        try await StubHarness.withStub(.init(resultCap: 30)) { stub in
            let service = StubHarness.client(for: stub)
            var list = ArticleList()
            while let next = list.nextPage, next <= 10 {
                list.append(try await service.topHeadlines(HeadlinesRequest(page: next, pageSize: 10)))
            }
            #expect(list.count == 30)
            #expect(list.reachedResultCap)
            #expect(list.isComplete)
            #expect(list.lastPage == 4)
            #expect(list.totalResults > 30)
            #expect(stub.requestCount == 4)
            #expect(stub.recentRequests.map { $0.query("page") } == ["1", "2", "3", "4"])
        }
    }

    @Test("paging without a cap reaches the natural end")
    func pagingToTheEnd() async throws {
        let total = try StubHarness.edition().entries.count
        try await StubHarness.withStub(.init(resultCap: nil)) { stub in
            let service = StubHarness.client(for: stub)
            var list = ArticleList()
            while let next = list.nextPage, next <= 10 {
                list.append(try await service.topHeadlines(HeadlinesRequest(page: next, pageSize: 30)))
            }
            #expect(list.count == total)
            #expect(!list.reachedResultCap)
            #expect(list.lastPage == (total + 29) / 30)
        }
    }

    @Test("a wrong key gets NewsAPI's apiKeyInvalid")
    func wrongKey() async throws {
        let result = try await StubHarness.withStub { stub in
            await outcome {
                try await StubHarness.client(for: stub, key: "wrong-key").topHeadlines(HeadlinesRequest())
            }
        }
        #expect(
            result.failure
                == .api(code: "apiKeyInvalid", message: NewsAPIErrorCode.apiKeyInvalid.defaultMessage))
    }

    @Test("a stub without a key check accepts any key")
    func noKeyCheck() async throws {
        let page = try await StubHarness.withStub(.init(apiKey: nil)) { stub in
            try await StubHarness.client(for: stub, key: "anything").topHeadlines(
                HeadlinesRequest(pageSize: 5))
        }
        #expect(page.articles.count == 5)
    }

    @Test("page 2 past the stub's own cap: 426 from the stub, an empty capped page for the caller")
    func stubCap() async throws {
        try await StubHarness.withStub { stub in
            let service = StubHarness.client(for: stub)
            let page = try await service.search(SearchRequest(query: "the", page: 2, pageSize: 60))
            #expect(page.articles.isEmpty && page.reachedResultCap && page.totalResults == 60)
            let first = await outcome {
                try await service.search(SearchRequest(query: "the", page: 1, pageSize: 100))
            }
            #expect(first.success?.reachedResultCap == false)
        }
    }

    @Test("faults set while running: 429, then 500, then status:error with 200, then normal again")
    func runtimeFaults() async throws {
        try await StubHarness.withStub { stub in
            let service = StubHarness.client(for: stub)
            let request = HeadlinesRequest(pageSize: 3)
            stub.setFault(.rateLimited)
            #expect(await outcome { try await service.topHeadlines(request) }.failure?.code == "rateLimited")
            stub.setFault(.unexpectedError)
            #expect(
                await outcome { try await service.topHeadlines(request) }.failure?.code == "unexpectedError")
            stub.setFault(.errorWithHTTP200(.sourcesTooMany))
            #expect(
                await outcome { try await service.topHeadlines(request) }.failure?.code == "sourcesTooMany")
            stub.setFault(nil)
            let recovered = try await service.topHeadlines(request)
            #expect(recovered.articles.count == 3)
            #expect(stub.requestCount == 4)
        }
    }

    @Test("a fault rule can fail one page only")
    func faultRule() async throws {
        let options = NewsAPIStubServer.Options(faultRule: { request in
            request.query("page") == "2" ? .unexpectedError : nil
        })
        try await StubHarness.withStub(options) { stub in
            let service = StubHarness.client(for: stub)
            let first = try await service.topHeadlines(HeadlinesRequest(page: 1, pageSize: 5))
            let second = await outcome {
                try await service.topHeadlines(HeadlinesRequest(page: 2, pageSize: 5))
            }
            let third = try await service.topHeadlines(HeadlinesRequest(page: 3, pageSize: 5))
            #expect(first.articles.count == 5)
            #expect(second.failure?.code == "unexpectedError")
            #expect(third.articles.count == 5)
        }
    }

    @Test("latency delays each answer by at least the configured time")
    func latency() async throws {
        try await StubHarness.withStub(.init(latency: .milliseconds(200))) { stub in
            let service = StubHarness.client(for: stub)
            let clock = ContinuousClock()
            let start = clock.now
            _ = try await service.sources(SourcesRequest())
            #expect(clock.now - start >= .milliseconds(200))
        }
    }
}
