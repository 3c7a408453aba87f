import Foundation
import HTTPTestServer
import NewsModels
import Testing

@testable import Networking

/// ``CurlHTTPClient/fetch(_:)`` against ``RawHTTPServer``: every status as an answer,
/// conditional GETs, compressed bodies and the caps and faults that throw.
@Suite("Fetching raw exchanges", .timeLimit(.minutes(1)))
struct FetchTests {
    /// Fetches `path` from a server that behaves as `behaviour`, then stops the server.
    static func fetch(
        _ path: String = "/feed.xml", from behaviour: RawHTTPServer.Behaviour,
        headers: [String: String] = [:], timeout: TimeInterval = 60, maxBodyBytes: Int = 8 << 20
    ) async throws -> (Result<HTTPResponse, HTTPClientError>, [RequestHead]) {
        let server = try RawHTTPServer(behaviour)
        let request = HTTPRequest(
            url: server.baseURL.appendingPathComponent(path), headers: headers, timeout: timeout,
            maxBodyBytes: maxBodyBytes)
        let result = await fetching { () async throws(HTTPClientError) in
            try await CurlHTTPClient().fetch(request)
        }
        await server.stop()
        return (result, server.requestHeads.map(RequestHead.init))
    }

    static func reply(
        status: Int = 200, headers: [String] = [], body: Data = Data("<rss/>".utf8)
    ) -> RawHTTPServer.Behaviour {
        .reply(
            RawHTTPServer.response(
                status: status, contentType: "application/rss+xml", headers: headers, body: body))
    }

    // MARK: - Answers

    @Test(
        "error statuses are answers, with their body and Retry-After",
        arguments: [(404, nil), (500, nil), (429, "120"), (503, "Mon, 14 Sep 2026 16:33:20 GMT")])
    func statuses(status: Int, retryAfter: String?) async throws {
        let (result, _) = try await Self.fetch(
            from: Self.reply(
                status: status, headers: retryAfter.map { ["Retry-After: \($0)"] } ?? [],
                body: Data("nope".utf8)))
        let response = try #require(result.success)
        #expect(response.status == status)
        #expect(response.body == Data("nope".utf8))
        #expect(response.redirects.isEmpty)
        let delay = response.retryAfter(now: RetryAfterTests.now)?.timeIntervalSince(RetryAfterTests.now)
        #expect(delay == retryAfter.map { $0 == "120" ? 120 : 3_600 })
    }

