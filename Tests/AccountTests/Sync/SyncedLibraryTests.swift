import Configuration
import Feeds
import Foundation
import HTTPTestServer
import Modules
import ReaderAPIStub
import Store
import Sync
import Testing

@testable import Account

/// The feed library with sync on: our Google Reader API server on 127.0.0.1 and the feeds of the
/// urls file, refreshed and listed together.
@Suite(.timeLimit(.minutes(1)))
struct SyncedLibraryTests {
    @Test func theServicesFeedsAreSyncedAndListedAfterTheFiles() async throws {
        let feeds = try LibraryFixture.feedServer()
        let fixture = try LibraryFixture(urls: feeds.baseURL.absoluteString + "/earth.xml\n")
        try await ReaderAPIStubServer(account: .sample(feeds: 2, items: 3)).whileRunning { server in
            let sync = SyncHarness(server: server, store: fixture.store).service
            let library = fixture.library(sync: sync)

            let first = await library.refresh(olderThan: nil) { _ in }
            let listed = try await library.feeds()
            let sections = try await library.sections(itemsEach: 10)
            // The sync ran a moment ago and the file's feed was asked for: nothing is due.
            let second = await library.refresh(olderThan: .seconds(3600)) { _ in }

            #expect(first.sentence.hasPrefix("Synced with "))
            #expect(first.sentence.contains(" · 1 feed: 1 updated · 1 new in "))
            #expect(first.newItems == 7)
            #expect(listed.count == 3)
            #expect(listed.first?.service == nil)
            #expect(listed.dropFirst().allSatisfy { $0.service == sync.account.serviceName })
            #expect(listed.dropFirst().map(\.itemCount) == [3, 3])
            #expect(sections.map(\.title) == ["Space", "Local", "Feeds"])
            #expect(second.sentence == "Every feed was refreshed a moment ago.")
        }
        await feeds.stop()
    }

    @Test func aSyncAloneIsItsOwnSummary() async throws {
        let fixture = try LibraryFixture(urls: "")
        try await ReaderAPIStubServer(account: .sample(feeds: 1, items: 2)).whileRunning { server in
            let library = fixture.library(sync: SyncHarness(server: server, store: fixture.store).service)
            let summary = await library.refresh(olderThan: nil) { _ in }
            #expect(summary.sentence.hasPrefix("Synced with "))
            #expect(summary.sentence.contains("1 feed (1 new) · 2 new items"))
            #expect(summary.newItems == 2)
            #expect(summary.failed == 0)
        }
    }

    @Test func aServiceThatCannotBeReachedIsOneFailure() async throws {
        let fixture = try LibraryFixture(urls: "")
        let refused = try RefusingAddress()
        let account = SyncAccount(
            server: URL(string: "http://127.0.0.1:\(refused.port)/api")!, user: "u", token: "t",
            allowHTTP: true)
        let sync = SyncService(
            account: account, store: fixture.store, settings: FeedSettings(timeout: 5),
            logger: LibraryFixture.quiet)

        let summary = await fixture.library(sync: sync).refresh(olderThan: nil) { _ in }

        #expect(summary.failed == 1)
        #expect(!summary.anyRefreshed)
        #expect(!summary.sentence.isEmpty)
    }

    @Test func theKillfileHidesSyncedItemsOfTheFilesFeeds() async throws {
        let synced = URL(string: "https://feed1.example/rss")!
        let fixture = try LibraryFixture(urls: synced.absoluteString + " mine\n")
        try await ReaderAPIStubServer(account: .sample(feeds: 1, items: 3)).whileRunning { server in
            let rule = try LibraryFixture.killing(#"title =~ "1$""#, feed: synced.absoluteString)
            let sync = SyncService(
                account: SyncHarness.account(server), store: fixture.store,
                settings: FeedSettings(timeout: 30, killfile: [rule]), subscriptions: fixture.file,
                logger: LibraryFixture.quiet)

            let report = await sync.run()

            #expect(report.error == nil)
            #expect(report.newItems == 3)
            #expect(try await fixture.store.feedArticles(of: [synced], limit: 10).count == 2)
        }
    }
}
