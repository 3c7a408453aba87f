import Foundation
import HTTPTestServer
import NewsModels
import Testing

@testable import Networking

/// Faults below HTTP, from ``RawHTTPServer``: silence, short bodies, huge bodies, refusal, hang-ups
/// and cancellation, through the real ``CurlHTTPClient``.
@Suite("Transport faults", .timeLimit(.minutes(1)))
struct TransportFaultTests {
    static let smallLimit = 64 << 10

    /// A valid NewsAPI page of about `bytes` bytes.
    static func bigPage(bytes: Int) -> Data {
        let padding = String(repeating: "x", count: 900)
        let article = #"{"title":"Padding","url":"https://pad.example/N","content":"\#(padding)"}"#
        let count = bytes / article.utf8.count + 1
        let articles = (0..<count).map { article.replacingOccurrences(of: "/N", with: "/\($0)") }
        return Data(
            #"{"status":"ok","totalResults":\#(count),"articles":[\#(articles.joined(separator: ","))]}"#.utf8
        )
    }

    /// Runs one headlines request against a raw server, then stops the server.
    ///
    /// The request's head is checked unless `timesOut`: on a loaded machine a short timeout may
    /// end the request before the server has read it, and these tests are about the ending.
    static func headlines(
        from behaviour: RawHTTPServer.Behaviour, limits: CurlHTTPClient.Limits = .init(timeout: 10),
        timesOut: Bool = false
    ) async throws -> (Result<ArticlePage, NewsServiceError>, host: String) {
        let server = try RawHTTPServer(behaviour)
        let service = StubHarness.service(baseURL: server.baseURL, limits: limits)
        let result = await outcome { try await service.topHeadlines(HeadlinesRequest()) }
        await server.stop()
        if let head = server.requestHeads.first ?? (timesOut ? nil : "") {
            #expect(head.hasPrefix("GET /v2/top-headlines?page=1&pageSize=20 HTTP/1.1"))
        }
        return (result, "127.0.0.1:\(server.port)")
    }

