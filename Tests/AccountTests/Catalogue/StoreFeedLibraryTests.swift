import Configuration
import Feeds
import Foundation
import Modules
import NewsModels
import Store
import Testing

@testable import Account

/// The screens' feed library over a real urls file and a real store: what it lists, what each
/// scope holds, and marking read.
@Suite(.timeLimit(.minutes(1)))
struct StoreFeedLibraryTests {
    static let urls = """
        https://feeds.example/space.xml space
        https://feeds.example/earth.xml
        "query:Unread:unread = \\"yes\\"" news
        """

    /// The space feed with items a and b, the earth feed with c, and the query feed of unread items.
    static func fixture() async throws -> LibraryFixture {
        let fixture = try LibraryFixture(urls: urls)
        try await AccountFixtures.recordFeed(LibraryFixture.space, items: ["a", "b"], in: fixture.store)
        try await AccountFixtures.recordFeed(LibraryFixture.earth, items: ["c"], in: fixture.store)
        return fixture
    }

    @Test func theFeedsAreTheFilesLinesWithTheirCountsAndTheQueryFeeds() async throws {
        let fixture = try await Self.fixture()
        let feeds = try await fixture.library().feeds()
        try #require(feeds.count == 3)

        #expect(
            feeds.map(\.url) == [LibraryFixture.space, LibraryFixture.earth, QueryFeed.url(named: "Unread")])
        #expect(feeds.map(\.itemCount) == [2, 1, 3])
        #expect(feeds.map(\.unreadCount) == [2, 1, 3])
        #expect(feeds[0].tags == ["space"])
        #expect(feeds[2].title == "Unread")
        #expect(feeds[2].query == #"unread = "yes""#)
        #expect(feeds[0].service == nil)
    }

    @Test func theSectionsAreTheTagsThenTheQueriesThenTheUntaggedFeeds() async throws {
        let fixture = try await Self.fixture()
        let sections = try await fixture.library().sections(itemsEach: 10)

        #expect(sections.map(\.title) == ["space", "Unread", "Feeds"])
        #expect(sections.map(\.unreadCount) == [2, 3, 1])
        #expect(sections.map(\.items.count) == [2, 3, 1])
        try #require(sections.count == 3)
        #expect(sections[0].scope == .tag("space"))
        #expect(sections[2].scope == .untagged)
    }

    @Test func anEmptyFileHasNoSections() async throws {
        let fixture = try LibraryFixture(urls: "# nothing yet\n")
        #expect(try await fixture.library().sections(itemsEach: 5).isEmpty)
        #expect(try await fixture.library().feeds().isEmpty)
    }

    @Test func eachScopeHoldsItsFeedsItemsAPageAtATime() async throws {
        let fixture = try await Self.fixture()
        let library = fixture.library()

        let first = try await library.items(
            in: .feed(LibraryFixture.space), unreadOnly: false, page: 1, pageSize: 1)
        #expect(first.articles.count == 1)
        #expect(first.totalResults == 2)
        let second = try await library.items(
            in: .feed(LibraryFixture.space), unreadOnly: false, page: 2, pageSize: 1)
        #expect(second.articles.count == 1)
        #expect(second.articles.first?.id != first.articles.first?.id)
        #expect(
            try await library.items(in: .tag("space"), unreadOnly: true, page: 1, pageSize: 10).totalResults
                == 2)
        #expect(
            try await library.items(in: .untagged, unreadOnly: false, page: 1, pageSize: 10).totalResults == 1
        )
        #expect(try await library.items(in: .all, unreadOnly: false, page: 1, pageSize: 10).totalResults == 3)
        let query = try await library.items(
            in: .feed(QueryFeed.url(named: "Unread")), unreadOnly: false, page: 1, pageSize: 10)
        #expect(query.totalResults == 3)
    }

    @Test func aFilterNarrowsAScopeAndAQueryFeed() async throws {
        let fixture = try await Self.fixture()
        let library = fixture.library()

        let filtered = try await library.items(
            in: .filtered(.all, expression: #"title = "Item a""#), unreadOnly: false, page: 1, pageSize: 10)
        #expect(filtered.articles.map(\.title) == ["Item a"])
        let inQuery = try await library.items(
            in: .filtered(.feed(QueryFeed.url(named: "Unread")), expression: #"title = "Item c""#),
            unreadOnly: true,
            page: 1, pageSize: 10)
        #expect(inQuery.articles.map(\.title) == ["Item c"])
        #expect(inQuery.totalResults == 1)
    }

    @Test func aScopeThatNamesNothingIsOneSentence() async throws {
        let fixture = try await Self.fixture()
        let library = fixture.library()

        await #expect(
            throws: FeedLibraryError(
                "No feed has the tag “nowhere”: feeds shows each feed’s tags.", retryHelps: false)
        ) {
            _ = try await library.items(in: .tag("nowhere"), unreadOnly: false, page: 1, pageSize: 10)
        }
        await #expect(throws: FeedLibraryError("There is no query feed “Gone” any more.")) {
            _ = try await library.items(
                in: .feed(QueryFeed.url(named: "Gone")), unreadOnly: false, page: 1, pageSize: 10)
        }
        do throws(FeedLibraryError) {
            _ = try await library.items(
                in: .filtered(.all, expression: "title = "), unreadOnly: false, page: 1, pageSize: 10)
            Issue.record("a filter that does not read was accepted")
        } catch {
            #expect(!error.sentence.isEmpty)
        }
    }

    @Test func aFileThatCannotBeReadIsTheLibrarysError() async throws {
        let fixture = try LibraryFixture(urls: "")
        try FileManager.default.removeItem(atPath: fixture.file.path)
        try FileManager.default.createDirectory(atPath: fixture.file.path, withIntermediateDirectories: true)
        let library = fixture.library()

        await #expect(throws: FeedLibraryError.self) { _ = try await library.feeds() }
        await #expect(throws: FeedLibraryError.self) { _ = try await library.sections(itemsEach: 1) }
        #expect(await library.nextUnread(after: nil, in: .all) == nil)
        #expect(await library.settingsInForce(FeedRules(feeds: FeedSettings())).isEmpty)
        let summary = await library.refresh(olderThan: nil) { _ in }
        #expect(summary.failed == 1)
        #expect(summary.sentence.contains("urls"))
    }

    @Test func aClosedStoreIsTheLibrarysError() async throws {
        let fixture = try await Self.fixture()
        try fixture.store.close()
        await #expect(throws: FeedLibraryError.self) { _ = try await fixture.library().feeds() }
        await #expect(throws: FeedLibraryError.self) {
            _ = try await fixture.library().items(in: .all, unreadOnly: false, page: 1, pageSize: 5)
        }
    }

    @Test func markingAllReadCanBeUndone() async throws {
        let fixture = try await Self.fixture()
        let library = fixture.library()

        #expect(try await library.markAllRead(in: .feed(LibraryFixture.space)) == 2)
        #expect(try await library.items(in: .all, unreadOnly: true, page: 1, pageSize: 10).totalResults == 1)
        let marking = try await library.markAllReadUndoably(in: .all)
        #expect(marking.count == 1)
        #expect(marking.time != nil)
        #expect(try await library.items(in: .all, unreadOnly: true, page: 1, pageSize: 10).totalResults == 0)
        #expect(try await library.undo(marking) == 1)
        #expect(
            try await library.items(in: .untagged, unreadOnly: true, page: 1, pageSize: 10).totalResults == 1)
        #expect(try await library.undo(ReadMarking(count: 0, time: nil)) == 0)
        #expect(try await library.markAllReadUndoably(in: .feed(LibraryFixture.space)).time == nil)
    }

    @Test func oneItemIsMarkedReadAndUnreadButOnlyAFeedsItem() async throws {
        let fixture = try await Self.fixture()
        let library = fixture.library()
        let item = try #require(
            try await AccountFixtures.articles(of: LibraryFixture.earth, in: fixture.store).first)

        try await library.setRead(item, read: true)
        #expect(
            try await library.items(in: .untagged, unreadOnly: true, page: 1, pageSize: 10).totalResults == 0)
        try await library.setRead(item, read: false)
        #expect(
            try await library.items(in: .untagged, unreadOnly: true, page: 1, pageSize: 10).totalResults == 1)
        await #expect(throws: FeedLibraryError("Only a feed's items can be marked unread.")) {
            try await library.setRead(AccountFixtures.article("wire"), read: true)
        }
    }

    @Test func theNextUnreadItemIsInTheSameFeedThenTheFeedsAfterIt() async throws {
        let fixture = try await Self.fixture()
        let library = fixture.library()

        let first = try #require(await library.nextUnread(after: nil, in: .feed(LibraryFixture.space)))
        #expect(first.feedItem?.feed == LibraryFixture.space)
        _ = try await library.markAllRead(in: .feed(LibraryFixture.space))
        let next = try #require(await library.nextUnread(after: first, in: .feed(LibraryFixture.space)))
        #expect(next.title == "Item c")
        let filtered = await library.nextUnread(
            after: nil, in: .filtered(.all, expression: #"title = "Item c""#))
        #expect(filtered?.title == "Item c")
        _ = try await library.markAllRead(in: .all)
        #expect(await library.nextUnread(after: next, in: .feed(LibraryFixture.earth)) == nil)
        #expect(await library.nextUnread(after: nil, in: .tag("nowhere")) == nil)
        #expect(await library.nextUnread(after: nil, in: .tag("space")) == nil)
    }

    @Test func theRulesSettingsAreGivenForEachFeed() async throws {
        let fixture = try await Self.fixture()
        let rules = FeedRules(
            feeds: FeedSettings(rules: [
                FeedRule(
                    selector: .url(LibraryFixture.space.absoluteString), line: 1, maxItems: 7,
                    rename: "Cosmos"),
                FeedRule(selector: .tag("space"), line: 2, refreshInterval: 5, maxItems: 9),
            ]))

        let inForce = await fixture.library().settingsInForce(rules)

        #expect(inForce[LibraryFixture.space]?.rename == "Cosmos")
        #expect(inForce[LibraryFixture.space]?.maxItems == 7)
        #expect(inForce[LibraryFixture.space]?.refreshInterval == 5)
        #expect(inForce[LibraryFixture.earth]?.rename == nil)
        #expect(inForce[LibraryFixture.earth]?.maxItems == FeedSettings().maxItemsPerFeed)
    }

    @Test func theScopesFeedsFollowTheFilesOrder() {
        let listed = [
            Subscription(url: LibraryFixture.space, tags: ["a"]), Subscription(url: LibraryFixture.earth),
        ]
        #expect(StoreFeedLibrary.feeds(in: .all, of: listed) == [LibraryFixture.space, LibraryFixture.earth])
        #expect(StoreFeedLibrary.feeds(in: .feed(URL(string: "https://x.example/")!), of: listed).isEmpty)
        #expect(
            StoreFeedLibrary.feeds(in: .filtered(.tag("a"), expression: "x"), of: listed) == [
                LibraryFixture.space
            ])
    }
}
