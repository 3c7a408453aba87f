import Foundation
import NewsAPIStub
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The stub itself, asked with plain URLSession requests: NewsAPI's statuses, bodies and checks.
@Suite("NewsAPIStubServer", .timeLimit(.minutes(1)))
struct StubServerTests {
    struct Reply {
        var status: Int
        var contentType: String?
        var body: Data

        /// The top-level keys of the JSON body, in the order sent.
        var keys: [String] {
            get throws {
                let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
                let text = String(decoding: body, as: UTF8.self)
                return object.keys.sorted {
                    text.range(of: "\"\($0)\":")!.lowerBound < text.range(of: "\"\($1)\":")!.lowerBound
                }
            }
        }

        func error() throws -> ErrorBody {
            try JSONDecoder().decode(ErrorBody.self, from: body)
        }
    }

    struct ErrorBody: Decodable, Equatable {
        var status: String
        var code: String
        var message: String
    }

    /// Sends `GET pathAndQuery` with `headers` (the key in `X-Api-Key` unless overridden).
    static func get(
        _ stub: NewsAPIStubServer, _ pathAndQuery: String,
        headers: [String: String] = ["X-Api-Key": "test-key"],
        method: String = "GET"
    ) async throws -> Reply {
        var request = URLRequest(url: try #require(URL(string: stub.baseURL.absoluteString + pathAndQuery)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return Reply(
            status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"), body: data)
    }

    @Test("start returns a real port that accepts at once, and stop closes it")
    func lifecycle() async throws {
        let stub = try NewsAPIStubServer.sample()
        let port = try await stub.start()
        #expect(port > 0 && port == stub.port)
        #expect(stub.baseURL.absoluteString == "http://127.0.0.1:\(port)")
        #expect(try await Self.get(stub, "/v2/top-headlines/sources").status == 200)
        await stub.stop()
        await #expect(throws: (any Error).self) { try await Self.get(stub, "/v2/top-headlines/sources") }
        await stub.stop()
    }

    @Test("starting twice, or on a port in use, fails")
    func startFailures() async throws {
        try await StubHarness.withStub { stub in
            await #expect(throws: NewsAPIStubServer.StartError.alreadyRunning) { try await stub.start() }
            let other = try NewsAPIStubServer.sample()
            await #expect(throws: NewsAPIStubServer.StartError.self) {
                try await other.start(port: UInt16(stub.port))
            }
            let stillServing = try await Self.get(stub, "/v2/top-headlines/sources")
            #expect(stillServing.status == 200)
        }
    }

    @Test(
        "the key may come in X-Api-Key, Authorization or apiKey",
        arguments: [
            ("", ["X-Api-Key": "test-key"]), ("", ["x-api-key": "test-key"]),
            ("", ["Authorization": "test-key"]), ("", ["Authorization": "Bearer test-key"]),
            ("&apiKey=test-key", [:]),
        ])
    func keyPlaces(query: String, headers: [String: String]) async throws {
        try await StubHarness.withStub { stub in
            let reply = try await Self.get(stub, "/v2/top-headlines?pageSize=1" + query, headers: headers)
            #expect(reply.status == 200)
        }
    }