    @Test("a server that accepts and never answers times out")
    func silence() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let (result, host) = try await Self.headlines(
            from: .silence, limits: .init(timeout: 1), timesOut: true)
        let elapsed = clock.now - start
        #expect(result.failure == .transport(.timedOut, host: host))
        // Generous upper bound: the point is that it ends, on a machine that may be busy (a
        // loaded run of the whole suite can stretch it several times); the client's own default
        // is 10 s.
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(30))
    }

    @Test("a half-second timeout waits half a second")
    func subSecondTimeout() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let (result, host) = try await Self.headlines(
            from: .silence, limits: .init(timeout: 0.5), timesOut: true)
        let elapsed = clock.now - start
        #expect(result.failure == .transport(.timedOut, host: host))
        #expect(elapsed < .seconds(30))
        // The deadline is not cut to whole seconds (0.5 s must not be rounded down to 0).
        // A timer never fires early, so this lower bound cannot flake on a loaded machine.
        #expect(elapsed >= .milliseconds(450))
    }

    @Test("a server that trickles its answer is cut off when the whole request takes too long")
    func trickle() async throws {
        let body = Data(#"{"status":"ok","articles":[]}"#.utf8)
        let head = RawHTTPServer.response(body: body).prefix { $0 != UInt8(ascii: "{") }
        let clock = ContinuousClock()
        let start = clock.now
        let (result, host) = try await Self.headlines(
            from: .trickle(head: Data(head), body: body, interval: .milliseconds(100)),
            limits: .init(timeout: 1), timesOut: true)
        let elapsed = clock.now - start
        // The body takes 2.9 s to arrive; Limits.timeout is the time "in all, from sending to
        // the last byte", so the request must end as timed out, not succeed late (an inactivity
        // timer, restarted by every byte, would never fire).
        #expect(result.failure == .transport(.timedOut, host: host))
        #expect(elapsed >= .seconds(1))
    }

    @Test("a body cut off before its Content-Length is a dropped connection")
    func truncatedBody() async throws {
        let body = Data(#"{"status":"ok","totalResults":3,"articles":[{"title":"Half"#.utf8)
        let reply = RawHTTPServer.response(contentLength: 1_000, body: body)
        let (result, host) = try await Self.headlines(from: .reply(reply))
        // The half body never reaches the decoder: curl ends the transfer with CURLE_PARTIAL_FILE,
        // so this is never .undecodable; after a response head the client reads any failure as a
        // connection cut short.
        #expect(result.failure == .transport(.connectionLost, host: host))
    }

    @Test("a hang-up right after the request is a dropped connection")
    func hangUp() async throws {
        let (result, host) = try await Self.headlines(from: .hangUp)
        // No status line at all: curl reports CURLE_GOT_NOTHING (or a failed receive, depending
        // on timing); both are a connection lost.
        #expect(result.failure == .transport(.connectionLost, host: host))
    }

    @Test("an answer that is not HTTP is a transport failure, not a decoding one")
    func notHTTP() async throws {
        let (result, host) = try await Self.headlines(from: .reply(Data("SSH-2.0-OpenSSH_9.6\r\n".utf8)))
        let error = try #require(result.failure)
        guard case .transport(let failure, let failedHost) = error else {
            Issue.record("expected a transport failure, got \(error)")
            return
        }
        #expect(failedHost == host)
        // curl refuses an HTTP/0.9-style answer with CURLE_UNSUPPORTED_PROTOCOL.
        #expect(failure == .other("it did not answer in HTTP"))
    }

    @Test("https to a server that speaks plain HTTP is a failed secure connection, in words")
    func tlsToPlainHTTP() async throws {
        // What a plain HTTP server answers to a TLS handshake it cannot read.
        let server = try RawHTTPServer(
            .greeting(
                RawHTTPServer.response(status: 400, contentType: "text/plain", body: Data("Bad request".utf8))
            ))
        var components = try #require(URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
        components.scheme = "https"
        let service = StubHarness.service(baseURL: try #require(components.url), limits: .init(timeout: 10))
        let result = await outcome { try await service.topHeadlines(HeadlinesRequest()) }
        await server.stop()
        let failure = try #require(result.failure)
        #expect(failure == .transport(.secureConnectionFailed, host: "127.0.0.1:\(server.port)"))
        #expect(failure.sentence.hasSuffix("its certificate was refused, or it does not speak https."))
    }

    @Test("a Content-Length over the cap is refused before the body is read")
    func tooLargeWithLength() async throws {
        let body = Self.bigPage(bytes: 4 * Self.smallLimit)
        let (result, host) = try await Self.headlines(
            from: .reply(RawHTTPServer.response(body: body)),
            limits: .init(timeout: 10, maxResponseBytes: Self.smallLimit))
        #expect(result.failure == .responseTooLarge(limit: Self.smallLimit, host: host))
    }

    @Test("a body without Content-Length is cut off once it passes the cap", arguments: [false, true])
    func tooLargeWithoutLength(chunked: Bool) async throws {
        let body = Self.bigPage(bytes: 4 * Self.smallLimit)
        let reply =
            chunked
            ? RawHTTPServer.response(
                contentLength: .none, headers: ["Transfer-Encoding: chunked"],
                body: RawHTTPServer.chunked(body))
            : RawHTTPServer.response(contentLength: .none, body: body)
        let (result, host) = try await Self.headlines(
            from: .reply(reply), limits: .init(timeout: 10, maxResponseBytes: Self.smallLimit))
        #expect(result.failure == .responseTooLarge(limit: Self.smallLimit, host: host))
    }

    @Test("a body just under the cap, with or without a length, is accepted", arguments: [false, true])
    func underTheCap(withLength: Bool) async throws {
        let body = Self.bigPage(bytes: Self.smallLimit - 2_000)
        #expect(body.count < Self.smallLimit)
        let reply = RawHTTPServer.response(contentLength: withLength ? .some(nil) : .none, body: body)
        let (result, _) = try await Self.headlines(
            from: .reply(reply), limits: .init(timeout: 10, maxResponseBytes: Self.smallLimit))
        let page = try #require(result.success)
        #expect(page.articles.count == page.totalResults)
        #expect(page.articles.count > 50)
    }

    @Test("a closed port refuses the connection")
    func connectionRefused() async throws {
        let refusing = try RefusingAddress()
        let port = refusing.port
        let service = StubHarness.service(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        let result = await outcome { try await service.topHeadlines(HeadlinesRequest()) }
        #expect(result.failure == .transport(.connectionRefused, host: "127.0.0.1:\(port)"))
        let sentence = "Could not connect to 127.0.0.1:\(port): the connection was refused."
        #expect(result.failure?.sentence == sentence + " Is the server running?")
    }

    @Test("cancelling the task while the server holds the answer gives .cancelled and closes the connection")
    func cancellation() async throws {
        let server = try RawHTTPServer(.silence)
        // The timeout is past the suite's time limit: a close that only a timeout would bring
        // fails the test instead of passing late.
        let service = StubHarness.service(baseURL: server.baseURL, limits: .init(timeout: 120))
        let task = Task {
            await outcome { try await service.search(SearchRequest(query: "mars rover")) }
        }
        await server.waitForRequests(1)
        #expect(server.clientCloses == 0)
        task.cancel()
        let result = await task.value
        #expect(result.failure == .cancelled)
        // The service (and its client) is still alive, so the close comes from the
        // cancellation, not from tearing the client down.
        await server.waitForClientCloses(1)
        #expect(server.clientCloses == 1)
        withExtendedLifetime(service) {}
        await server.stop()
        #expect(server.requestHeads.first?.hasPrefix("GET /v2/everything?") == true)
    }

    @Test("a task cancelled before it starts sends nothing")
    func cancelledBeforeStart() async throws {
        let server = try RawHTTPServer(.silence)
        let service = StubHarness.service(baseURL: server.baseURL)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await outcome { try await service.topHeadlines(HeadlinesRequest()) }
        }
        let result = await task.value
        await server.stop()
        #expect(result.failure == .cancelled)
        #expect(server.requestHeads.isEmpty)
    }
}
