import Foundation
import NewsModels
import Testing

@testable import Networking

/// Paths, query parameters and headers of every ``NewsAPIRouter`` endpoint.
@Suite("NewsAPIRouter and NewsAPIRequest")
struct RouterTests {
    static let configuration = NewsAPIConfiguration(
        baseURL: URL(string: "http://127.0.0.1:8080")!, apiKey: APIKey("s3cr3t-KEY-42")!, timeout: 7)

    /// The decoded `(name, value)` pairs of a URL's query, in order.
    static func pairs(_ url: URL) throws -> [Pair] {
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        return (components.queryItems ?? []).map { Pair($0.name, $0.value ?? "") }
    }

    struct Pair: Equatable, CustomStringConvertible {
        var name: String
        var value: String
        init(_ name: String, _ value: String) { (self.name, self.value) = (name, value) }
        var description: String { "\(name)=\(value)" }
    }

    @Test("each endpoint has NewsAPI's path")
    func paths() {
        #expect(NewsAPIRouter.topHeadlines(HeadlinesRequest()).path == "/v2/top-headlines")
        #expect(NewsAPIRouter.everything(SearchRequest(query: "x")).path == "/v2/everything")
        #expect(NewsAPIRouter.sources(SourcesRequest()).path == "/v2/top-headlines/sources")
    }

    @Test("top headlines with every parameter")
    func headlinesEveryParameter() throws {
        let request = HeadlinesRequest(
            country: "us", category: .science, sources: ["bbc-news", "cnn"], query: "mars rover", page: 3,
            pageSize: 50)
        let url = NewsAPIRequest(.topHeadlines(request), configuration: Self.configuration).url
        #expect(url.path == "/v2/top-headlines")
        #expect(
            try Self.pairs(url) == [
                Pair("country", "us"), Pair("category", "science"), Pair("sources", "bbc-news,cnn"),
                Pair("q", "mars rover"), Pair("page", "3"), Pair("pageSize", "50"),
            ])
    }

    @Test("top headlines leaves out absent and empty parameters")
    func headlinesDefaults() throws {
        let bare = NewsAPIRouter.topHeadlines(HeadlinesRequest())
        #expect(bare.queryItems.map(\.name) == ["page", "pageSize"])
        #expect(bare.queryItems.map(\.value) == ["1", "20"])
        let blank = NewsAPIRouter.topHeadlines(HeadlinesRequest(country: "", sources: [], query: ""))
        #expect(blank.queryItems.map(\.name) == ["page", "pageSize"])
    }

    @Test("everything with every parameter")
    func everythingEveryParameter() throws {
        let from = Date(timeIntervalSince1970: 1_789_354_800)
        let to = Date(timeIntervalSince1970: 1_789_381_800.5)
        let request = SearchRequest(
            query: "\"solar power\" +grid -coal", searchIn: [.title, .content], sources: ["a", "b"],
            domains: ["example.org", "news.example"], from: from, to: to, language: "fr", sortBy: .popularity,
            page: 2, pageSize: 100)
        let url = NewsAPIRequest(.everything(request), configuration: Self.configuration).url
        #expect(url.path == "/v2/everything")
        #expect(
            try Self.pairs(url) == [
                Pair("q", "\"solar power\" +grid -coal"), Pair("searchIn", "title,content"),
                Pair("sources", "a,b"), Pair("domains", "example.org,news.example"),
                Pair("from", "2026-09-14T03:00:00Z"), Pair("to", "2026-09-14T10:30:00.500Z"),
                Pair("language", "fr"), Pair("sortBy", "popularity"), Pair("page", "2"),
                Pair("pageSize", "100"),
            ])
    }

    @Test("everything with only a query still sends the sort order and paging")
    func everythingMinimal() throws {
        let route = NewsAPIRouter.everything(SearchRequest(query: "bitcoin"))
        #expect(route.queryItems.map(\.name) == ["q", "sortBy", "page", "pageSize"])
        #expect(route.queryItems.map(\.value) == ["bitcoin", "publishedAt", "1", "20"])
    }

    @Test("every sort order is sent by its NewsAPI name", arguments: ArticleSortOrder.allCases)
    func sortOrders(order: ArticleSortOrder) {
        let route = NewsAPIRouter.everything(SearchRequest(query: "x", sortBy: order))
        #expect(route.queryItems.first { $0.name == "sortBy" }?.value == order.rawValue)
    }

    @Test("every category is sent by its NewsAPI name", arguments: NewsCategory.allCases)
    func categories(category: NewsCategory) {
        let route = NewsAPIRouter.topHeadlines(HeadlinesRequest(category: category))
        #expect(route.queryItems.first { $0.name == "category" }?.value == category.rawValue)
    }

    @Test("sources with and without filters")
    func sources() throws {
        let full = NewsAPIRequest(
            .sources(SourcesRequest(category: .health, language: "de", country: "at")),
            configuration: Self.configuration
        ).url
        #expect(full.path == "/v2/top-headlines/sources")
        #expect(
            try Self.pairs(full) == [
                Pair("category", "health"), Pair("language", "de"), Pair("country", "at"),
            ])

        let bare = NewsAPIRequest(.sources(SourcesRequest()), configuration: Self.configuration).url
        #expect(bare.absoluteString == "http://127.0.0.1:8080/v2/top-headlines/sources")
        #expect(bare.query == nil)
    }

    @Test("the key travels in X-Api-Key and nowhere in the URL")
    func keyInHeaderOnly() {
        let routes: [NewsAPIRouter] = [
            .topHeadlines(HeadlinesRequest(query: "s3cr3t-KEY-42")), .everything(SearchRequest(query: "x")),
            .sources(SourcesRequest()),
        ]
        for route in routes {
            let request = NewsAPIRequest(route, configuration: Self.configuration).request(timeout: 7)
            #expect(request.headers["X-Api-Key"] == "s3cr3t-KEY-42")
            #expect(request.headers.keys.allSatisfy { $0.lowercased() != "authorization" })
            let url = request.url.absoluteString
            #expect(!url.lowercased().contains("apikey"))
            if case .topHeadlines = route { continue }  // that one searches for the key's text on purpose
            #expect(!url.contains("s3cr3t"))
        }
    }

    @Test("the request is a GET that asks for JSON, names NewsApp and has the timeout")
    func requestShape() {
        let routed = NewsAPIRequest(.sources(SourcesRequest()), configuration: Self.configuration)
        let request = routed.request(timeout: 7)
        #expect(routed.method == .get)
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["User-Agent"] == "NewsApp/\(NewsAppVersion.current) (terminal news reader)")
        #expect(request.timeout == 7)
    }

    @Test(
        "the base URL may end with slashes or carry a path prefix",
        arguments: [
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080/v2/everything"),
            ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/v2/everything"),
            ("https://newsapi.org", "https://newsapi.org/v2/everything"),
            ("https://proxy.example/newsapi", "https://proxy.example/newsapi/v2/everything"),
            ("https://proxy.example/newsapi/", "https://proxy.example/newsapi/v2/everything"),
            ("https://proxy.example/a/b//", "https://proxy.example/a/b/v2/everything"),
        ])
    func baseURLs(base: String, expected: String) throws {
        var configuration = Self.configuration
        configuration.baseURL = try #require(URL(string: base))
        let route = NewsAPIRouter.everything(SearchRequest(query: "x"))
        let url = NewsAPIRequest(route, configuration: configuration).url
        #expect(url.absoluteString.hasPrefix(expected + "?"))
        #expect(try Self.pairs(url).first == Pair("q", "x"))
    }
}
