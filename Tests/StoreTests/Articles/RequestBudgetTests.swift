import Foundation
import NewsModels
import Testing

@testable import Store

/// NewsAPI's daily quota as the store keeps it: requests counted per UTC day on a real SQLite
/// file, held back near the limit and once spent, a day refused by NewsAPI, midnight UTC, a
/// restart, two instances at once; and which stored pages answer without a request.
@Suite("RequestBudget")
struct RequestBudgetTests {
    /// 2027-01-15 08:00:00 UTC.
    private let clock = TestClock()
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func budget(
        _ store: NewsStore, limit: Int = 100, refresh: RequestBudget.Refresh = .auto, minutes: Double = 30
    ) -> RequestBudget {
        RequestBudget(
            store: store, dailyLimit: limit, refresh: refresh, refreshInterval: minutes * 60,
            clock: clock.function)
    }

    /// Makes `count` requests of `trigger` that succeed; returns how many were made.
    @discardableResult
    private func make(_ count: Int, _ trigger: RequestTrigger = .automatic, through budget: RequestBudget)
        async -> Int
    {
        var made = 0
        for _ in 0..<count {
            let sent: Bool? = try? await budget.send(trigger) { () async throws(NewsServiceError) in true }
            if sent == true { made += 1 }
        }
        return made
    }

    /// The error `send` throws for one more request of `trigger`, if any.
    private func refusal(_ trigger: RequestTrigger, through budget: RequestBudget) async -> NewsServiceError?
    {
        do {
            _ = try await budget.send(trigger) { () async throws(NewsServiceError) in true }
            return nil
        } catch {
            return error
        }
    }

    @Test func requestsAreCountedPerUTCDayAndTheCountStartsAgainAtMidnight() async throws {
        let store = try NewsStore.openClean(directory.storeURL, clock: clock)
        let budget = budget(store)
        #expect(await make(12, through: budget) == 12)
        #expect(await budget.today()?.used == 12)
        // 2027-01-15 23:59:59 UTC: the same day.
        clock.advance(by: 16 * 3600 - 1)
        #expect(await make(3, through: budget) == 3)
        let late = try #require(await budget.today())
        #expect(late.used == 15)
        #expect(late.resetsAt == Date(timeIntervalSince1970: 1_800_000_000 + 16 * 3600))
        // Midnight UTC: a new day.
        clock.advance(by: 1)
        #expect(await budget.today()?.used == 0)
        #expect(await make(1, through: budget) == 1)
        #expect(await budget.today()?.used == 1)
        try store.close()
    }

