import Foundation
import HTTPTestServer
import NewsModels
import Testing

@testable import Networking

/// Redirects through ``CurlHTTPClient/fetch(_:)``: recorded in order, limited, kept to
/// http and https, and never carrying credentials to another origin.
@Suite("Redirects", .timeLimit(.minutes(1)))
struct RedirectTests {
    static let credentials = [
        "X-Api-Key": "secret-key", "Authorization": "Bearer token", "Accept": "text/xml",
    ]

    static func redirect(_ status: Int, to location: String) -> RawHTTPServer.Behaviour {
        .reply(RawHTTPServer.response(status: status, headers: ["Location: \(location)"], body: Data()))
    }

    static let feed = RawHTTPServer.Behaviour.reply(
        RawHTTPServer.response(contentType: "application/rss+xml", body: Data("<rss/>".utf8)))

    /// A server answering each path as `routes` says, and 404 elsewhere.
    static func server(_ routes: [String: RawHTTPServer.Behaviour]) throws -> RawHTTPServer {
        try RawHTTPServer(
            .routed { head in
                routes[RequestHead(head).path]
                    ?? .reply(RawHTTPServer.response(status: 404, body: Data()))
            })
    }

    static func fetch(_ url: URL, headers: [String: String] = credentials) async -> Result<
        HTTPResponse, HTTPClientError
    > {
        await fetching { () async throws(HTTPClientError) in
            // Generous: the tests are about where the requests go, not how fast (a chain of 11
            // under a sanitizer in a loaded run can take more than 10 s).
            try await CurlHTTPClient().fetch(HTTPRequest(url: url, headers: headers, timeout: 60))
        }
    }

