import Account
import Foundation
import Store
import Testing

@testable import NewsApp

/// Launch with a 100,000-article store: opening it and evicting at launch, and `newsapp headlines
/// --offline` as a whole process. Filling the store takes a minute, so these run only when
/// `NEWSAPP_MEASURE=1`; they print their timings and fail only on generous bounds.
@Suite(
    .serialized, .timeLimit(.minutes(20)),
    .enabled(if: ProcessInfo.processInfo.environment["NEWSAPP_MEASURE"] == "1"))
struct LargeStoreMeasurements {
    static let articleCount = 100_000
    static let day: TimeInterval = 86_400

    /// A store of `fresh` articles fetched now and `stale` ones fetched 40 days ago, in the
    /// sandbox's cache directory.
    func makeStore(_ sandbox: Sandbox, fresh: Int, stale: Int) async throws -> CacheDirectory {
        let directory = try #require(CacheDirectory.standard(environment: sandbox.environment))
        try directory.create()
        let clock = ManualClock(Date().addingTimeInterval(-40 * Self.day))
        let (store, _) = try NewsStore.open(at: directory.storeURL, clock: clock.function)
        let started = ContinuousClock.now
        if stale > 0 { try await StoreFixtures.fill(store, prefix: "old", count: stale) }
        clock.date = Date()
        if fresh > 0 { try await StoreFixtures.fill(store, prefix: "new", count: fresh) }
        try store.close()
        print("filled \(fresh + stale) articles in \(milliseconds(ContinuousClock.now - started)) ms")
        return directory
    }

    func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Opens the store as a launch does, returning the milliseconds it took and what is left.
    func launch(_ directory: CacheDirectory) async throws -> (ms: Int, articles: Int) {
        let started = ContinuousClock.now
        let outcome = await LocalStore.open(directory, retentionDays: 30, notices: { _ in })
        let elapsed = milliseconds(ContinuousClock.now - started)
        let store = try #require(outcome.store)
        #expect(outcome.messages.isEmpty)
        let count = try await store.stats().articleCount
        try store.close()
        return (elapsed, count)
    }

    @Test func launchWithNothingToEvict() async throws {
        let sandbox = try Sandbox()
        let directory = try await makeStore(sandbox, fresh: Self.articleCount, stale: 0)
        var timings: [Int] = []
        for _ in 0..<5 {
            let (ms, articles) = try await launch(directory)
            #expect(articles == Self.articleCount)
            timings.append(ms)
        }
        print("launch (open + evict), 100k fresh articles, nothing evicted: \(timings) ms")
        #expect(timings.min()! < 500)

        var runs: [Int] = []
        for _ in 0..<5 {
            let started = ContinuousClock.now
            let run = try await sandbox.run(
                ["headlines", "--offline"],
                extra: ["NEWSAPI_KEY": "test-key", "NEWSAPI_BASE_URL": "http://127.0.0.1:9"])
            runs.append(milliseconds(ContinuousClock.now - started))
            #expect(run.status == 0)
            #expect(run.err == "")
            #expect(run.out.hasPrefix("Top headlines · All categories · 20 of 100000 articles · offline"))
        }
        print("newsapp headlines --offline, 100k articles (whole process): \(runs) ms")
    }

    @Test func launchEvictingATenthOfTheStore() async throws {
        let sandbox = try Sandbox()
        let stale = Self.articleCount / 10
        let directory = try await makeStore(sandbox, fresh: Self.articleCount - stale, stale: stale)
        var launches: [Int] = []
        var left = Self.articleCount
        while left > Self.articleCount - stale {
            let (ms, articles) = try await launch(directory)
            launches.append(ms)
            #expect(articles == max(left - LocalStore.launchEvictionLimit, Self.articleCount - stale))
            left = articles
        }
        print("launches (open + evict), 100k articles of which 10k stale, until none is: \(launches) ms")
        let (again, _) = try await launch(directory)
        print("next launch, 90k articles, nothing evicted: \(again) ms")
        #expect(launches.max()! < 1_000)
    }

    @Test func aWholeStaleStoreIsEvictedInSteps() async throws {
        let sandbox = try Sandbox()
        let directory = try await makeStore(sandbox, fresh: 0, stale: Self.articleCount)
        let started = ContinuousClock.now
        let outcome = await LocalStore.open(directory, retentionDays: 30, notices: { _ in })
        let launch = milliseconds(ContinuousClock.now - started)
        let store = try #require(outcome.store)
        let cutoff = try #require(outcome.evictionLeft)
        #expect(try await store.stats().articleCount == Self.articleCount - LocalStore.launchEvictionLimit)
        let background = ContinuousClock.now
        await LocalStore.evictRemaining(store, olderThan: cutoff)
        let rest = milliseconds(ContinuousClock.now - background)
        #expect(try await store.stats().articleCount == 0)
        print(
            "launch with 100k stale articles: \(launch) ms (2,000 evicted); the other 98,000 in the background: \(rest) ms"
        )
        #expect(launch < 1_000)
        try store.close()
    }
}