    @Test("a missing key is 401 apiKeyMissing, a wrong one 401 apiKeyInvalid, in NewsAPI's words")
    func keyErrors() async throws {
        try await StubHarness.withStub { stub in
            let missing = try await Self.get(stub, "/v2/everything?q=x", headers: [:])
            #expect(missing.status == 401)
            #expect(
                try missing.error()
                    == ErrorBody(
                        status: "error", code: "apiKeyMissing",
                        message: "Your API key is missing. Append this to the URL with the apiKey param, "
                            + "or use the x-api-key HTTP header."))
            let wrong = try await Self.get(stub, "/v2/everything?q=x", headers: ["X-Api-Key": "nope"])
            #expect(wrong.status == 401)
            #expect(
                try wrong.error()
                    == ErrorBody(
                        status: "error", code: "apiKeyInvalid",
                        message: "Your API key is invalid or incorrect. Check your key, or go to "
                            + "https://newsapi.org to create a free API key."))
            let blank = try await Self.get(stub, "/v2/everything?q=x", headers: ["X-Api-Key": ""])
            #expect(try blank.error().code == "apiKeyMissing")
        }
    }

    @Test("bodies have NewsAPI's shape and key order")
    func shapes() async throws {
        try await StubHarness.withStub { stub in
            let headlines = try await Self.get(stub, "/v2/top-headlines?pageSize=3")
            #expect(headlines.status == 200)
            #expect(headlines.contentType == "application/json; charset=utf-8")
            #expect(try headlines.keys == ["status", "totalResults", "articles"])
            #expect(
                String(decoding: headlines.body, as: UTF8.self).hasPrefix(#"{"status":"ok","totalResults":"#))
            let object = try #require(
                try JSONSerialization.jsonObject(with: headlines.body) as? [String: Any])
            let articles = try #require(object["articles"] as? [[String: Any]])
            #expect(articles.count == 3)
            for article in articles {
                #expect(
                    Set(article.keys) == [
                        "source", "author", "title", "description", "url", "urlToImage", "publishedAt",
                        "content",
                    ])
            }
            let sources = try await Self.get(stub, "/v2/top-headlines/sources")
            #expect(try sources.keys == ["status", "sources"])
            let list = try #require(
                (try JSONSerialization.jsonObject(with: sources.body) as? [String: Any])?["sources"]
                    as? [[String: Any]])
            #expect(
                list.allSatisfy {
                    Set($0.keys) == ["id", "name", "description", "url", "category", "language", "country"]
                })
            let error = try await Self.get(stub, "/v2/nowhere")
            #expect(try error.keys == ["status", "code", "message"])
        }
    }

    @Test(
        "bad parameters are 400 with NewsAPI's codes",
        arguments: [
            ("/v2/top-headlines?pageSize=101", "parameterInvalid"),
            ("/v2/top-headlines?pageSize=0", "parameterInvalid"),
            ("/v2/top-headlines?pageSize=ten", "parameterInvalid"),
            ("/v2/top-headlines?page=0", "parameterInvalid"),
            ("/v2/top-headlines?category=weather", "parameterInvalid"),
            ("/v2/top-headlines/sources?category=weather", "parameterInvalid"),
            ("/v2/top-headlines?sources=bbc-news&country=us", "parametersIncompatible"),
            ("/v2/top-headlines?sources=bbc-news&category=science", "parametersIncompatible"),
            ("/v2/everything?q=x&sortBy=newest", "parameterInvalid"),
            ("/v2/everything?q=x&searchIn=body", "parameterInvalid"),
            ("/v2/everything?q=x&from=yesterday", "parameterInvalid"),
            ("/v2/everything", "parametersMissing"),
            ("/v2/everything?q=%20%20&language=en", "parametersMissing"),
            (
                "/v2/everything?q=x&sources=" + (1...21).map { "s\($0)" }.joined(separator: ","),
                "sourcesTooMany"
            ),
        ])
    func badParameters(pathAndQuery: String, code: String) async throws {
        try await StubHarness.withStub { stub in
            let reply = try await Self.get(stub, pathAndQuery)
            #expect(reply.status == 400)
            let error = try reply.error()
            #expect(error.status == "error" && error.code == code && !error.message.isEmpty)
        }
    }

    @Test("everything without q, sources or domains uses NewsAPI's message")
    func parametersMissingMessage() async throws {
        try await StubHarness.withStub { stub in
            let error = try await Self.get(stub, "/v2/everything?language=en").error()
            let expected =
                "Required parameters are missing, the scope of your search is too broad. Please set any "
                + "of the following required parameters and try again: q, qInTitle, sources, domains."
            #expect(error.message == expected)
        }
    }

    @Test("valid optional parameters are accepted")
    func validParameters() async throws {
        try await StubHarness.withStub { stub in
            let queries = [
                "/v2/everything?q=bitcoin&searchIn=title,description&sortBy=popularity&from=2000-01-01"
                    + "&to=2100-01-01T00:00:00Z&language=en&page=1&pageSize=100",
                "/v2/everything?q=bitcoin&domains=example.org",
                "/v2/top-headlines?country=us&category=science&q=bird",
                "/v2/top-headlines/?pageSize=100",
                "/v2/top-headlines/sources?category=health&language=en&country=us",
            ]
            for query in queries {
                let reply = try await Self.get(stub, query)
                #expect(reply.status == 200, "\(query)")
            }
        }
    }

    @Test(
        "paging past the cap is 426 maximumResultsReached naming the results asked for",
        arguments: [(2, 60, 60, 120), (3, 50, 100, 150), (11, 10, 100, 110)])
    func resultCap(page: Int, pageSize: Int, from: Int, to: Int) async throws {
        try await StubHarness.withStub { stub in
            let reply = try await Self.get(stub, "/v2/everything?q=the&page=\(page)&pageSize=\(pageSize)")
            #expect(reply.status == 426)
            #expect(
                try reply.error()
                    == ErrorBody(
                        status: "error", code: "maximumResultsReached",
                        message: "You have requested too many results. Developer accounts are limited to "
                            + "a max of 100 results. You are trying to request results \(from) to \(to). "
                            + "Please upgrade to a paid plan if you need more results."))
        }
    }

    @Test(
        "pages up to the cap, and page 1 of any size, are served",
        arguments: [(1, 100), (2, 50), (10, 10), (5, 20)])
    func withinCap(page: Int, pageSize: Int) async throws {
        try await StubHarness.withStub { stub in
            let reply = try await Self.get(stub, "/v2/everything?q=the&page=\(page)&pageSize=\(pageSize)")
            #expect(reply.status == 200)
        }
    }

    @Test("unknown paths are 404 and other methods 405, both with an error body")
    func unknownRoutes() async throws {
        try await StubHarness.withStub { stub in
            let missing = try await Self.get(stub, "/v3/top-headlines")
            #expect(missing.status == 404)
            #expect(try missing.error().code == "routeNotFound")
            let post = try await Self.get(stub, "/v2/top-headlines", method: "POST")
            #expect(post.status == 405)
            #expect(try post.error().code == "methodNotAllowed")
        }
    }

    @Test("faults: an HTML page, then a custom body, then normal again")
    func faults() async throws {
        try await StubHarness.withStub { stub in
            stub.setFault(.htmlPage(status: 502))
            let html = try await Self.get(stub, "/v2/top-headlines", headers: [:])
            #expect(html.status == 502)
            #expect(html.contentType == "text/html; charset=utf-8")
            #expect(String(decoding: html.body, as: UTF8.self).contains("<h1>502</h1>"))
            stub.setFault(.init(status: 200, contentType: "text/plain", body: Data("garbage".utf8)))
            let garbage = try await Self.get(stub, "/v2/top-headlines")
            #expect(garbage.status == 200 && garbage.body == Data("garbage".utf8))
            stub.setFault(.error(.apiKeyDisabled, status: 403, message: "Custom."))
            let custom = try await Self.get(stub, "/v2/top-headlines")
            #expect(custom.status == 403)
            #expect(
                try custom.error() == ErrorBody(status: "error", code: "apiKeyDisabled", message: "Custom."))
            stub.setFault(nil)
            let recovered = try await Self.get(stub, "/v2/top-headlines")
            #expect(recovered.status == 200)
        }
    }

    @Test("each request is counted and recorded, decoded and raw")
    func recording() async throws {
        try await StubHarness.withStub { stub in
            #expect(stub.requestCount == 0 && stub.lastRequest == nil)
            _ = try await Self.get(
                stub, "/v2/everything?q=caf%C3%A9%20%26%20cr%C3%A8me%2B&pageSize=5",
                headers: [
                    "X-Api-Key": "test-key", "X-Trace": "abc",
                ])
            _ = try await Self.get(stub, "/v2/nowhere?x=1", headers: [:])
            #expect(stub.requestCount == 2)
            let first = try #require(stub.recentRequests.first)
            #expect(first.path == "/v2/everything")
            #expect(first.rawQuery == "q=caf%C3%A9%20%26%20cr%C3%A8me%2B&pageSize=5")
            #expect(first.query("q") == "café & crème+")
            #expect(first.query("pageSize") == "5")
            #expect(first.header("x-trace") == "abc" && first.header("X-TRACE") == "abc")
            let last = try #require(stub.lastRequest)
            #expect(last.path == "/v2/nowhere" && last.query("x") == "1" && last.header("X-Api-Key") == nil)
        }
    }

    @Test("the NewsAPI error table")
    func errorCodes() {
        #expect(NewsAPIErrorCode.apiKeyInvalid.httpStatus == 401)
        #expect(NewsAPIErrorCode.rateLimited.httpStatus == 429)
        #expect(NewsAPIErrorCode.maximumResultsReached.httpStatus == 426)
        #expect(NewsAPIErrorCode.unexpectedError.httpStatus == 500)
        #expect(NewsAPIErrorCode.allCases.allSatisfy { !$0.defaultMessage.isEmpty })
    }
}