    @Test func fromNinetyPercentOnlyTheReadersRequestsAreMadeAndNoneAtTheLimit() async throws {
        let store = try NewsStore.openClean(directory.storeURL, clock: clock)
        let budget = budget(store)
        #expect(await make(95, through: budget) == 90)
        let held = try #require(await refusal(.automatic, through: budget)?.heldRequests)
        #expect(held.used == 90 && held.limit == 100 && !held.isSpent && held.isNearLimit)
        #expect(
            held.sentence == "90 of 100 NewsAPI requests used today: NewsApp asks only when you type r.")
        // The reader's own requests go, up to the limit.
        #expect(await make(15, .explicit, through: budget) == 10)
        let spent = try #require(await refusal(.explicit, through: budget)?.heldRequests)
        #expect(spent.used == 100 && spent.isSpent)
        #expect(
            spent.sentence.hasPrefix(
                "All 100 NewsAPI requests of today are used: NewsApp asks again after midnight UTC"))
        #expect(await budget.today()?.used == 100)
        // A small plan: 9 of 10 is near.
        #expect(DailyRequests.nearLimit(of: 10) == 9)
        #expect(DailyRequests.nearLimit(of: 1) == 1)
        try store.close()
    }

    @Test func aRateLimitedAnswerSpendsTheDayUntilMidnightUTC() async throws {
        let store = try NewsStore.openClean(directory.storeURL, clock: clock)
        let budget = budget(store)
        await make(3, through: budget)
        var answered = 0
        do {
            _ = try await budget.send(.automatic) { () async throws(NewsServiceError) -> Bool in
                answered += 1
                throw .api(code: "rateLimited", message: "Too many requests.")
            }
            Issue.record("the 429 was not thrown")
        } catch {
            // Said as the day held until midnight, not as NewsAPI's message.
            let day = try #require(error.heldRequests)
            #expect(day.refused && day.isSpent && day.used == 4)
            #expect(error.sentence.hasPrefix("NewsAPI refused more requests today (4 counted here, of 100)"))
            #expect(error.sentence.contains("after midnight UTC"))
        }
        #expect(answered == 1)
        // No more that day, not even the reader's own.
        #expect(await make(2, .explicit, through: budget) == 0)
        #expect(await refusal(.explicit, through: budget)?.heldRequests?.refused == true)
        clock.advance(by: 16 * 3600)
        #expect(await make(2, .automatic, through: budget) == 2)
        #expect(
            await budget.today()
                == DailyRequests(
                    used: 2, limit: 100, resetsAt: Date(timeIntervalSince1970: 1_800_000_000 + 40 * 3600)))
        try store.close()
    }

    @Test func anHTTP429WithoutABodyAndAnExhaustedKeySpendTheDayToo() async throws {
        for error in [
            NewsServiceError.server(status: 429, host: "newsapi.org"),
            .api(code: "apiKeyExhausted", message: "No requests left."),
        ] {
            let store = try NewsStore.testing(clock)
            let budget = budget(store)
            _ = try? await budget.send(.explicit) { () async throws(NewsServiceError) -> Bool in throw error }
            #expect(await budget.today()?.refused == true, "\(error)")
        }
    }

    @Test func aRequestThatNeverLeftIsNotCountedAndOtherFailuresAre() async throws {
        let store = try NewsStore.testing(clock)
        let budget = budget(store)
        let notSent: [NewsServiceError] = [
            .transport(.connectionRefused, host: "newsapi.org"),
            .transport(.hostNotFound, host: "newsapi.org"),
            .transport(.notConnectedToInternet, host: "newsapi.org"),
            .unavailable("The search is 600 characters long."),
        ]
        for error in notSent {
            _ = try? await budget.send(.automatic) { () async throws(NewsServiceError) -> Bool in throw error
            }
        }
        #expect(await budget.today()?.used == 0)
        let sent: [NewsServiceError] = [
            .transport(.timedOut, host: "newsapi.org"), .server(status: 500, host: "newsapi.org"),
            .api(code: "apiKeyInvalid", message: "Invalid."), .cancelled,
        ]
        for error in sent {
            _ = try? await budget.send(.automatic) { () async throws(NewsServiceError) -> Bool in throw error
            }
        }
        #expect(await budget.today()?.used == 4)
        #expect(await budget.today()?.refused == false)
    }

    @Test func theCountSurvivesARestart() async throws {
        let first = try NewsStore.openClean(directory.storeURL, clock: clock)
        await make(42, through: budget(first))
        try first.close()
        let again = try NewsStore.openClean(directory.storeURL, clock: clock)
        #expect(await budget(again).today()?.used == 42)
        // Another limit in the config file: the same count, against it.
        #expect(await budget(again, limit: 40).today()?.isSpent == true)
        try again.close()
    }

    @Test func twoInstancesOnOneFileCountEveryRequestOnceAndNeverPassTheLimit() async throws {
        let first = try NewsStore.openClean(directory.storeURL, clock: clock)
        let second = try NewsStore.openClean(directory.storeURL, clock: clock)
        let made = await withTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                let budget = budget(index.isMultiple(of: 2) ? first : second, limit: 100)
                group.addTask { await make(30, .explicit, through: budget) }
            }
            return await group.reduce(0, +)
        }
        // 240 asked for, 100 allowed: exactly the limit made, and counted once each.
        #expect(made == 100)
        #expect(await budget(first).today()?.used == 100)
        #expect(await budget(second).today()?.used == 100)
        try first.close()
        try second.close()
    }

    @Test func daysOlderThanAMonthGoAsANewDayIsCounted() async throws {
        let store = try NewsStore.testing(clock)
        let budget = budget(store)
        await make(5, through: budget)
        clock.advance(by: 40 * 86_400)
        await make(1, through: budget)
        let days = try await store.read { db in try String.fetchAll(db, sql: "SELECT day FROM requestDay") }
        #expect(days == [RequestBudget.day(of: clock.date)])
        #expect(days == ["2027-02-24"])
    }

    // MARK: Freshness

    private func storedPage(savedMinutesAgo minutes: Double) -> ArticlePage {
        var page = Fixture.page(Fixture.articles("s", count: 3))
        page.origin = .store(savedAt: clock.date.addingTimeInterval(-minutes * 60), reason: .stale)
        return page
    }

    @Test func whichStoredPagesAnswerWithoutARequest() throws {
        let store = try NewsStore.testing(clock)
        let auto = budget(store)
        #expect(auto.answers(storedPage(savedMinutesAgo: 12), trigger: .automatic))
        #expect(!auto.answers(storedPage(savedMinutesAgo: 12), trigger: .explicit))
        #expect(!auto.answers(storedPage(savedMinutesAgo: 30), trigger: .automatic))
        #expect(!auto.answers(storedPage(savedMinutesAgo: 45), trigger: .automatic))
        // Saved "in the future" by a clock since moved back: asked again.
        #expect(!auto.answers(storedPage(savedMinutesAgo: -120), trigger: .automatic))
        #expect(!auto.answers(Fixture.page(Fixture.articles("n", count: 1)), trigger: .automatic))
        let manual = budget(store, refresh: .manual)
        #expect(manual.answers(storedPage(savedMinutesAgo: 60 * 24 * 3), trigger: .automatic))
        #expect(!manual.answers(storedPage(savedMinutesAgo: 1), trigger: .explicit))
        let always = budget(store, refresh: .always)
        #expect(!always.answers(storedPage(savedMinutesAgo: 1), trigger: .automatic))
    }
}

