import Foundation
import Logging
import Networking
import NewsModels
import ShapedNetwork
import Testing

@testable import Feeds

/// The refresh on a network shaped like the internet (hosts of their own on 127.0.0.x): a hung
/// host costs one timeout and holds no slot, a slow body holds no parse slot, every feed with
/// validators is asked conditionally, the limit per host is the one configured. Orderings are
/// asserted, and bounds only where the server's own pacing makes them certain.
@Suite("Refreshing on a shaped network", .timeLimit(.minutes(2)))
struct ShapedRefreshTests {
    static func host(
        _ last: Int, _ behaviour: NetworkSchedule.Behaviour, firstByte: Double = 0.05, rate: Double = 5e6
    )
        -> NetworkSchedule.Host
    {
        NetworkSchedule.Host(
            address: "127.0.0.\(last)", firstByte: firstByte, bytesPerSecond: rate, behaviour: behaviour)
    }

    /// `counts[h]` feeds of 20 items on host `h`, listed host by host.
    static func schedule(_ hosts: [NetworkSchedule.Host], counts: [Int], newInDaily: Int = 0)
        -> NetworkSchedule
    {
        var feeds: [NetworkSchedule.Feed] = []
        for (host, count) in counts.enumerated() {
            for _ in 0..<count {
                feeds.append(
                    NetworkSchedule.Feed(
                        host: host, path: "/feeds/\(feeds.count + 1).xml", items: 20,
                        newInDaily: feeds.count == 0 ? newInDaily : 0))
            }
        }
        return NetworkSchedule(hosts: hosts, feeds: feeds, newest: Date(timeIntervalSince1970: 1_796_000_000))
    }

