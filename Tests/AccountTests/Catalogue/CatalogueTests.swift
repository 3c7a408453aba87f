import Configuration
import Feeds
import FilterLanguage
import Foundation
import NewsModels
import Store
import Sync
import Testing

@testable import Account

/// The account's list of feeds over a real store: the urls file's lines, the service's feeds, the
/// query feeds' counts, and the settings and names the rules give.
@Suite struct CatalogueTests {
    static func feeds(_ catalogue: Catalogue) -> [CatalogueFeed] {
        catalogue.lines.compactMap { if case .feed(let feed) = $0 { feed } else { nil } }
    }

    @Test func theFilesLinesInOrderWithTheQueriesCounts() async throws {
        let fixture = try await StoreFeedLibraryTests.fixture()
        let file = try fixture.file.load()
        let rules = FeedRules(
            feeds: FeedSettings(rules: [
                FeedRule(selector: .url("https://feeds.example/earth.xml"), line: 1, rename: "Earth")
            ]))

        let catalogue = try await Catalogue.load(file, store: fixture.store, service: nil, rules: rules)

        #expect(catalogue.lines.count == 3)
        #expect(Self.feeds(catalogue).map(\.title) == ["Space", "Earth"])
        #expect(Self.feeds(catalogue).map(\.stored?.itemCount) == [2, 1])
        guard case .query(let query) = catalogue.lines.last else {
            Issue.record("expected the query feed last")
            return
        }
        #expect(query.query.name == "Unread")
        #expect(query.items == 3)
        #expect(query.unread == 3)
    }

    @Test func theServicesFeedsAreTheServicesAndComeAfterTheFiles() async throws {
        let store = try NewsStore.inMemory()
        let storage = StoreSyncStorage(store: store)
        let other = ServiceFeed(
            streamID: "feed/2", url: URL(string: "https://other.example/feed.xml")!, title: "Other",
            labels: [])
        _ = try await storage.applySubscriptions([AccountFixtures.serviceFeed, other])
        let file = UrlsFile(text: "https://feeds.example/space.xml\nhttps://service.example/feed.xml mine\n")

        let catalogue = try await Catalogue.load(
            file, store: store, service: "service.example", rules: FeedRules(feeds: FeedSettings()))
        let feeds = Self.feeds(catalogue)

        #expect(feeds.map(\.subscription.url.host) == ["feeds.example", "service.example", "other.example"])
        #expect(feeds.map(\.service) == [nil, "service.example", "service.example"])
        #expect(feeds[1].subscription.tags == ["News"])
        #expect(feeds.map(\.settings?.maxItems) == Array(repeating: FeedSettings().maxItemsPerFeed, count: 3))
    }

    @Test func aFeedsTitleIsARulesNameThenTheUsersThenItsOwnThenItsHost() {
        let url = URL(string: "https://feeds.example/space.xml")!
        let stored = StoredFeedSummary(url: url, title: "Own")
        let inForce = FeedRules.InForce(
            refreshInterval: 1, fullText: .auto, maxItems: 1, images: .auto, rename: "Rule")
        #expect(
            CatalogueFeed(
                subscription: Subscription(url: url, title: "Mine"), stored: stored, settings: inForce
            ).title == "Rule")
        #expect(
            CatalogueFeed(subscription: Subscription(url: url, title: "Mine"), stored: stored).title == "Mine"
        )
        #expect(CatalogueFeed(subscription: Subscription(url: url), stored: stored).title == "Own")
        #expect(
            CatalogueFeed(
                subscription: Subscription(url: url), stored: StoredFeedSummary(url: url, title: "")
            ).title == "feeds.example")
        let command = UrlsFile(text: "\"exec:echo hi\"\n").subscriptions[0]
        #expect(CatalogueFeed(subscription: command, stored: nil).title == command.shownAddress)
    }

    @Test func theMostSpecificRuleWinsSettingBySetting() {
        let url = URL(string: "https://feeds.example/space.xml")!
        let rules = FeedRules(
            feeds: FeedSettings(
                maxItemsPerFeed: 100, refreshInterval: 30,
                rules: [
                    FeedRule(
                        selector: .tag("space"), line: 1, refreshInterval: 10, maxItems: 5, images: .off),
                    FeedRule(selector: .title("Space"), line: 2, maxItems: 7),
                    FeedRule(selector: .url(url.absoluteString), line: 3, fullText: .on, rename: "Cosmos"),
                ]), fullText: .off, images: .auto)
        let subscription = Subscription(url: url, tags: ["space"])

        let inForce = rules.settings(for: subscription, title: "Space")

        #expect(
            inForce
                == FeedRules.InForce(
                    refreshInterval: 10, fullText: .on, maxItems: 7, images: .off, rename: "Cosmos"))
        #expect(rules.renamed(subscription, title: "Space").title == "Cosmos")
        let plain = Subscription(url: URL(string: "https://other.example/")!)
        #expect(rules.renamed(plain, title: "Other") == plain)
        #expect(rules.settings(for: plain, title: "Other").fullText == .off)
        #expect(!rules.isEmpty)
        #expect(FeedRules(settings: Settings()).isEmpty)
    }

    @Test func theKillfileOverTheFeedsIsTheStoresHiding() async throws {
        let fixture = try await StoreFeedLibraryTests.fixture()
        let context = try await FeedFilterContext.load(try fixture.file.load(), store: fixture.store)
        let expression = try FilterParser.parse(#"title = "Item a""#)
        let killfile = [
            KillRule(feed: nil, text: "", expression: expression),
            KillRule(feed: "https://feeds.example/space.xml", text: "", expression: expression),
            KillRule(feed: "https://elsewhere.example/", text: "", expression: expression),
        ]

        #expect(context.hiding([], mode: .display) == nil)
        let display = try #require(context.hiding(killfile, mode: .display))
        #expect(display.rules.map(\.feed) == [nil, LibraryFixture.space])
        #expect(display.rules.allSatisfy { !$0.onlySynced })
        #expect(context.hiding(killfile, mode: .download)?.rules.allSatisfy(\.onlySynced) == true)
        #expect(context.feeds[LibraryFixture.earth]?.index == 2)
        #expect(
            context.filter(nil, among: [LibraryFixture.earth]).feeds.keys.sorted {
                $0.absoluteString < $1.absoluteString
            } == [LibraryFixture.earth])
        #expect(context.query(at: LibraryFixture.space) == nil)
        #expect(context.query(at: QueryFeed.url(named: "Unread"))?.name == "Unread")
    }
}