/// ``CachingNewsService`` with a ``RequestBudget``: fresh pages answer without the network, the
/// reader's `r` asks, paging past what is stored asks, and requests held for the quota stand in
/// as refusals.
@Suite("CachingNewsService within the daily quota")
struct CachingWithinQuotaTests {
    private let clock = TestClock()
    private let science = HeadlinesRequest(country: "us", category: .science, page: 1, pageSize: 20)

    private func service(
        _ wrapped: ScriptedNewsService, store: NewsStore, limit: Int = 100,
        refresh: RequestBudget.Refresh = .auto
    ) -> CachingNewsService {
        CachingNewsService(
            wrapping: wrapped, store: store,
            budget: RequestBudget(store: store, dailyLimit: limit, refresh: refresh, clock: clock.function))
    }

    @Test func aSectionStoredWithinTheIntervalIsAnsweredFromTheStoreAndRAsks() async throws {
        let store = try NewsStore.testing(clock)
        let network = ScriptedNewsService([
            .page(Fixture.page(Fixture.articles("a", count: 3))),
            .page(Fixture.page(Fixture.articles("b", count: 3))),
            .page(Fixture.page(Fixture.articles("c", count: 3))),
        ])
        let caching = service(network, store: store)
        let first = try await caching.topHeadlines(science)
        #expect(first.origin == .network)
        clock.advance(by: 12 * 60)
        // Within the interval: the stored copy, marked fresh with when it was fetched, and no
        // stale copy offered first (it is the answer itself).
        #expect(await caching.storedHeadlines(science) == nil)
        let fresh = try await caching.topHeadlines(science)
        #expect(fresh.urls == first.urls)
        #expect(fresh.stored?.reason == .fresh)
        #expect(fresh.stored?.savedAt == clock.date.addingTimeInterval(-12 * 60))
        #expect(network.calls.count == 1)
        // r: asked, counted.
        var explicit = science
        explicit.trigger = .explicit
        #expect(await caching.storedHeadlines(explicit) != nil)
        #expect(try await caching.topHeadlines(explicit).origin == .network)
        // Past the interval: asked again, and the stale copy is offered while it is.
        clock.advance(by: 31 * 60)
        #expect(await caching.storedHeadlines(science) != nil)
        #expect(try await caching.topHeadlines(science).origin == .network)
        #expect(
            network.calls == [
                "headlines science page 1", "headlines science page 1", "headlines science page 1",
            ])
        #expect(await caching.budget?.today()?.used == 3)
    }

    @Test func pagingPastWhatIsStoredAsks() async throws {
        let store = try NewsStore.testing(clock)
        let network = ScriptedNewsService([
            .page(Fixture.page(Fixture.articles("p1", count: 20), totalResults: 60)),
            .page(Fixture.page(Fixture.articles("p2", count: 20), page: 2, totalResults: 60)),
        ])
        let caching = service(network, store: store)
        _ = try await caching.topHeadlines(science)
        var second = science
        second.page = 2
        #expect(try await caching.topHeadlines(second).origin == .network)
        // Both stored now: neither is asked again within the interval.
        #expect(try await caching.topHeadlines(second).stored?.reason == .fresh)
        #expect(try await caching.topHeadlines(science).stored?.reason == .fresh)
        #expect(network.calls == ["headlines science page 1", "headlines science page 2"])
    }

    @Test func aRequestHeldForTheQuotaShowsTheStoredCopyOrSaysWhy() async throws {
        let store = try NewsStore.testing(clock)
        let network = ScriptedNewsService([.page(Fixture.page(Fixture.articles("a", count: 3)))])
        let caching = service(network, store: store, limit: 10)
        _ = try await caching.topHeadlines(science)
        let budget = try #require(caching.budget)
        for _ in 0..<8 { _ = try? await budget.send(.explicit) { () async throws(NewsServiceError) in 0 } }
        clock.advance(by: 3600)
        let held = try await caching.topHeadlines(science)
        #expect(held.stored?.reason == .refused(.requestsHeld(try #require(await budget.today()))))
        #expect(held.articles.count == 3)
        // Nothing stored: the reason, thrown.
        await #expect(throws: NewsServiceError.self) {
            try await caching.search(SearchRequest(query: "mars", language: "en"))
        }
        #expect(network.calls.count == 1)
        #expect(await budget.today()?.used == 9)
    }

    @Test func withoutABudgetEveryRequestGoesAsBefore() async throws {
        let store = try NewsStore.testing(clock)
        let network = ScriptedNewsService([
            .page(Fixture.page(Fixture.articles("a", count: 3))),
            .page(Fixture.page(Fixture.articles("a", count: 3))),
        ])
        let caching = CachingNewsService(wrapping: network, store: store)
        _ = try await caching.topHeadlines(science)
        #expect(try await caching.topHeadlines(science).origin == .network)
        #expect(network.calls.count == 2)
        #expect(try await store.requestDay(RequestBudget.day(of: clock.date)) == NewsStore.RequestDay())
    }
}
