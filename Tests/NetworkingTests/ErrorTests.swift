import CCurl
import Foundation
import NewsAPIStub
import NewsModels
import Testing

@testable import Networking

/// Every way NewsAPI says no, through the real client, mapped to the right ``NewsServiceError``
/// and sentence.
@Suite("Error mapping", .timeLimit(.minutes(1)))
struct ErrorTests {
    /// Sends a headlines request for `page` to a stub that answers with `fault`.
    static func headlines(
        answering fault: NewsAPIStubServer.Fault, page: Int = 1, pageSize: Int = 20
    ) async throws -> (Result<ArticlePage, NewsServiceError>, host: String) {
        try await StubHarness.withStub(.init(fault: fault)) { stub in
            let service = StubHarness.client(for: stub)
            let result = await outcome {
                try await service.topHeadlines(HeadlinesRequest(page: page, pageSize: pageSize))
            }
            return (result, "127.0.0.1:\(stub.port)")
        }
    }

    static func fixtureFault(_ code: String, status: Int) throws -> NewsAPIStubServer.Fault {
        NewsAPIStubServer.Fault(status: status, body: try Fixture.data("errors/\(code).json"))
    }

    // MARK: - Error bodies, as NewsAPI sends them

    @Test(
        "each documented error body becomes .api with its code and message",
        arguments: [
            ("apiKeyDisabled", 401), ("apiKeyExhausted", 429), ("apiKeyInvalid", 401), ("apiKeyMissing", 401),
            ("corsNotAllowed", 426), ("maximumResultsReached", 426), ("parameterInvalid", 400),
            ("parametersMissing", 400), ("rateLimited", 429), ("sourceDoesNotExist", 400),
            ("sourcesTooMany", 400), ("unexpectedError", 500),
        ])
    func documentedErrors(code: String, status: Int) async throws {
        let (result, _) = try await Self.headlines(answering: Self.fixtureFault(code, status: status))
        #expect(result.failure == .api(code: code, message: try Fixture.errorMessage(code)))
    }

    @Test("401 apiKeyInvalid")
    func apiKeyInvalid() async throws {
        let (result, _) = try await Self.headlines(answering: Self.fixtureFault("apiKeyInvalid", status: 401))
        let error = try #require(result.failure)
        #expect(error.code == "apiKeyInvalid")
        #expect(error.sentence == "NewsAPI rejected the key (apiKeyInvalid). Set NEWSAPI_KEY to a valid key.")
    }

    @Test("401 apiKeyMissing")
    func apiKeyMissing() async throws {
        let (result, _) = try await Self.headlines(answering: Self.fixtureFault("apiKeyMissing", status: 401))
        let sentence = "NewsAPI needs a key (apiKeyMissing). Set NEWSAPI_KEY, or use the sample edition"
        #expect(result.failure?.sentence == sentence + " (--sample).")
    }

    @Test("400 parameterInvalid includes the server's message, shortened to 160 characters")
    func parameterInvalid() async throws {
        let (result, _) = try await Self.headlines(
            answering: Self.fixtureFault("parameterInvalid", status: 400))
        let message = try Fixture.errorMessage("parameterInvalid")
        #expect(message.count > 160)
        let sentence = try #require(result.failure?.sentence)
        #expect(sentence == "NewsAPI refused the request (parameterInvalid): " + message.prefix(159) + "…")
    }

