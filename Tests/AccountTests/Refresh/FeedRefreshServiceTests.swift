import Configuration
import Feeds
import Foundation
import HTTPTestServer
import Modules
import Store
import Testing

@testable import Account

/// `newsapp refresh` and `r` in process: feeds served on 127.0.0.1, a real urls file, a real store.
@Suite(.timeLimit(.minutes(1)))
struct FeedRefreshServiceTests {
    static func urls(_ server: RawHTTPServer, _ paths: [String]) -> String {
        paths.map { server.baseURL.absoluteString + $0 }.joined(separator: "\n") + "\n"
    }

    @Test func theFeedsAreFetchedAndAPermanentMoveIsWrittenToTheFile() async throws {
        let server = try LibraryFixture.feedServer()
        let fixture = try LibraryFixture(urls: Self.urls(server, ["/space.xml", "/old.xml", "/gone.xml"]))

        let outcome = try await fixture.refresher().run()
        let again = try await fixture.refresher().run(olderThan: .seconds(3600))
        await server.stop()

        #expect(outcome.report.feeds.count == 3)
        #expect(outcome.report.newItems == 3)
        #expect(outcome.report.failedCount == 1)
        let old = server.baseURL.appendingPathComponent("old.xml")
        let new = server.baseURL.appendingPathComponent("new.xml")
        #expect(outcome.moves.map(\.from) == [old])
        #expect(outcome.moves.map(\.to) == [new])
        #expect(outcome.moveFailure == nil)
        #expect(try fixture.file.load().subscriptions.map(\.url).contains(new))
        #expect(try !fixture.file.load().subscriptions.map(\.url).contains(old))
        #expect(again.report.feeds.isEmpty)
    }

    @Test func aRulesRefreshIntervalAndNameReplaceTheConfigFiles() async throws {
        let server = try LibraryFixture.feedServer()
        let fixture = try LibraryFixture(urls: Self.urls(server, ["/space.xml always", "/earth.xml"]))
        let settings = FeedSettings(
            maxItemsPerFeed: 50,
            rules: [
                FeedRule(selector: .tag("always"), line: 1, refreshInterval: 0, maxItems: 1),
                FeedRule(selector: .title("Earth"), line: 2, rename: "Home"),
            ])

        _ = try await fixture.refresher(settings).run()
        let later = try await fixture.refresher(settings).run(
            olderThan: .seconds(3600), now: Date().addingTimeInterval(5))
        await server.stop()

        // Only the feed whose rule refreshes it every minute is due again.
        #expect(
            later.report.feeds.map(\.subscription.url) == [server.baseURL.appendingPathComponent("space.xml")]
        )
        let titles = try await fixture.store.feedSummaries(for: nil).map(\.title)
        #expect(titles.contains("Space"))
        let inForce = await fixture.library(settings).settingsInForce(FeedRules(feeds: settings))
        #expect(inForce[server.baseURL.appendingPathComponent("earth.xml")]?.rename == "Home")
    }

    @Test(arguments: [IgnoreMode.display, .download])
    func theKillfileKeepsIgnoredItemsOutOfTheLists(mode: IgnoreMode) async throws {
        let server = try LibraryFixture.feedServer()
        let fixture = try LibraryFixture(urls: Self.urls(server, ["/space.xml"]))
        let settings = FeedSettings(
            killfile: [try LibraryFixture.killing(#"title = "a""#)],
            ignoreMode: mode)

        _ = try await fixture.refresher(settings).run()
        await server.stop()

        let shown = try await fixture.store.feedArticles(
            of: [server.baseURL.appendingPathComponent("space.xml")], limit: 10)
        #expect(shown.map(\.title) == ["b"])
    }

    @Test func aFileThatCannotBeReadFailsTheRun() async throws {
        let fixture = try LibraryFixture(urls: "")
        try FileManager.default.removeItem(atPath: fixture.file.path)
        try FileManager.default.createDirectory(atPath: fixture.file.path, withIntermediateDirectories: true)
        await #expect(throws: SubscriptionsFile.Failure.self) { _ = try await fixture.refresher().run() }
    }

    @Test func aClosedStoreCostsOnlyTheItems() async throws {
        let server = try LibraryFixture.feedServer()
        let fixture = try LibraryFixture(urls: Self.urls(server, ["/earth.xml"]))
        let settings = FeedSettings(
            killfile: [try LibraryFixture.killing(#"title = "c""#)])
        try fixture.store.close()

        let outcome = try await fixture.refresher(settings).run()
        await server.stop()

        #expect(outcome.report.feeds.count == 1)
        #expect(outcome.report.newItems == 0)
    }

    @Test func theLibrarysRefreshSaysWhatItDid() async throws {
        let server = try LibraryFixture.feedServer()
        let fixture = try LibraryFixture(urls: Self.urls(server, ["/space.xml", "/old.xml", "/gone.xml"]))
        let library = fixture.library()

        let first = await library.refresh(olderThan: nil) { _ in }
        let second = await library.refresh(olderThan: .seconds(3600)) { _ in }
        await server.stop()

        #expect(first.sentence.hasPrefix("3 feeds: 2 updated, 1 failed (feeds shows why) · 3 new in "))
        #expect(first.sentence.hasSuffix(" · 1 feed moved"))
        #expect(first.newItems == 3)
        #expect(first.failed == 1)
        #expect(first.anyRefreshed)
        #expect(second.sentence == "Every feed was refreshed a moment ago.")
        #expect(!second.anyRefreshed)
    }

    @Test func anEmptyFileOrOfflineRefreshesNothing() async throws {
        let fixture = try LibraryFixture(urls: "")
        let empty = await fixture.library().refresh(olderThan: nil) { _ in }
        #expect(empty.sentence == "There are no feeds to refresh.")
        let offline = await fixture.library(offline: true).refresh(olderThan: nil) { _ in }
        #expect(offline.sentence == "NewsApp is offline (--offline), so the feeds are not refreshed.")
        #expect(!offline.anyRefreshed)
    }

    @Test func theSummaryCountsEachKindOfFeed() {
        let feed = Subscription(url: LibraryFixture.space)
        let report = RefreshReport(
            feeds: [
                FeedReport(subscription: feed, status: .updated, counts: ItemCounts(new: 1_200, updated: 0)),
                FeedReport(subscription: feed, status: .unchanged),
                FeedReport(subscription: feed, status: .skipped(until: Date())),
                FeedReport(subscription: feed, status: .failed("gone")),
            ], duration: .milliseconds(2_400))
        #expect(
            report.summary()
                == "4 feeds: 1 updated, 1 unchanged, 1 skipped (asked to wait), 1 failed (newsapp feeds shows why) · 1,200 new in 2.4 s"
        )
        let one = RefreshReport(feeds: [FeedReport(subscription: feed, status: .unchanged)], duration: .zero)
        #expect(one.summary() == "1 feed: 1 unchanged · 0 new in 0.0 s")
    }

    @Test func retentionIsMeasuredInDaysBeforeNow() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(Retention.cutoff(days: 2, now: now) == Date(timeIntervalSince1970: 1_000_000 - 172_800))
    }
}