    @Test("a 304 answers a matching If-None-Match, with no body")
    func notModifiedByETag() async throws {
        let server = try RawHTTPServer(
            .routed { head in
                RequestHead(head).header("If-None-Match") == "\"v7\""
                    ? .reply(
                        RawHTTPServer.response(
                            status: 304, contentLength: .none, headers: [#"ETag: "v7""#], body: Data()))
                    : Self.reply(headers: [#"ETag: "v7""#])
            })
        let client = CurlHTTPClient()
        let first = try await client.fetch(HTTPRequest(url: server.baseURL))
        let etag = try #require(first.headers["etag"])
        let second = try await client.fetch(
            HTTPRequest(url: server.baseURL, headers: ["If-None-Match": etag]))
        await server.stop()
        #expect(first.status == 200 && first.body == Data("<rss/>".utf8))
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(second.headers["ETag"] == "\"v7\"")
        #expect(server.requestHeads.map { RequestHead($0).header("If-None-Match") } == [nil, "\"v7\""])
    }

    @Test("a 304 answers a matching If-Modified-Since")
    func notModifiedByDate() async throws {
        let stamp = "Mon, 14 Sep 2026 15:33:20 GMT"
        let server = try RawHTTPServer(
            .routed { head in
                RequestHead(head).header("If-Modified-Since") == stamp
                    ? .reply(RawHTTPServer.response(status: 304, contentLength: .none, body: Data()))
                    : Self.reply(headers: ["Last-Modified: \(stamp)"])
            })
        let client = CurlHTTPClient()
        let first = try await client.fetch(HTTPRequest(url: server.baseURL))
        let lastModified = try #require(first.headers["last-modified"])
        let second = try await client.fetch(
            HTTPRequest(url: server.baseURL, headers: ["If-Modified-Since": lastModified]))
        await server.stop()
        #expect(first.status == 200)
        #expect(second.status == 304 && second.body.isEmpty)
    }

    @Test("a 401 with a WWW-Authenticate challenge is an answer, not a hang")
    func challenge() async throws {
        // A client may wait for a delegate to answer the challenge and never complete (as
        // FoundationNetworking does); no credentials are ever offered.
        let (result, heads) = try await Self.fetch(
            from: Self.reply(
                status: 401, headers: [#"WWW-Authenticate: Basic realm="feeds""#], body: Data("who?".utf8)),
            timeout: 30)
        let response = try #require(result.success)
        #expect(response.status == 401)
        #expect(response.body == Data("who?".utf8))
        #expect(heads.first?.header("Authorization") == nil)
    }

    // MARK: - Compression

    @Test("gzip and deflate bodies arrive decoded, and gzip, deflate is what is asked for")
    func compressed() async throws {
        let text = Data(String(repeating: "<item>Compressed news</item>\n", count: 2_000).utf8)
        for (encoding, body) in [("gzip", try Zlib.gzip(text)), ("deflate", try Zlib.deflate(text))] {
            let (result, heads) = try await Self.fetch(
                from: Self.reply(headers: ["Content-Encoding: \(encoding)"], body: body))
            let response = try #require(result.success)
            #expect(body.count < text.count / 20)
            #expect(response.body == text, "\(encoding)")
            #expect(heads.first?.header("Accept-Encoding") == "gzip, deflate")
        }
    }

    @Test("a caller's Accept-Encoding is sent instead")
    func callerEncoding() async throws {
        let (_, heads) = try await Self.fetch(from: Self.reply(), headers: ["accept-encoding": "identity"])
        #expect(heads.first?.header("Accept-Encoding") == "identity")
    }

    @Test("a gzip bomb is refused at the cap, and the connection is dropped")
    func gzipBomb() async throws {
        // The peak memory while it inflates is measured on the binary, alone in its process
        // (NewsAppTests' MemoryCapTests): a measure inside this parallel test run is not one.
        let bomb = try Zlib.gzipZeros(mebibytes: 1_024)
        #expect(bomb.count < 1_100_000)
        let limit = 2 << 20
        #expect(bomb.count < limit)  // the announced length passes; only the inflated body is over
        let server = try RawHTTPServer(
            .routed { head in
                RequestHead(head).path == "/bomb"
                    ? .reply(
                        RawHTTPServer.response(
                            contentType: "application/rss+xml", headers: ["Content-Encoding: gzip"],
                            body: bomb))
                    : Self.reply()
            })
        let client = CurlHTTPClient()
        let result = await fetching { () async throws(HTTPClientError) in
            try await client.fetch(
                HTTPRequest(url: server.baseURL.appendingPathComponent("bomb"), maxBodyBytes: limit))
        }
        #expect(result.failure == .responseTooLarge(limit: limit))
        await server.waitForClientCloses(1) { RequestHead($0).path == "/bomb" }
        await server.stop()
    }

    // MARK: - Caps and faults

    @Test("a Content-Length over the cap is refused before the body is read")
    func announcedTooLarge() async throws {
        // The server holds the connection after a few bytes: only a refusal at the head ends it.
        let head = RawHTTPServer.response(contentLength: 100 << 20, body: Data("<rss>".utf8))
        let server = try RawHTTPServer(.partial(head))
        let client = CurlHTTPClient()
        let result = await fetching { () async throws(HTTPClientError) in
            try await client.fetch(HTTPRequest(url: server.baseURL, timeout: 120, maxBodyBytes: 1 << 20))
        }
        #expect(result.failure == .responseTooLarge(limit: 1 << 20))
        await server.waitForClientCloses(1)
        await server.stop()
    }

    @Test("a body without a length, plain or chunked, is cut off past the cap", arguments: [false, true])
    func streamedTooLarge(chunked: Bool) async throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: 256 << 10)
        let reply = RawHTTPServer.response(
            contentLength: .none, headers: chunked ? ["Transfer-Encoding: chunked"] : [],
            body: chunked ? RawHTTPServer.chunked(body) : body)
        let (result, _) = try await Self.fetch(from: .reply(reply), maxBodyBytes: 64 << 10)
        #expect(result.failure == .responseTooLarge(limit: 64 << 10))
    }

    @Test("a body cut short is a lost connection")
    func cutShort() async throws {
        let reply = RawHTTPServer.response(contentLength: 1_000, body: Data("<rss><channel>".utf8))
        let (result, _) = try await Self.fetch(from: .reply(reply))
        #expect(result.failure == .transport(.connectionLost))
    }

    @Test("a server that never answers times out at the deadline")
    func silence() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let (result, heads) = try await Self.fetch(from: .silence, timeout: 1)
        let elapsed = clock.now - start
        #expect(result.failure == .transport(.timedOut))
        // On a loaded machine the deadline may pass before the server has read the request.
        #expect(heads.count <= 1)
        // Generous upper bound: the point is that it ends, on a machine that may be busy (a
        // loaded run of the whole suite can stretch it several times); the client's own default
        // is 10 s.
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(30))
    }

    @Test(
        "only http and https addresses are fetched",
        arguments: ["file:///etc/passwd", "ftp://127.0.0.1/x", "http:///x"])
    func unsupported(address: String) async throws {
        let result = await fetching { () async throws(HTTPClientError) in
            try await CurlHTTPClient().fetch(HTTPRequest(url: URL(string: address)!))
        }
        #expect(result.failure == .unsupportedURL)
    }

    @Test("NewsAPI explains an address it cannot reach in one sentence")
    func unsupportedSentence() async throws {
        let service = StubHarness.service(baseURL: URL(string: "ftp://127.0.0.1:21")!)
        let result = await outcome { try await service.topHeadlines(HeadlinesRequest()) }
        #expect(result.failure?.sentence == "127.0.0.1:21 is not an http or https address NewsApp can reach.")
    }
}

/// Runs a fetch and returns its result, so a test can compare the error with `==`.
func fetching(
    _ call: () async throws(HTTPClientError) -> HTTPResponse
) async -> Result<HTTPResponse, HTTPClientError> {
    do {
        return .success(try await call())
    } catch {
        return .failure(error)
    }
}
