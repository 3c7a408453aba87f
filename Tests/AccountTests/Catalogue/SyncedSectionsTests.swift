import Configuration
import Foundation
import Logging
import ReaderAPIStub
import Store
import TestSupport
import Testing

@testable import Account

/// The app's feed library over a synced store, no urls file: the service's labels are the front
/// page's sections, slashes and quotes and all.
@Suite(.timeLimit(.minutes(3)))
struct SyncedSectionsTests {
    @Test func labelsWithSlashesOrQuotesAreSections() async throws {
        var account = ReaderAPIAccount()
        let stream = account.addFeed(
            title: "Вестник", url: "https://vestnik.example/rss",
            labels: ["Наука/Science", "Quoted \"label\""])
        account.addItem(to: stream, title: "Орнитологи насчитали 🐦", content: "<p>Текст</p>")
        try await ReaderAPIStubServer(account: account).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            let directory = try TemporaryDirectory()
            let subscriptions = SubscriptionsFile(path: directory.path + "/urls")
            let refresher = FeedRefreshService(
                subscriptions: subscriptions, store: harness.store, settings: FeedSettings(),
                retentionDays: 30,
                logger: .init(label: "feeds") { _ in SwiftLogNoOpLogHandler() })
            let library = StoreFeedLibrary(
                subscriptions: subscriptions, store: harness.store, refresher: refresher,
                sync: harness.service)
            let sections = try await library.sections(itemsEach: 3)
            #expect(sections.map(\.title) == ["Наука/Science", "Quoted \"label\""])
            #expect(sections.first?.items.map(\.title) == ["Орнитологи насчитали 🐦"])
        }
    }
}
