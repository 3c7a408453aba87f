import Feeds
import Foundation
import HTTPTestServer
import Logging
import Networking
import Testing

/// A refresh against real HTTP servers on 127.0.0.1: conditional GETs, compression, redirects,
/// refusals and faults, each feed's fate recorded and none stopping the others.
@Suite("Refreshing feeds", .timeLimit(.minutes(1)))
struct RefreshTests {
    static func atom(_ title: String, entries: Int) -> Data {
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>\(title)</title>
            """
        for index in 0..<entries {
            text += """
                <entry><id>urn:\(title):\(index)</id><title>\(title) entry \(index)</title>
                <updated>2026-11-2\(index % 9)T10:00:00Z</updated><summary>Text \(index)</summary></entry>
                """
        }
        return Data((text + "</feed>").utf8)
    }

    static func reply(
        _ status: Int = 200, headers: [String] = [], body: Data = Data(),
        type: String = "application/atom+xml"
    ) -> RawHTTPServer.Behaviour {
        .reply(RawHTTPServer.response(status: status, contentType: type, headers: headers, body: body))
    }

    /// One server for the well-behaved and the refusing feeds.
    static func feedServer() throws -> RawHTTPServer {
        let gzipped = try Zlib.gzip(atom("Compressed", entries: 3))
        return try RawHTTPServer(
            .routed { text in
                let head = RequestHead(text)
                switch head.path.prefix(while: { $0 != "?" }) {
                case "/plain.xml":
                    if head.header("If-None-Match") == "\"v1\"" {
                        return .reply(
                            RawHTTPServer.response(
                                status: 304, contentLength: .none, headers: [#"ETag: "v1""#], body: Data()))
                    }
                    return reply(
                        headers: [#"ETag: "v1""#, "Last-Modified: Tue, 24 Nov 2026 08:00:00 GMT"],
                        body: atom("Plain", entries: 4))
                case "/dated.xml":
                    if head.header("If-Modified-Since") == "Tue, 24 Nov 2026 08:00:00 GMT" {
                        return .reply(RawHTTPServer.response(status: 304, contentLength: .none, body: Data()))
                    }
                    return reply(
                        headers: ["Last-Modified: Tue, 24 Nov 2026 08:00:00 GMT"],
                        body: atom("Dated", entries: 2))
                case "/gzip.xml":
                    return reply(headers: ["Content-Encoding: gzip"], body: gzipped)
                case "/old.xml":
                    return reply(301, headers: ["Location: /new.xml"])
                case "/new.xml":
                    return reply(body: atom("Moved", entries: 1))
                case "/elsewhere.xml":
                    return reply(302, headers: ["Location: /plain.xml"])
                case "/gone.xml":
                    return reply(404, body: Data("not here".utf8), type: "text/plain")
                case "/broken.xml":
                    return reply(500, body: Data("oops".utf8), type: "text/plain")
                case "/busy.xml":
                    return reply(429, headers: ["Retry-After: 120"], type: "text/plain")
                case "/page.html":
                    return reply(
                        body: Data("<!doctype html><html><body><p>Hello</p></body></html>".utf8),
                        type: "text/html")
                default:
                    return reply(404, type: "text/plain")
                }
            })
    }

    static func refresher(storage: MemoryFeedStorage, timeout: TimeInterval = 10, now: Date = Date())
        -> FeedRefresher
    {
        let fetcher = FeedFetcher(http: CurlHTTPClient(), timeout: timeout, clock: { now })
        return FeedRefresher(
            fetcher: fetcher, storage: storage, options: FeedRefresher.Options(concurrency: 4),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test func eachFeedIsReadOrRefusedOnItsOwnAndTheSecondRefreshAsksConditionally() async throws {
        let server = try Self.feedServer()
        let names = [
            "plain", "dated", "gzip", "old", "elsewhere", "gone", "broken", "busy", "page",
        ]
        let subscriptions = names.map {
            Subscription(
                url: server.baseURL.appendingPathComponent("\($0)" + ($0 == "page" ? ".html" : ".xml")))
        }
        let storage = MemoryFeedStorage()
        let now = Date()
        let first = await Self.refresher(storage: storage, now: now).refresh(subscriptions)
        let status = Dictionary(uniqueKeysWithValues: zip(names, first.feeds.map(\.status)))
        #expect(status["plain"] == .updated)
        #expect(status["dated"] == .updated)
        #expect(status["gzip"] == .updated)
        #expect(status["old"] == .updated)
        #expect(status["elsewhere"] == .updated)
        #expect(status["gone"] == .failed("The feed is not there any more (404 Not Found)."))
        #expect(status["broken"] == .failed("The server failed (500 Internal Server Error)."))
        if case .failed(let sentence) = status["busy"] {
            #expect(sentence.hasPrefix("The server is busy (429 Too Many Requests) and asks to wait until "))
        } else {
            Issue.record("busy: \(String(describing: status["busy"]))")
        }
        #expect(status["page"] == .failed(FeedParseError.htmlPage.sentence))
        let counts = Dictionary(uniqueKeysWithValues: zip(names, first.feeds.map(\.counts.new)))
        #expect(counts["plain"] == 4)
        #expect(counts["dated"] == 2)
        #expect(counts["gzip"] == 3)
        #expect(counts["old"] == 1)
        #expect(first.feeds.map(\.title)[2] == "Compressed")
        // A permanent redirect moves the subscription; a temporary one does not.
        #expect(first.feeds[3].movedTo == server.baseURL.appendingPathComponent("new.xml"))
        #expect(first.feeds[4].movedTo == nil)
        #expect(first.newItems == 4 + 2 + 3 + 1 + 4)
        #expect(first.anyRefreshed)

        let second = await Self.refresher(storage: storage, now: now).refresh(subscriptions)
        let again = Dictionary(uniqueKeysWithValues: zip(names, second.feeds.map(\.status)))
        #expect(again["plain"] == .unchanged)
        #expect(again["dated"] == .unchanged)
        #expect(again["busy"] == .skipped(until: now.addingTimeInterval(120)))
        #expect(second.newItems == 0)
        let heads = server.requestHeads.map(RequestHead.init)
        // The server asked to wait: it was not asked again.
        #expect(heads.filter { $0.path == "/busy.xml" }.count == 1)
        #expect(heads.last { $0.path == "/plain.xml" }?.header("If-None-Match") == "\"v1\"")
        #expect(
            heads.last { $0.path == "/plain.xml" }?.header("If-Modified-Since")
                == "Tue, 24 Nov 2026 08:00:00 GMT")
        await server.stop()
    }

    /// The deadline is generous: on a loaded machine the good feed must still make it.
    @Test func aFeedThatNeverAnswersFailsAloneAtItsDeadline() async throws {
        let good = try Self.feedServer()
        let silent = try RawHTTPServer(.silence)
        let subscriptions = [
            Subscription(url: silent.baseURL.appendingPathComponent("feed.xml")),
            Subscription(url: good.baseURL.appendingPathComponent("plain.xml")),
        ]
        // Long enough that the good feed answers within it on a loaded machine, under a sanitizer
        // too: a few seconds are not.
        let report = await Self.refresher(storage: MemoryFeedStorage(), timeout: 15).refresh(subscriptions)
        #expect(
            report.feeds.map(\.status) == [.failed("The server did not answer within 15 seconds."), .updated])
        #expect(report.failedCount == 1 && report.updatedCount == 1)
        await silent.stop()
        await good.stop()
    }

    @Test func aFeedCutShortFailsAndKeepsNothingOfIt() async throws {
        let half = Self.atom("Half", entries: 50)
        let cut = try RawHTTPServer(
            .reply(
                RawHTTPServer.response(
                    contentType: "application/atom+xml", contentLength: half.count * 2, body: half)))
        let storage = MemoryFeedStorage()
        let subscription = Subscription(url: cut.baseURL.appendingPathComponent("feed.xml"))
        let report = await Self.refresher(storage: storage, timeout: 60).refresh([subscription])
        #expect(
            report.feeds.map(\.status) == [
                .failed("The connection to the server broke before the whole feed arrived.")
            ])
        #expect(await storage.items[subscription.url] == nil)
        await cut.stop()
    }

    @Test func outcomesAreWrittenInBatchesHoldingWholeFeeds() async throws {
        let server = try Self.feedServer()
        let subscriptions = (0..<12).map { _ in
            Subscription(url: server.baseURL.appendingPathComponent("plain.xml"))
        }
        .enumerated().map { index, subscription in
            Subscription(url: URL(string: subscription.url.absoluteString + "?n=\(index)")!)
        }
        let storage = MemoryFeedStorage()
        let fetcher = FeedFetcher(http: CurlHTTPClient(), timeout: 10)
        let refresher = FeedRefresher(
            fetcher: fetcher, storage: storage,
            options: FeedRefresher.Options(concurrency: 3, batchUnits: 40),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let report = await refresher.refresh(subscriptions)
        #expect(report.updatedCount == 12)
        let writes = await storage.writes
        // Each feed is in exactly one write, and several writes were made.
        let written: [String] = writes.flatMap { $0 }.map(\.absoluteString).sorted()
        let asked: [String] = subscriptions.map(\.url.absoluteString).sorted()
        #expect(written == asked)
        #expect(writes.count > 1 && writes.count < 12)
        await server.stop()
    }
}
