import Feeds
import Foundation
import HTTPTestServer
import Logging
import Networking
import NewsModels
import Testing

@testable import Feeds

/// How a refresh fails: a server that never answers costs one wait, not one per feed; a feed the
/// store cannot take fails alone, with the reason recorded where `newsapp feeds` reads it.
@Suite(.timeLimit(.minutes(2)))
struct RefreshFailureTests {
    static func refresher(
        storage: MemoryFeedStorage, timeout: TimeInterval, concurrency: Int = 8, batchUnits: Int = 2_500
    ) -> FeedRefresher {
        FeedRefresher(
            fetcher: FeedFetcher(http: CurlHTTPClient(), timeout: timeout), storage: storage,
            options: FeedRefresher.Options(concurrency: concurrency, perHost: 2, batchUnits: batchUnits),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test func twentyFeedsOnAServerThatNeverAnswersWaitOnlyForTheFirstTwo() async throws {
        let silent = try RawHTTPServer(.silence)
        let good = try RefreshTests.feedServer()
        let subscriptions =
            (0..<20).map { Subscription(url: silent.baseURL.appendingPathComponent("feed\($0).xml")) }
            // Another host (every port of a host counts as one).
            + [Subscription(url: URL(string: "http://localhost:\(good.port)/plain.xml")!)]
        let storage = MemoryFeedStorage()
        let report = await Self.refresher(storage: storage, timeout: 1).refresh(subscriptions)
        await silent.stop()
        await good.stop()
        let statuses = report.feeds.map(\.status)
        #expect(statuses.filter { $0 == .failed("The server did not answer within 1 second.") }.count == 2)
        #expect(statuses.filter { $0 == .failed(FeedFailure.silentServer.sentence) }.count == 18)
        #expect(statuses.last == .updated, "another server's feed is read as ever")
        // Two requests at once from one host: the two that timed out, and no other.
        #expect(silent.requestHeads.count <= 2)
        #expect(
            await storage.lastErrors[subscriptions[19].url]
                == "Not asked: the server did not answer its last request of this refresh.")
    }

    @Test func aHostIsGivenUpAfterATimeoutUntilItAnswers() {
        let feed = Subscription(url: URL(string: "https://a.example/feed")!)
        func outcome(_ result: FeedOutcome.Result) -> FeedOutcome {
            FeedOutcome(subscription: feed, result: result, attemptedAt: Date())
        }
        let timeout = outcome(.failed(.transport(.transport(.timedOut), timeout: 5)))
        let answer = outcome(.failed(.status(500, retryAfter: nil)))
        let notAsked = outcome(.failed(.silentServer))
        var hosts = SilentHosts()
        for _ in 0..<2 { hosts.started("a.example") }
        #expect(hosts.mayStart("a.example"))
        hosts.record(answer, host: "a.example")
        #expect(!hosts.isSilent("a.example"))
        hosts.record(timeout, host: "a.example")
        #expect(hosts.isSilent("a.example"), "one timeout: no more requests in this refresh")
        #expect(!hosts.isSilent("b.example"))
        for result in [FeedOutcome.Result.skipped(until: Date()), notAsked.result] {
            hosts.started("a.example")
            hosts.record(outcome(result), host: "a.example")
        }
        #expect(hosts.isSilent("a.example"), "a feed not asked says nothing new of its host")
        hosts.started("a.example")
        hosts.record(answer, host: "a.example")
        #expect(!hosts.isSilent("a.example"), "an answer (a late one) makes it count as answering")
        // A timeout after a redirect is one too.
        let redirected = outcome(
            .failed(
                .transport(
                    .redirected(to: URL(string: "https://b.example/x")!, .transport(.timedOut)), timeout: 5)))
        var other = SilentHosts()
        other.started("a.example")
        other.record(redirected, host: "a.example")
        #expect(other.isSilent("a.example"))
    }

    @Test func aFeedTooBigForTheDiskFailsAloneAndSaysWhy() async throws {
        let server = try RawHTTPServer(
            .routed { head in
                let entries = RequestHead(head).path == "/big.xml" ? 60 : 3
                return RefreshTests.reply(body: RefreshTests.atom("Feed", entries: entries))
            })
        let small = Subscription(url: server.baseURL.appendingPathComponent("small.xml"))
        let big = Subscription(url: server.baseURL.appendingPathComponent("big.xml"))
        let other = Subscription(url: server.baseURL.appendingPathComponent("other.xml"))
        // Room for 10 items a write, and one batch for the three feeds.
        let storage = MemoryFeedStorage(room: 10)
        let report = await Self.refresher(storage: storage, timeout: 30, concurrency: 1, batchUnits: 10_000)
            .refresh([small, big, other])
        await server.stop()
        let reason = "The feed could not be stored (database or disk is full)."
        #expect(report.feeds.map(\.status) == [.updated, .failed(reason), .updated])
        #expect(await storage.items[small.url]?.count == 3)
        #expect(await storage.items[other.url]?.count == 3)
        #expect(await storage.items[big.url] == nil)
        #expect(await storage.lastErrors[big.url] == reason, "newsapp feeds reads it there")
    }
}