    @Test("a short multi-line message is kept whole, on one line")
    func multiLineMessage() async throws {
        let fault = NewsAPIStubServer.Fault.error(
            code: "sourceDoesNotExist", status: 400, message: "No such\nsource.")
        let (result, _) = try await Self.headlines(answering: fault)
        #expect(
            result.failure?.sentence == "NewsAPI refused the request (sourceDoesNotExist): No such source.")
    }

    @Test("426 maximumResultsReached on page 1 is an error")
    func resultCapOnFirstPage() async throws {
        let fault = try Self.fixtureFault("maximumResultsReached", status: 426)
        let (result, _) = try await Self.headlines(answering: fault, page: 1)
        let error = try #require(result.failure)
        #expect(error.isResultCap)
        #expect(
            error.sentence
                == "NewsAPI returns at most 100 results per query on this plan (maximumResultsReached).")
    }

    @Test("426 maximumResultsReached past page 1 is an empty last page")
    func resultCapLaterPage() async throws {
        let fault = try Self.fixtureFault("maximumResultsReached", status: 426)
        let (result, _) = try await Self.headlines(answering: fault, page: 6, pageSize: 20)
        let page = try #require(result.success)
        #expect(
            page
                == ArticlePage(articles: [], totalResults: 100, page: 6, pageSize: 20, reachedResultCap: true)
        )
        #expect(page.isLastPage)
    }

    @Test("another 426 code past page 1 is still an error")
    func corsNotAllowedLaterPage() async throws {
        let (result, _) = try await Self.headlines(
            answering: Self.fixtureFault("corsNotAllowed", status: 426), page: 3)
        #expect(result.failure?.code == "corsNotAllowed")
    }

    @Test("429 rateLimited")
    func rateLimited() async throws {
        let (result, _) = try await Self.headlines(answering: .rateLimited)
        #expect(
            result.failure == .api(code: "rateLimited", message: NewsAPIErrorCode.rateLimited.defaultMessage))
        #expect(
            result.failure?.sentence
                == "NewsAPI is limiting requests from this key (rateLimited). Wait a while, then retry.")
    }

    @Test("500 unexpectedError")
    func unexpectedError() async throws {
        let (result, _) = try await Self.headlines(answering: .unexpectedError)
        #expect(result.failure?.code == "unexpectedError")
        #expect(
            result.failure?.sentence == "NewsAPI had an internal error (unexpectedError). Try again shortly.")
    }

    @Test("status error with HTTP 200 is an error")
    func errorWithOK() async throws {
        let (result, _) = try await Self.headlines(answering: .errorWithHTTP200(.apiKeyExhausted))
        #expect(
            result.failure
                == .api(code: "apiKeyExhausted", message: "Your API key has no more requests available."))
        #expect(
            result.failure?.sentence
                == "This key has no requests left (apiKeyExhausted). Wait for the quota to reset.")
    }

    @Test("a message or code echoing the API key is redacted")
    func keyIsRedacted() async throws {
        let key = StubHarness.key
        let fault = NewsAPIStubServer.Fault.error(
            code: "apiKeyDisabled\(key)", status: 401, message: "The key \(key) is disabled, \(key)!")
        let (result, _) = try await Self.headlines(answering: fault)
        let error = try #require(result.failure)
        #expect(error == .api(code: "apiKeyDisabled•••", message: "The key ••• is disabled, •••!"))
        #expect(!error.sentence.contains(key))
    }

    // MARK: - Bodies that are not NewsAPI's

    @Test("500 with an HTML page is a server error naming the host", arguments: [500, 502, 503])
    func htmlError(status: Int) async throws {
        let fault = NewsAPIStubServer.Fault(
            status: status, contentType: "text/html", body: try Fixture.data("server-error.html"))
        let (result, host) = try await Self.headlines(answering: fault)
        #expect(result.failure == .server(status: status, host: host))
        #expect(
            result.failure?.sentence
                == "\(host) answered with HTTP \(status) and no explanation. Try again shortly.")
    }

    @Test("401 with an empty body is a server error")
    func emptyError() async throws {
        let (result, host) = try await Self.headlines(answering: .init(status: 401, body: Data()))
        #expect(result.failure == .server(status: 401, host: host))
    }

    @Test(
        "200 with a body that is not a NewsAPI response is undecodable",
        arguments: [
            ("<html>OK</html>", "the body is not valid JSON"), ("", "the body is empty"),
            (#"{"status":"ok","totalResults":"many"}"#, "unexpected value at totalResults"),
            (#"{"articles":[]}"#, "missing status"), (#"{"status":"maybe"}"#, "bad value at status"),
            (#"{"status":"ok","articles":{}}"#, "unexpected value at articles"),
        ])
    func undecodable(body: String, reason: String) async throws {
        let (result, host) = try await Self.headlines(answering: .init(status: 200, body: Data(body.utf8)))
        #expect(result.failure == .undecodable(reason: reason, host: host))
        #expect(result.failure?.sentence == "\(host) sent an answer NewsApp cannot read (\(reason)).")
    }

    // MARK: - Sentences of the other cases

    @Test("transport sentences name the host and say what to do")
    func transportSentences() {
        let host = "newsapi.org"
        let cases: [(TransportFailure, String)] = [
            (
                .connectionRefused,
                "Could not connect to newsapi.org: the connection was refused. Is the server running?"
            ),
            (.timedOut, "newsapi.org did not answer in time. Check your connection, then retry."),
            (.hostNotFound, "Could not find newsapi.org. Check your network connection or NEWSAPI_BASE_URL."),
            (.notConnectedToInternet, "There is no network connection. Connect, then retry."),
            (.connectionLost, "The connection to newsapi.org broke before the whole answer arrived. Retry."),
            (
                .secureConnectionFailed,
                "Could not set up a secure connection to newsapi.org: its certificate was refused, "
                    + "or it does not speak https."
            ),
            (.other("it did not answer in HTTP"), "Could not reach newsapi.org: it did not answer in HTTP."),
        ]
        for (failure, sentence) in cases {
            #expect(NewsServiceError.transport(failure, host: host).sentence == sentence)
        }
    }

    @Test("the remaining sentences")
    func otherSentences() {
        #expect(
            NewsServiceError.responseTooLarge(limit: 8 << 20, host: "h").sentence
                == "The answer from h is larger than 8 MiB, so it was not read.")
        #expect(
            NewsServiceError.unavailable("The sample edition is missing.").sentence
                == "The sample edition is missing.")
        #expect(NewsServiceError.cancelled.sentence == "Cancelled.")
        #expect(NewsServiceError.cancelled.code == nil)
        #expect(!NewsServiceError.api(code: "rateLimited", message: "").isResultCap)
        #expect(NewsServiceError.api(code: "x", message: "").sentence == "NewsAPI refused the request (x)")
    }

    @Test("a limit under 1 MiB is not described as 0 MiB")
    func smallLimitSentence() {
        #expect(
            NewsServiceError.responseTooLarge(limit: 64 << 10, host: "h").sentence
                == "The answer from h is larger than 64 KiB, so it was not read.")
    }
}

