import Configuration
import CoordinatorsTesting
import Foundation
import Modules
import NewsAPIStub
import NewsModels
import Testing

@testable import NewsApp
@testable import Store

/// NewsAPI within its daily quota, in whole sessions the composition root builds (real store file,
/// the stub over HTTP counting the requests it gets) with the clock injected, so the tests move
/// through the refresh interval, the day and midnight UTC. Each launch opens the store afresh: a
/// restart.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct QuotaSessionTests {
    let sandbox: Sandbox
    /// 2027-01-15 08:00:00 UTC.
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))

    init() throws {
        sandbox = try Sandbox()
    }

    /// What a launch printed and how many requests the stub got meanwhile.
    struct Launch {
        var text: String
        var requests: Int

        /// The text with lines joined by spaces: a sentence may be wrapped anywhere.
        var flat: String { text.replacingOccurrences(of: "\n", with: " ") }
    }

    /// Launches the app with `stub` as NewsAPI, types `lines` then `q`, and closes its stores.
    func launch(_ lines: [ScriptedTerminal.Step] = [], stub: RunningStub) async throws -> Launch {
        let before = stub.requestCount
        let context = try await prepare(stub.environment)
        let terminal = ScriptedTerminal(lines + ["q"])
        let session = NewsSession(
            environment: AppEnvironment(
                service: context.service,
                screen: ScreenEnvironment(
                    clock: clock.function, timeZone: TimeZone(identifier: "UTC") ?? .current),
                pageSize: 5, country: context.source.country, readingList: context.readingList,
                prefetchesNextPage: false, frontPage: FrontPageSources(categories: true, feeds: false),
                sourcesInUse: SourcesSummary.inUse(by: context).sentence, serviceStatus: context.requestStatus
            ),
            terminal: terminal)
        await session.run()
        context.close()
        return Launch(text: terminal.text, requests: stub.requestCount - before)
    }

    /// What a launch runs with, on the clock: NewsAPI at `stub` (any key, when no stub is given: no
    /// request is made then).
    func prepare(_ stub: [String: String] = ["NEWSAPI_KEY": "test-key"]) async throws -> LaunchContext {
        try #require(
            await AppLauncher.prepare(
                CommandLineSettings(), environment: sandbox.environment.merging(stub) { $1 },
                clock: clock.function))
    }

    /// The requests counted today, as the next launch finds them.
    func countedToday() async throws -> DailyRequests? {
        let context = try await prepare()
        defer { context.close() }
        return await context.requestBudget?.today()
    }

    func advance(minutes: Double) {
        clock.date = clock.date.addingTimeInterval(minutes * 60)
    }

    @Test func launchesWithinTheIntervalAskOnceRAsksAndPastTheIntervalTheyAskAgain() async throws {
        try await withRunningStub { stub in
            let first = try await launch(stub: stub)
            #expect(first.requests == 7)
            #expect(!first.text.contains("Fetched"))

            advance(minutes: 12)
            let second = try await launch(stub: stub)
            #expect(second.requests == 0)
            #expect(second.text.contains("Front page · 15 Jan 2027\nFetched 12 minutes ago · r refreshes\n"))
            // The same headlines, from the store.
            let headline = try #require(first.text.split(separator: "\n").first { $0.hasPrefix(" 1  ") })
            #expect(second.text.contains(headline))

            // r asks for every section, and says nothing of the store after.
            advance(minutes: 1)
            let asked = try await launch(["r"], stub: stub)
            #expect(asked.requests == 7)
            let afterR = try #require(asked.text.components(separatedBy: "news › Front page › r\n").last)
            #expect(!afterR.contains("Fetched"))

            // A section opened is the front page's request: answered from the store.
            advance(minutes: 5)
            let section = try await launch(["c science"], stub: stub)
            #expect(section.requests == 0)
            #expect(section.text.contains("Top stories · Science"))
            #expect(section.text.contains("Fetched 5 minutes ago · r refreshes"))

            // Past the interval (30 minutes from r): asked again, once per section.
            advance(minutes: 26)
            let later = try await launch(stub: stub)
            #expect(later.requests == 7)

            // Counted across the restarts, and shown by ?.
            let help = try await launch(["?"], stub: stub)
            #expect(help.requests == 0)
            #expect(
                help.text.contains(
                    "NewsAPI requests today: 21 of 100 (the count starts again at midnight UTC"))
            #expect(try await countedToday()?.used == 21)
        }
    }

    @Test func atNinetyOfAHundredALaunchAsksNothingAndSaysWhyAndRStillAsks() async throws {
        try await withRunningStub { stub in
            #expect(try await launch(stub: stub).requests == 7)
            try await countRequests(83)
            // Stale by now, but held back.
            advance(minutes: 90)
            let held = try await launch(stub: stub)
            #expect(held.requests == 0)
            #expect(
                held.flat.contains(
                    "90 of 100 NewsAPI requests used today: showing headlines saved 1 hour ago"))
            // r is the reader asking: it asks.
            let asked = try await launch(["r"], stub: stub)
            #expect(asked.requests == 7)
            #expect(try await countedToday()?.used == 97)
            // r again: three more, then the limit; the rest stay as they were.
            let last = try await launch(["r"], stub: stub)
            #expect(last.requests == 3)
            #expect(last.flat.contains("All 100 NewsAPI requests of today are used"))
            #expect(last.flat.contains("none until midnight UTC"))
            #expect(try await countedToday()?.used == 100)

            // Midnight UTC: a new day, and the sections are old: asked again.
            clock.date = Date(timeIntervalSince1970: 1_800_000_000 + 16 * 3600)
            #expect(try await countedToday()?.used == 0)
            #expect(try await launch(stub: stub).requests == 7)
        }
    }

    @Test func aRateLimitedAnswerStopsRequestsUntilMidnightUTC() async throws {
        let options = NewsAPIStubServer.Options(fault: .rateLimited)
        try await withRunningStub(options) { stub in
            // 2027-01-15 23:00 UTC.
            advance(minutes: 15 * 60)
            let refused = try await launch(stub: stub)
            #expect(refused.requests >= 1 && refused.requests <= 7)
            #expect(refused.flat.contains("NewsAPI refused more requests today"))
            #expect(refused.flat.contains("none until midnight UTC"))
            // The rest of the day: nothing asked, r neither.
            advance(minutes: 30)
            let later = try await launch(["r", "/mars"], stub: stub)
            #expect(later.requests == 0)
            #expect(later.flat.contains("NewsAPI refused more requests today"))
            #expect(try await countedToday()?.refused == true)
            // 00:01 UTC: asked again.
            stub.server.setFault(nil)
            advance(minutes: 31)
            let tomorrow = try await launch(stub: stub)
            #expect(tomorrow.requests == 7)
            #expect(!tomorrow.text.contains("refused"))
        }
    }

    /// Counts `count` more requests today in the sandbox's store, as other launches would have.
    func countRequests(_ count: Int) async throws {
        let context = try await prepare()
        defer { context.close() }
        try await Self.count(count, through: try #require(context.requestBudget))
    }

    nonisolated static func count(_ count: Int, through budget: RequestBudget) async throws {
        for _ in 0..<count {
            _ = try await budget.send(.explicit) { () async throws(NewsServiceError) in 0 }
        }
    }
}