    static func refresher(
        _ storage: MemoryFeedStorage, concurrency: Int, perHost: Int, timeout: TimeInterval,
        patience: Duration = .milliseconds(50), batchUnits: Int = 2_500
    ) -> FeedRefresher {
        FeedRefresher(
            fetcher: FeedFetcher(http: CurlHTTPClient(), timeout: timeout), storage: storage,
            options: FeedRefresher.Options(
                concurrency: concurrency, perHost: perHost, patience: patience, batchUnits: batchUnits),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    static func subscriptions(_ server: ShapedServer) -> [Subscription] {
        server.schedule.feeds.indices.map { Subscription(url: URL(string: server.url(ofFeed: $0))!) }
    }

    @Test func aHungHostHoldsNoSlotOthersWaitFor() async throws {
        // One request at once in all, the hung host's two first. Its requests end only when the
        // server stops, once the answering host's three feeds are done: without the patience
        // those would wait behind them, and the refresh would wait for its minute-long timeout.
        let server = try ShapedServer(
            Self.schedule([Self.host(2, .hangs), Self.host(3, .answers)], counts: [4, 3]))
        defer { server.stop() }
        let feeds = Self.subscriptions(server)
        let (steps, step) = AsyncStream.makeStream(of: RefreshProgress.self)
        let refresher = Self.refresher(MemoryFeedStorage(), concurrency: 1, perHost: 2, timeout: 60)
        let refresh = Task { await refresher.refresh(feeds) { step.yield($0) } }
        var whileWaiting: RefreshProgress?
        for await progress in steps where progress.done == 3 {
            whileWaiting = progress
            break
        }
        let answered = server.statistics.answered["127.0.0.3"]
        server.stop()
        let report = await refresh.value
        step.finish()
        #expect(answered == 3, "the answering host's feeds were read while the hung one was waited for")
        #expect(whileWaiting?.waitingFor == ["127.0.0.2"], "and the progress named the host waited for")
        #expect(report.feeds[4...].allSatisfy { $0.status == .updated })
        #expect(report.feeds[..<4].allSatisfy { $0.status != .updated })
    }

    @Test func aHostIsGivenUpAfterOneTimeoutWhateverItsLimit() async throws {
        let server = try ShapedServer(Self.schedule([Self.host(2, .hangs)], counts: [3]))
        defer { server.stop() }
        let report = await Self.refresher(MemoryFeedStorage(), concurrency: 4, perHost: 1, timeout: 1)
            .refresh(Self.subscriptions(server))
        #expect(server.statistics.requests == 1, "one request, one timeout, then no more")
        #expect(
            report.feeds.map(\.status)
                == [.failed("The server did not answer within 1 second.")]
                + Array(repeating: .failed(FeedFailure.silentServer.sentence), count: 2))
    }

    @Test func aSlowBodyHoldsNoParseSlot() async throws {
        // A 20-item feed at 2 kB/s takes seconds by the server's clock; the fast host's feed is
        // read and parsed (one parse at a time) meanwhile.
        let server = try ShapedServer(
            Self.schedule([Self.host(2, .answers, rate: 2_000), Self.host(3, .answers)], counts: [1, 1]))
        defer { server.stop() }
        let feeds = Self.subscriptions(server)
        let storage = MemoryFeedStorage()
        _ = await FeedRefresher(
            fetcher: FeedFetcher(http: CurlHTTPClient(), timeout: 60), storage: storage,
            options: FeedRefresher.Options(concurrency: 2, perHost: 2, batchUnits: 1),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
        .refresh(feeds)
        // Batches of one unit: each feed is written as it is done, so the write order is the
        // order the feeds were parsed in.
        #expect(await storage.writes.flatMap { $0 } == [feeds[1].url, feeds[0].url])
        #expect(await storage.items[feeds[0].url]?.count == 20)
    }

    @Test func everyFeedWithValidatorsIsAskedConditionally() async throws {
        let server = try ShapedServer(
            Self.schedule([Self.host(2, .answers), Self.host(3, .answers)], counts: [3, 2], newInDaily: 2))
        defer { server.stop() }
        let storage = MemoryFeedStorage()
        let refresher = Self.refresher(storage, concurrency: 4, perHost: 2, timeout: 30)
        let first = await refresher.refresh(Self.subscriptions(server))
        #expect(first.updatedCount == 5)
        #expect(server.statistics.notModified == 0)
        server.round = .daily
        server.resetStatistics()
        let daily = await refresher.refresh(Self.subscriptions(server))
        #expect(server.statistics.requests == 5)
        #expect(server.statistics.notModified == 4, "all but the changed one answered 304")
        #expect(daily.unchangedCount == 4 && daily.updatedCount == 1)
        #expect(daily.newItems == 2)
    }

    @Test(arguments: [1, 3]) func theLimitPerHostIsTheOneConfigured(perHost: Int) async throws {
        // Answers start 0.8 s after their requests: requests started together overlap.
        let server = try ShapedServer(
            Self.schedule([Self.host(2, .answers, firstByte: 0.8)], counts: [6]))
        defer { server.stop() }
        let report = await Self.refresher(MemoryFeedStorage(), concurrency: 16, perHost: perHost, timeout: 60)
            .refresh(Self.subscriptions(server))
        #expect(report.updatedCount == 6)
        let most = server.statistics.mostConnections["127.0.0.2"] ?? 0
        #expect(most <= perHost)
        #expect(most >= min(perHost, 2), "requests at once, up to the limit")
    }

    @Test func theHostsWithTheLongestChainsStartFirst() {
        var schedule = HostSchedule(
            hosts: ["a", "b", "b", "c", "b", "c"], concurrency: 1, perHost: 1)
        var order: [Int] = []
        while let next = schedule.next() {
            order.append(next)
            schedule.finished(next)
        }
        // Every host's first feed (the most feeds first), then the others.
        #expect(order == [1, 3, 0, 2, 4, 5])
    }

    @Test func aReleasedRequestKeepsItsHostsPlaceButNotTheSlot() {
        var schedule = HostSchedule(hosts: ["a", "a", "b"], concurrency: 1, perHost: 1)
        #expect(schedule.next() == 0)
        #expect(schedule.next() == nil, "one at once")
        schedule.release(0)
        #expect(schedule.next() == 2, "another host's feed takes the slot; a's limit holds")
        #expect(schedule.next() == nil)
        schedule.finished(0)
        #expect(schedule.next() == nil, "b's feed holds the one slot")
        schedule.finished(2)
        #expect(schedule.next() == 1)
    }

    @Test func atMostHalfTheConcurrencyIsReleasedAtOnce() {
        var schedule = HostSchedule(hosts: (0..<20).map { "h\($0)" }, concurrency: 8, perHost: 1)
        #expect(schedule.mostReleased == 4)
        var started: [Int] = []
        while let next = schedule.next() { started.append(next) }
        #expect(started.count == 8)
        for index in started { schedule.release(index) }
        // Four released: four more start, the other four still hold their slots.
        var more: [Int] = []
        while let next = schedule.next() { more.append(next) }
        #expect(more.count == 4)
        schedule.finished(started[0])
        #expect(schedule.next() == nil, "a released request done frees no slot")
        schedule.release(started[4])
        #expect(schedule.next() != nil, "but room in the cap for another to be released")
    }

    @Test func theProgressSaysWhichHostsAreWaitedFor() {
        var progress = RefreshProgress(total: 9, done: 3, newItems: 0)
        #expect(progress.waitingNote == nil)
        progress.waitingFor = ["slow.example"]
        #expect(progress.waitingNote == "waiting for slow.example")
        progress.waitingFor = ["slow.example", "hung.example", "a.example", "b.example"]
        #expect(progress.waitingNote == "waiting for slow.example, hung.example and 2 more")
    }
}