/// A search longer than NewsAPI takes is refused before it is sent.
@Suite("Query length")
struct QueryLengthTests {
    @Test func aSearchOverFiveHundredCharactersIsNotSent() async throws {
        try await StubHarness.withStub { stub in
            let client = StubHarness.client(for: stub)
            let words = String(repeating: "mars ", count: 100) + "x"
            await #expect(
                throws: NewsServiceError.unavailable(
                    "The search is 501 characters long; NewsAPI takes at most 500. Shorten it.")
            ) {
                _ = try await client.search(SearchRequest(query: words))
            }
            #expect(stub.requestCount == 0)
            // 500 characters go through.
            let page = try await client.search(SearchRequest(query: String(words.dropLast(2))))
            #expect(page.page == 1)
            #expect(stub.requestCount == 1)
        }
    }

    @Test(
        "every libcurl failure the app can meet is words, never a bare code",
        arguments: [
            CCURLE_URL_MALFORMAT, CCURLE_UNSUPPORTED_PROTOCOL, CCURLE_WEIRD_SERVER_REPLY,
            CCURLE_BAD_CONTENT_ENCODING,
            CCURLE_LOGIN_DENIED, CCURLE_TOO_MANY_REDIRECTS, CCURLE_FILESIZE_EXCEEDED, CCURLE_OUT_OF_MEMORY,
            CCURLE_FAILED_INIT, CCURLE_PEER_FAILED_VERIFICATION, CCURLE_SSL_CONNECT_ERROR,
            CCURLE_COULDNT_CONNECT,
            CCURLE_COULDNT_RESOLVE_HOST, CCURLE_OPERATION_TIMEDOUT, CCURLE_GOT_NOTHING, CCURLE_RECV_ERROR,
        ])
    func curlFailureSentences(_ code: Int) {
        let sentence = NewsServiceError.transport(CurlFailure.transport(code), host: "localhost:8080")
            .sentence
        #expect(!sentence.contains("error \(code)"))
        #expect(sentence.contains("localhost:8080") || sentence.hasPrefix("There is no network"))
        #expect(sentence.hasSuffix(".") || sentence.hasSuffix("?"))
        #expect(sentence.filter { $0 == "." }.count <= 2, "one sentence or two: \(sentence)")
    }

    @Test("a libcurl failure without words of its own still reads as a sentence, with its number")
    func unknownCurlFailure() {
        let sentence = NewsServiceError.transport(CurlFailure.transport(99), host: "localhost:8080").sentence
        #expect(sentence.contains("localhost:8080") && sentence.contains("network error 99"))
        #expect(sentence.hasSuffix("."))
    }
}
