import Foundation
import Logging
import Networking
import NewsModels
import ShapedNetwork
import Testing

@testable import Feeds

/// The refresh's budget of bytes in flight, over real HTTP on 127.0.0.x: the bytes held (bodies
/// as they arrive, bodies waiting to be parsed, documents waiting to be written) stay within the
/// budget and the bodies of the requests in flight, a body larger than the whole budget is still
/// read, and the refresh always ends. The writer's batches are made large enough to hold every
/// feed, so that without the budget every document would wait for the end.
@Suite("The refresh's budget of bytes", .timeLimit(.minutes(2)))
struct ByteBudgetTests {
    static func refresher(
        _ storage: MemoryFeedStorage, concurrency: Int, perHost: Int, byteBudget: Int
    ) -> FeedRefresher {
        FeedRefresher(
            fetcher: FeedFetcher(http: CurlHTTPClient(), timeout: 60), storage: storage,
            options: FeedRefresher.Options(
                concurrency: concurrency, perHost: perHost, batchUnits: 1_000_000, byteBudget: byteBudget),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    static func bodies(_ server: ShapedServer) -> [Int] {
        server.schedule.feeds.indices.map { server.documents.version(ofFeed: $0, in: .first).body.count }
    }

    @Test func oneRequestAtOnceHoldsAtMostTheBudgetAndOneBody() async throws {
        let server = try ShapedServer(
            ShapedRefreshTests.schedule([ShapedRefreshTests.host(2, .answers)], counts: [12]))
        defer { server.stop() }
        let bodies = Self.bodies(server)
        let budget = 2 * bodies.max()!
        let storage = MemoryFeedStorage()
        let report = await Self.refresher(storage, concurrency: 1, perHost: 1, byteBudget: budget)
            .refresh(ShapedRefreshTests.subscriptions(server))
        #expect(report.updatedCount == 12)
        #expect(report.mostBytesHeld <= budget + bodies.max()!, "the budget and the one body let in under it")
        #expect(report.mostBytesHeld >= budget, "the budget was reached, so it held something back")
        #expect(await storage.items.values.map(\.count) == Array(repeating: 20, count: 12))
        #expect(await storage.writes.count > 1, "written as the budget filled, not all at the end")
    }

    @Test func requestsAtOnceHoldAtMostTheBudgetAndTheirBodies() async throws {
        // Four hosts, four requests at once, a fast writer: the bytes held stay under the budget
        // plus the four bodies that may be arriving when it is reached.
        let hosts = (2...5).map { ShapedRefreshTests.host($0, .answers) }
        let server = try ShapedServer(ShapedRefreshTests.schedule(hosts, counts: [6, 6, 6, 6]))
        defer { server.stop() }
        let bodies = Self.bodies(server)
        let budget = 3 * bodies.max()!
        let storage = MemoryFeedStorage()
        let report = await Self.refresher(storage, concurrency: 4, perHost: 2, byteBudget: budget)
            .refresh(ShapedRefreshTests.subscriptions(server))
        #expect(report.updatedCount == 24)
        #expect(report.mostBytesHeld <= budget + 4 * bodies.max()!)
        #expect(report.mostBytesHeld < bodies.reduce(0, +), "never every body at once")
        #expect(await storage.items.count == 24)
    }

    @Test func aBodyLargerThanTheBudgetIsStillRead() async throws {
        let server = try ShapedServer(
            ShapedRefreshTests.schedule(
                [ShapedRefreshTests.host(2, .answers), ShapedRefreshTests.host(3, .answers)], counts: [2, 2]))
        defer { server.stop() }
        let bodies = Self.bodies(server)
        let storage = MemoryFeedStorage()
        let report = await Self.refresher(storage, concurrency: 4, perHost: 2, byteBudget: 1_024)
            .refresh(ShapedRefreshTests.subscriptions(server))
        #expect(bodies.allSatisfy { $0 > 1_024 })
        #expect(report.updatedCount == 4)
        #expect(await storage.items.values.map(\.count) == [20, 20, 20, 20])
        #expect(report.mostBytesHeld >= bodies.min()!, "a whole body was let in past the budget")
    }

    @Test func theBytesOfFailedAndUnchangedFeedsAreGivenBack() async throws {
        // The daily round: all but one feed answer 304, and a refused host fails; a budget of one
        // byte would stop the refresh for good if any of their bytes stayed counted.
        let server = try ShapedServer(
            ShapedRefreshTests.schedule(
                [ShapedRefreshTests.host(2, .answers), ShapedRefreshTests.host(3, .refuses)], counts: [4, 2],
                newInDaily: 2))
        defer { server.stop() }
        let storage = MemoryFeedStorage()
        let refresher = Self.refresher(storage, concurrency: 4, perHost: 2, byteBudget: 1)
        let first = await refresher.refresh(ShapedRefreshTests.subscriptions(server))
        #expect(first.updatedCount == 4 && first.failedCount == 2)
        server.round = .daily
        let daily = await refresher.refresh(ShapedRefreshTests.subscriptions(server))
        #expect(daily.updatedCount == 1 && daily.unchangedCount == 3 && daily.failedCount == 2)
        #expect(daily.newItems == 2)
    }

    @Test func theBudgetCountsWhatIsTakenAndGivenBack() {
        let budget = ByteBudget(limit: 10)
        budget.take(6)
        #expect(!budget.isFull)
        budget.take(6)
        #expect(budget.isFull && budget.held == 12)
        budget.give(6)
        #expect(!budget.isFull && budget.peak == 12 && budget.held == 6)
    }
}
