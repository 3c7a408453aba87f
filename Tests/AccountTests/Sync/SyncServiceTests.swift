import Foundation
import Logging
import ReaderAPIStub
import Store
import Sync
import TestSupport
import Testing

@testable import Account

/// The account's sync as the app runs it: its client for each protocol, its lock per store, and
/// when it last ended well.
@Suite(.timeLimit(.minutes(1)))
struct SyncServiceTests {
    static func service(_ account: SyncAccount, _ store: NewsStore) -> SyncService {
        SyncService(
            account: account, store: store, timeout: 30,
            logger: Logger(label: "sync") { _ in SwiftLogNoOpLogHandler() })
    }

    static func account(_ kind: SyncServiceKind, password: String? = nil) -> SyncAccount {
        SyncAccount(
            server: URL(string: "https://rss.example/api")!, user: "reader", token: "t", allowHTTP: false,
            service: kind, password: password)
    }

    @Test func eachProtocolEditsSubscriptionsWithItsOwnClient() async throws {
        let store = try NewsStore.inMemory()
        #expect(Self.service(Self.account(.greader), store).subscriptionEditor is ReaderAPIClient)
        #expect(Self.service(Self.account(.miniflux), store).subscriptionEditor is MinifluxClient)
        #expect(Self.service(Self.account(.nextcloud), store).subscriptionEditor is NextcloudNewsClient)
        let ttrss = Self.service(Self.account(.ttrss, password: "p"), store).subscriptionEditor
        #expect(ttrss is TinyTinyRSSClient)
        // Tiny Tiny RSS's API cannot label or rename a feed: asking to is no request at all.
        try await ttrss.edit("feed/1", addLabel: "News")
    }

    @Test func theAccountSaysWhoAndWhereButNotItsToken() {
        let account = Self.account(.miniflux)
        #expect(account.minifluxCredentials == .apiKey("t"))
        #expect(
            Self.account(.miniflux, password: "p").minifluxCredentials
                == .password(user: "reader", password: "p"))
        #expect(account.identity == "reader@https://rss.example/api")
        #expect(!account.serviceName.contains("t@"))
        #expect(account.serviceName.contains("rss.example"))
        #expect(SyncAccount(server: account.server, user: "u", token: "t", allowHTTP: false).kind == .greader)
    }

    @Test func aSyncWaitsForTheOneUnderWayOnTheSameStore() async throws {
        let folder = try TemporaryDirectory()
        let store = try AccountFixtures.openStore(in: folder)
        let service = Self.service(Self.account(.greader), store)
        let path = try #require(service.lockPath)
        let held = try #require(await SyncLock.acquire(at: path, waiting: .zero))
        let report = await service.run(waiting: .zero)
        held.release()
        #expect(report.error == .busy)
        #expect(report.waiting == 0)
        try store.close()
    }

    @Test func theLastSyncThatEndedWellIsKept() async throws {
        try await ReaderAPIStubServer(account: .sample(feeds: 1, items: 2)).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.service.lastSync() == nil)
            #expect(await harness.sync().error == nil)
            #expect(await harness.service.lastSync() != nil)
        }
    }
}