    @Test("a chain of permanent redirects is recorded hop by hop")
    func permanentChain() async throws {
        let server = try Self.server([
            "/a": Self.redirect(301, to: "/b"), "/b": Self.redirect(308, to: "c"), "/c": Self.feed,
        ])
        let start = server.baseURL.appendingPathComponent("a")
        let result = await Self.fetch(start)
        await server.stop()
        let response = try #require(result.success)
        let (b, c) = (server.baseURL.appendingPathComponent("b"), server.baseURL.appendingPathComponent("c"))
        #expect(response.status == 200 && response.body == Data("<rss/>".utf8))
        #expect(response.url == c)
        #expect(
            response.redirects == [
                HTTPRedirect(status: 301, from: start, to: b), HTTPRedirect(status: 308, from: b, to: c),
            ])
        #expect(response.redirects.map(\.isPermanent) == [true, true])
    }

    @Test(
        "a same-origin redirect keeps the credentials; 302 and 307 are not permanent", arguments: [302, 307])
    func sameOrigin(status: Int) async throws {
        let server = try Self.server(["/old": Self.redirect(status, to: "/new?x=1"), "/new?x=1": Self.feed])
        let result = await Self.fetch(server.baseURL.appendingPathComponent("old"))
        await server.stop()
        let response = try #require(result.success)
        #expect(response.redirects.map(\.status) == [status])
        #expect(response.redirects.first?.isPermanent == false)
        #expect(response.url.absoluteString == server.baseURL.absoluteString + "/new?x=1")
        let second = try #require(server.requestHeads.last.map(RequestHead.init))
        #expect(second.header("X-Api-Key") == "secret-key")
        #expect(second.header("Authorization") == "Bearer token")
    }

    @Test("a redirect to another origin drops X-Api-Key, Authorization and Cookie, and keeps the rest")
    func crossOrigin() async throws {
        let other = try RawHTTPServer(Self.feed)
        let target = other.baseURL.appendingPathComponent("moved.xml")
        let server = try Self.server(["/feed.xml": Self.redirect(307, to: target.absoluteString)])
        let start = server.baseURL.appendingPathComponent("feed.xml")
        let result = await Self.fetch(
            start, headers: Self.credentials.merging(["Cookie": "session=1"]) { $1 })
        await server.stop()
        await other.stop()
        let response = try #require(result.success)
        #expect(response.url == target)
        #expect(response.redirects == [HTTPRedirect(status: 307, from: start, to: target)])
        let first = try #require(server.requestHeads.first.map(RequestHead.init))
        let received = try #require(other.requestHeads.first.map(RequestHead.init))
        #expect(first.header("X-Api-Key") == "secret-key" && first.header("Cookie") == "session=1")
        #expect(received.header("X-Api-Key") == nil)
        #expect(received.header("Authorization") == nil)
        #expect(received.header("Cookie") == nil)
        #expect(received.header("Accept") == "text/xml")
    }

    @Test("NewsAPI's key does not follow a redirect to another host")
    func newsAPIKey() async throws {
        let other = try RawHTTPServer(
            .reply(
                RawHTTPServer.response(body: Data(#"{"status":"ok","totalResults":0,"articles":[]}"#.utf8))))
        let server = try RawHTTPServer(
            Self.redirect(302, to: other.baseURL.absoluteString + "/v2/top-headlines"))
        let page = try await StubHarness.service(baseURL: server.baseURL).topHeadlines(HeadlinesRequest())
        await server.stop()
        await other.stop()
        #expect(page.articles.isEmpty)
        #expect(server.requestHeads.first.map(RequestHead.init)?.header("X-Api-Key") == StubHarness.key)
        #expect(other.requestHeads.count == 1)
        #expect(other.requestHeads.first.map(RequestHead.init)?.header("X-Api-Key") == nil)
    }

    @Test("a redirect to a file: address is refused with a sentence, and nothing more is sent")
    func fileScheme() async throws {
        let server = try Self.server(["/feed.xml": Self.redirect(302, to: "file:///etc/passwd")])
        let result = await Self.fetch(server.baseURL.appendingPathComponent("feed.xml"))
        await server.stop()
        #expect(
            result.failure == .redirectRefused("the redirect leads to file:, not to http or https"))
        // Left alone, a client such as FoundationNetworking would ask this server for /etc/passwd.
        #expect(server.requestHeads.count == 1)
    }

    @Test("NewsAPI explains a refused redirect in one sentence")
    func newsAPISentence() async throws {
        let server = try RawHTTPServer(Self.redirect(301, to: "ftp://127.0.0.1/headlines"))
        let result = await outcome {
            try await StubHarness.service(baseURL: server.baseURL).topHeadlines(HeadlinesRequest())
        }
        await server.stop()
        let host = "127.0.0.1:\(server.port)"
        #expect(
            result.failure?.sentence
                == "\(host) redirected the request and NewsApp did not follow: the redirect leads to ftp:, not to http or https."
        )
    }

    @Test("more than 10 redirects are refused")
    func tooMany() async throws {
        let server = try RawHTTPServer(
            .routed { head in
                let hop = Int(RequestHead(head).path.dropFirst("/hop".count)) ?? 0
                return Self.redirect(302, to: "/hop\(hop + 1)")
            })
        let result = await Self.fetch(server.baseURL.appendingPathComponent("hop0"))
        await server.stop()
        // The refusal names the address that redirected once too often.
        #expect(
            result.failure
                == .redirected(
                    to: server.baseURL.appendingPathComponent("hop10"), .redirectRefused("too many redirects")
                ))
        #expect(result.failure?.underlying == .redirectRefused("too many redirects"))
        #expect(server.requestHeads.count == 11)
    }

    @Test("a failure after a redirect names the address it led to, not the one asked for")
    func failureAfterARedirectNamesItsAddress() async throws {
        let refusing = try RefusingAddress()
        let target = try #require(URL(string: "http://127.0.0.1:\(refusing.port)/moved.xml"))
        let server = try Self.server(["/feed.xml": Self.redirect(302, to: target.absoluteString)])
        let result = await Self.fetch(server.baseURL.appendingPathComponent("feed.xml"))
        await server.stop()
        #expect(result.failure == .redirected(to: target, .transport(.connectionRefused)))
        // As NewsAPI says it: the host it led to.
        let stub = try RawHTTPServer(Self.redirect(302, to: target.absoluteString))
        let service = await outcome {
            try await StubHarness.service(baseURL: stub.baseURL).topHeadlines(HeadlinesRequest())
        }
        await stub.stop()
        #expect(service.failure == .transport(.connectionRefused, host: "127.0.0.1:\(refusing.port)"))
    }

    @Test("ten redirects are followed")
    func tenFollowed() async throws {
        let server = try RawHTTPServer(
            .routed { head in
                let hop = Int(RequestHead(head).path.dropFirst("/hop".count)) ?? 0
                return hop == 10 ? Self.feed : Self.redirect(302, to: "/hop\(hop + 1)")
            })
        let result = await Self.fetch(server.baseURL.appendingPathComponent("hop0"))
        await server.stop()
        #expect(result.success?.redirects.count == 10)
        #expect(result.success?.url.lastPathComponent == "hop10")
    }

    @Test("a 3xx without a Location is the answer")
    func noLocation() async throws {
        let server = try RawHTTPServer(.reply(RawHTTPServer.response(status: 301, body: Data())))
        let result = await Self.fetch(server.baseURL)
        await server.stop()
        #expect(result.success?.status == 301)
        #expect(result.success?.redirects == [])
    }

    // MARK: - The rules, without a server

    static func next(
        from: String, location: String, headers: [String: String] = credentials, followed: Int = 0
    ) -> Result<HTTPRequest, HTTPClientError> {
        Redirection.next(
            to: location, from: HTTPRequest(url: URL(string: from)!, headers: headers), followed: followed)
    }

    @Test("https never redirects down to http; http may go up to https")
    func downgrade() throws {
        #expect(
            Self.next(from: "https://feeds.example/a", location: "http://feeds.example/b").failure
                == .redirectRefused(
                    "the redirect leads from https down to plain http (http://feeds.example/b)"))
        let upgraded = try #require(
            Self.next(from: "http://feeds.example/a", location: "https://feeds.example/b").success)
        #expect(upgraded.url.absoluteString == "https://feeds.example/b")
        // Another scheme is another origin.
        #expect(upgraded.headers["X-Api-Key"] == nil)
    }

    @Test("a Location is resolved against the address that answered")
    func relative() {
        let cases = [
            ("next", "http://h.example/dir/next"), ("/top?q=1", "http://h.example/top?q=1"),
            ("../up", "http://h.example/up"), ("//other.example/x", "http://other.example/x"),
        ]
        for (location, expected) in cases {
            let url = Self.next(from: "http://h.example/dir/page", location: location).success?.url
            #expect(url?.absoluteString == expected, "\(location)")
        }
    }

    @Test("another port is another origin; a user and password do not follow either")
    func origins() throws {
        let port = try #require(
            Self.next(from: "http://h.example/a", location: "http://h.example:8080/b").success)
        #expect(port.headers["Authorization"] == nil)
        let user = try #require(
            Self.next(from: "http://me:pw@h.example/a", location: "http://other.example/b").success)
        #expect(user.url.absoluteString == "http://other.example/b")
        let sameHost = try #require(
            Self.next(from: "http://H.example:80/a", location: "http://h.example/b").success)
        #expect(sameHost.headers["X-Api-Key"] == "secret-key")
    }

    @Test("a Location that cannot be read is refused")
    func unreadable() {
        #expect(
            Self.next(from: "http://h.example/a", location: "http://").failure
                == .redirectRefused("the redirect names no address that can be read"))
    }
}
