import Configuration
import Feeds
import FilterLanguage
import Foundation
import Logging
import ReaderAPIStub
import Store
import TestSupport
import Testing

@testable import Account

/// The killfile and query feeds over synced items, which are feeds' items like any other: new
/// items a rule names arrive hidden in either mode (the service keeps them and their marks, so
/// they are stored, not left out), a rule's change judges them again, and query feeds and rules
/// see the service's feeds with their labels as tags.
@Suite(.timeLimit(.minutes(3)))
struct SyncKillfileTests {
    @Test func inDownloadModeTheItemsARuleNamesArriveHiddenNowAndLater() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 2, items: 5)).whileRunning {
            server in
            var harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            harness.settings.killfile = [try Self.rule(nil, #"title == "Item 2""#)]
            #expect(harness.settings.ignoreMode == .download)
            let first = await harness.sync()
            #expect(first.error == nil && first.newItems == 10)
            #expect(try await harness.store.hiddenItemCount() == 2)
            let feeds = try await harness.store.feedSummaries(for: nil)
            #expect(feeds.map(\.unreadCount).reduce(0, +) == 8)
            let shown = try await harness.store.feedArticles(of: feeds.map(\.url), limit: 100)
            #expect(shown.count == 8 && !shown.contains { $0.title == "Item 2" })

            let stream = server.account { $0.feeds[0].streamID }
            server.account { $0.addItems(to: stream, count: 3) }
            let second = await harness.sync()
            #expect(second.newItems == 3)
            #expect(try await harness.store.hiddenItemCount() == 3)
            // The service's marks still reach a hidden item: nothing was left out.
            #expect(
                try await harness.store.missingSyncItems(among: server.account { $0.items.map(\.id) }).isEmpty
            )
        }
    }

    @Test func inDisplayModeRulesNameTheServicesFeedsByAddressAndLabel() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 2, items: 5)).whileRunning {
            server in
            var harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            harness.settings.ignoreMode = .display
            harness.settings.killfile = [
                try Self.rule("https://feed2.example/rss", #"title =~ "Item [13]""#),
                try Self.rule(nil, #"tags # "Space" and title == "Item 5""#),
            ]
            #expect(await harness.sync().error == nil)
            let hidden = try await Self.hiddenTitles(harness.store, server: server)
            #expect(hidden == ["feed1.example Item 5", "feed2.example Item 1", "feed2.example Item 3"])
        }
    }

    @Test func changingTheRulesJudgesTheSyncedItemsAgainInEitherMode() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 2, items: 5)).whileRunning {
            server in
            var harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            harness.settings.killfile = [try Self.rule(nil, #"title == "Item 2""#)]
            #expect(await harness.sync().error == nil)
            #expect(try await harness.store.hiddenItemCount() == 2)

            var settings = harness.settings
            settings.killfile = [try Self.rule(nil, #"tags # "Local""#)]
            try await Self.refresher(harness.store, settings: settings).applyHidingRules(UrlsFile(text: ""))
            #expect(
                try await Self.hiddenTitles(harness.store, server: server).allSatisfy {
                    $0.hasPrefix("feed2.example")
                })
            #expect(try await harness.store.hiddenItemCount() == 5)

            settings.killfile = []
            try await Self.refresher(harness.store, settings: settings).applyHidingRules(UrlsFile(text: ""))
            #expect(try await harness.store.hiddenItemCount() == 0)
        }
    }

    @Test func aQueryFeedReadsTheSyncedFeedsWithTheirLabelsAsTags() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 2, items: 5)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            let context = try await FeedFilterContext.load(UrlsFile(text: ""), store: harness.store)
            #expect(context.feeds.count == 2)
            #expect(context.feeds.values.map(\.index).sorted() == [1, 2])
            let local = context.filter(try FilterParser.parse(#"tags # "Local""#))
            let items = try await harness.store.filteredFeedArticles(local, limit: 100)
            #expect(items.count == 5)
            #expect(Set(items.map { $0.url.host() }) == ["feed2.example"])
        }
    }

    // MARK: - Support

    static func rule(_ feed: String?, _ text: String) throws -> KillRule {
        KillRule(feed: feed, text: text, expression: try FilterParser.parse(text))
    }

    static func refresher(_ store: NewsStore, settings: FeedSettings) throws -> FeedRefreshService {
        let directory = try TemporaryDirectory()
        return FeedRefreshService(
            subscriptions: SubscriptionsFile(path: directory.path + "/urls"), store: store,
            settings: settings,
            retentionDays: 30, logger: .init(label: "feeds") { _ in SwiftLogNoOpLogHandler() })
    }

    /// "HOST TITLE" of every item the service holds that the store does not show, sorted.
    static func hiddenTitles(_ store: NewsStore, server: ReaderAPIStubServer) async throws -> [String] {
        let held = server.account { account in
            account.items.map { item in
                let feed = account.feeds.first { $0.id == item.feed }
                return "\(URL(string: feed?.url ?? "")?.host() ?? "") \(item.title)"
            }
        }
        var shown: [String] = []
        for feed in try await store.feedSummaries(for: nil) {
            shown += try await store.feedArticles(of: [feed.url], limit: 100).map {
                "\(feed.url.host() ?? "") \($0.title)"
            }
        }
        return held.filter { !shown.contains($0) }.sorted()
    }
}
