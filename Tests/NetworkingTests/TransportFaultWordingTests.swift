import Foundation
import HTTPTestServer
import NewsModels
import Testing

@testable import Networking

/// The one classification of a failed exchange (``TransportFault``) and its one wording, on real
/// exchanges with ``RawHTTPServer`` and on every kind.
@Suite("One classification of transport failures", .timeLimit(.minutes(1)))
struct TransportFaultWordingTests {
    @Test("a 429 with Retry-After is a rate limit, read from the status, not from a sentence")
    func rateLimitFromARealAnswer() async throws {
        let (result, _) = try await FetchTests.fetch(
            from: FetchTests.reply(status: 429, headers: ["Retry-After: 120"], body: Data("slow".utf8)))
        let response = try #require(result.success)
        let now = Date()
        let fault = TransportFault(status: response.status, retryAfter: response.retryAfter(now: now))
        #expect(fault.isRateLimit)
        #expect(fault == .rateLimited(status: 429, retryAfter: now.addingTimeInterval(120)))
        #expect(
            fault.sentence(who: "example.com").hasPrefix(
                "example.com is busy (429 Too Many Requests) and asks"))
    }

    @Test(
        "statuses: 429 always and 503 with Retry-After limit the rate; others are statuses",
        arguments: [
            (429, false, true), (429, true, true), (503, true, true), (503, false, false), (500, true, false),
            (404, false, false),
        ])
    func statuses(status: Int, withRetryAfter: Bool, isRateLimit: Bool) {
        let fault = TransportFault(status: status, retryAfter: withRetryAfter ? Date() : nil)
        #expect(fault.isRateLimit == isRateLimit)
        #expect(fault.isRateLimit || fault == .status(status))
    }

    @Test("a refused connection over a real socket is classified and worded with its host")
    func refused() async throws {
        let refusing = try RefusingAddress()
        let request = HTTPRequest(
            url: URL(string: "http://127.0.0.1:\(refusing.port)/feed.xml")!, timeout: 10,
            maxBodyBytes: 1 << 20)
        let result = await fetching { () async throws(HTTPClientError) in
            try await CurlHTTPClient().fetch(request)
        }
        let error = try #require(result.failure)
        let fault = TransportFault(error)
        #expect(fault == .transport(.connectionRefused))
        #expect(!fault.isRateLimit)
        #expect(
            fault.sentence(who: "127.0.0.1:\(refusing.port)")
                == "Could not connect to 127.0.0.1:\(refusing.port): the connection was refused.")
    }

    @Test("the client's errors map to one fault each, the innermost redirect's host named")
    func classification() throws {
        let moved = try #require(URL(string: "https://mirror.example:8443/feed"))
        let cases: [(HTTPClientError, TransportFault)] = [
            (.transport(.timedOut), .transport(.timedOut)),
            (.unexpectedStatus(429), .rateLimited(status: 429, retryAfter: nil)),
            (.unexpectedStatus(502), .status(502)),
            (.undecodable("not JSON"), .undecodable("not JSON")),
            (.responseTooLarge(limit: 1 << 20), .tooLarge(limit: 1 << 20)),
            (.redirectRefused("too many redirects"), .redirectRefused("too many redirects")),
            (.unsupportedURL, .unsupportedURL),
            (.cancelled, .cancelled),
            (.redirected(to: moved, .transport(.hostNotFound)), .transport(.hostNotFound)),
        ]
        for (error, fault) in cases {
            #expect(TransportFault(error) == fault)
        }
        let redirected = HTTPClientError.redirected(to: moved, .transport(.connectionLost))
        #expect(redirected.redirectTarget == moved)
        #expect(redirected.failingHost(else: "feeds.example") == "mirror.example:8443")
        #expect(HTTPClientError.cancelled.failingHost(else: "feeds.example") == "feeds.example")
        #expect(TransportFault(.transport(.timedOut)).isTimeout)
    }

    @Test("each kind is worded once, naming whom NewsApp asked and what for")
    func sentences() {
        let cases: [(TransportFault, String?, String)] = [
            (.transport(.timedOut), nil, "h.example did not answer within 2 seconds."),
            (.transport(.hostNotFound), nil, "Could not find h.example."),
            (.transport(.notConnectedToInternet), nil, "There is no network connection."),
            (
                .transport(.connectionLost), "feed",
                "The connection to h.example broke before the whole feed arrived."
            ),
            (
                .transport(.other("it did not answer in HTTP")), nil,
                "Could not reach h.example: it did not answer in HTTP."
            ),
            (.tooLarge(limit: 8 << 20), "page", "The page is larger than 8 MiB, so it was not read."),
            (
                .tooLarge(limit: 64 << 10), nil,
                "The answer from h.example is larger than 64 KiB, so it was not read."
            ),
            (.rateLimited(status: 429, retryAfter: nil), nil, "h.example is busy (429 Too Many Requests)."),
            (.status(404), "feed", "The feed is not there any more (404 Not Found)."),
            (.status(410), nil, "Nothing is there any more on h.example (410 Gone)."),
            (.status(403), "page", "h.example refuses to give the page (403 Forbidden)."),
            (.status(502), nil, "h.example failed (502 Bad Gateway)."),
            (.status(418), "feed", "h.example answered 418 instead of the feed."),
            (.undecodable("not JSON"), nil, "h.example sent an answer NewsApp cannot read (not JSON)."),
            (.redirectRefused("too many redirects"), nil, "A redirect was not followed: too many redirects."),
            (.unsupportedURL, nil, "The address is not an http or https address."),
            (.cancelled, "file", "Fetching the file was cancelled."),
        ]
        for (fault, subject, sentence) in cases {
            #expect(fault.sentence(who: "h.example", subject: subject, timeout: 1.5) == sentence)
        }
        #expect(TransportFault.status(500).sentence() == "The server failed (500 Internal Server Error).")
        #expect(TransportFault.transport(.timedOut).sentence() == "The server did not answer in time.")
    }

    @Test("NewsAPI's rate limits are told by kind: a 429 or NewsAPI's own codes, whatever the wording")
    func newsServiceRateLimit() {
        #expect(NewsServiceError.server(status: 429, host: "newsapi.org").isRateLimit)
        #expect(NewsServiceError.api(code: "rateLimited", message: "").isRateLimit)
        #expect(NewsServiceError.api(code: "apiKeyExhausted", message: "").isRateLimit)
        #expect(!NewsServiceError.server(status: 503, host: "newsapi.org").isRateLimit)
        #expect(!NewsServiceError.unavailable("Rate limited").isRateLimit)
        #expect(NewsServiceError.server(status: 429, host: "newsapi.org").refusalTitle == "Rate limited")
        #expect(NewsServiceError.server(status: 403, host: "newsapi.org").refusalTitle == "Key refused")
    }
}
