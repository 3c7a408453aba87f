import Foundation
import HTTPTestServer
import Networking
import NewsModels
import Testing

@testable import Sync

/// The Tiny Tiny RSS client against a server of our own answering in turn: a session that
/// expired mid-sync is opened again once, and an answer that cannot be read is one sentence.
@Suite(.timeLimit(.minutes(2)))
struct TinyTinyRSSClientTests {
    static let http = CurlHTTPClient()

    static func json(_ text: String) -> Data {
        RawHTTPServer.response(contentType: "text/json", body: Data(text.utf8))
    }

    static let notLoggedIn = json(#"{"seq":null,"status":1,"content":{"error":"NOT_LOGGED_IN"}}"#)
    static let loggedIn = json(#"{"seq":0,"status":0,"content":{"session_id":"fresh","api_level":15}}"#)
    static let categories = json(#"{"seq":0,"status":0,"content":[{"id":"1","title":"Space","unread":0}]}"#)
    static let feeds = json(
        #"{"seq":0,"status":0,"content":[{"feed_url":"https://orbit.example/feed","title":"Orbit","id":7,"cat_id":1}]}"#
    )

    /// A server answering the requests with `answers` in turn (and 500 past them).
    static func server(_ answers: [Data]) throws -> RawHTTPServer {
        let turns = Turns()
        return try RawHTTPServer(
            .routed { _ in
                let index = turns.next()
                return .reply(
                    index < answers.count ? answers[index] : RawHTTPServer.response(status: 500, body: Data())
                )
            })
    }

    static func client(_ server: RawHTTPServer, session: String? = "stale") -> TinyTinyRSSClient {
        TinyTinyRSSClient(
            base: server.baseURL, user: "reader", password: "secret", session: session, http: http)
    }

    @Test func aRequestBodyEscapesQuotesBackslashesAndControlCharacters() throws {
        let body = TinyTinyRSSRequest.encode("a\u{1}\"b\\c\n\u{7F}é")
        #expect(body == #""a\u0001\"b\\c\n\u007fé""#)
        let decoded = try JSONDecoder().decode(String.self, from: Data(body.utf8))
        #expect(decoded == "a\u{1}\"b\\c\n\u{7F}é")
    }

    @Test func aSessionGoneMidSyncIsOpenedAgainOnce() async throws {
        let server = try Self.server([Self.notLoggedIn, Self.loggedIn, Self.categories, Self.feeds])
        let client = Self.client(server)
        let feeds = await Result.capture { () async throws(SyncError) in try await client.subscriptions() }
        await server.stop()
        let got = try feeds.get()
        #expect(got.map(\.streamID) == ["feed/7"])
        #expect(got.first?.labels == ["Space"])
        #expect(got.first?.title == "Orbit")
        #expect(server.requestHeads.count == 4)
        #expect(server.requestHeads.allSatisfy { $0.hasPrefix("POST /api/ ") })
        #expect(client.currentSession == "fresh")
    }

    @Test func aSessionRefusedRightAfterSigningInStopsWithOneSentence() async throws {
        let server = try Self.server([Self.notLoggedIn, Self.loggedIn, Self.notLoggedIn, Self.loggedIn])
        let client = Self.client(server)
        let result = await Result.capture { () async throws(SyncError) in try await client.subscriptions() }
        await server.stop()
        #expect(result.failure == .loginExpired(host: "127.0.0.1:\(server.port)"))
        // One sign-in, not a loop of them.
        #expect(server.requestHeads.count == 3)
    }

    @Test func aWrongPasswordIsLoginRefused() async throws {
        let server = try Self.server([Self.json(#"{"seq":0,"status":1,"content":{"error":"LOGIN_ERROR"}}"#)])
        let client = Self.client(server, session: nil)
        let result = await Result.capture { () async throws(SyncError) in try await client.login() }
        await server.stop()
        #expect(result.failure == .loginRefused(host: "127.0.0.1:\(server.port)", service: .ttrss))
    }

    @Test func aRetryAfterIsWaitedForAsTheReaderAPIClientWaits() async throws {
        let busy = RawHTTPServer.response(
            status: 503, contentType: "text/plain", headers: ["Retry-After: 4"], body: Data("busy".utf8))
        let server = try Self.server([busy, Self.categories, Self.feeds])
        let waits = Waits()
        let client = TinyTinyRSSClient(
            base: server.baseURL, user: "reader", password: "secret", session: "open", http: Self.http,
            sleep: { await waits.add($0) })
        let feeds = await Result.capture { () async throws(SyncError) in try await client.subscriptions() }
        await server.stop()
        #expect(try feeds.get().map(\.streamID) == ["feed/7"])
        let waited = await waits.all
        #expect(waited == [.seconds(4)])
    }

    @Test func malformedJSONIsOneLine() async throws {
        let broken = Self.json(#"{"seq":0,"status":0,"content":[{"id":3,"title":"cut"#)
        let server = try Self.server([broken, Self.json("<html>\nnot an API\n</html>")])
        let client = Self.client(server)
        let first = await Result.capture { () async throws(SyncError) in
            try await client.streamPage(
                StreamTag.readingList, count: 50, excluding: nil, since: nil, continuation: nil)
        }
        let second = await Result.capture { () async throws(SyncError) in try await client.subscriptions() }
        await server.stop()
        for result in [first.failure, second.failure] {
            let error = try #require(result)
            guard case .malformed = error else {
                Issue.record("expected malformed, got \(error)")
                continue
            }
            #expect(!error.sentence.contains("\n"))
        }
        #expect(second.failure?.sentence.contains("Tiny Tiny RSS") == true)
    }

    @Test func marksGoAsOneUpdateArticleWithCommaSeparatedIds() async throws {
        let ok = Self.json(#"{"seq":0,"status":0,"content":{"status":"OK","updated":2}}"#)
        let server = try Self.server([ok])
        let client = Self.client(server, session: "open")
        let result = await Result.capture { () async throws(SyncError) in
            try await client.editTag([ItemID(6), ItemID(7)], kind: .read, value: true)
        }
        await server.stop()
        try result.get()
        #expect(server.requestHeads.count == 1)
        let body = TinyTinyRSSRequest.post(
            client.endpoint, op: "updateArticle", sid: "open",
            [("article_ids", .string("6,7")), ("mode", .int(0)), ("field", .int(2))], timeout: 1, maxBytes: 1
        ).body.map { String(decoding: $0, as: UTF8.self) }
        #expect(body == #"{"op":"updateArticle","sid":"open","article_ids":"6,7","mode":0,"field":2}"#)
    }

    @Test func aPageOfHeadlinesBecomesItemsWithTheirMarks() async throws {
        let page = Self.json(
            #"{"seq":0,"status":0,"content":[{"id":12,"guid":"g","unread":false,"marked":true,"updated":1700000000,"#
                + #""title":"Launch \u001b[31mday","link":"https://orbit.example/1","feed_id":"7","content":"<p>Go</p>"}]}"#
        )
        let server = try Self.server([page])
        let client = Self.client(server, session: "open")
        let result = await Result.capture { () async throws(SyncError) in
            try await client.streamPage(
                StreamTag.readingList, count: 1, excluding: nil, since: nil, continuation: "200")
        }
        await server.stop()
        let read = try result.get()
        let item = try #require(read.items.first)
        #expect(item.id == ItemID(12))
        #expect(item.feed == "feed/7")
        #expect(item.read)
        #expect(item.starred)
        #expect(item.item.title == "Launch day")
        #expect(read.continuation == "201")
    }
}

/// Counts the requests a server answered, across its connections' threads.
private final class Turns: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count - 1
    }
}
