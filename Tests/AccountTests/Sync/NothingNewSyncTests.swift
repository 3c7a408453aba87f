import Account
import Foundation
import Logging
import NewsModels
import ReaderAPIStub
import Store
import Sync
import Testing

/// A later sync with Miniflux's and Nextcloud News's own APIs asks only for what changed, and
/// for the numbers of unread and starred items: when they are those here, the lists of ids (each
/// item's text with it, in these APIs) are not read. A mark changed there still arrives, and an
/// item gone there still changes the numbers, so the lists are read and the engine's rules hold.
/// Against our stubs over a socket, through the engine and a real store.
@Suite("A sync with nothing new, against the Miniflux and Nextcloud News stubs", .timeLimit(.minutes(3)))
struct NothingNewSyncTests {
    /// Three feeds of 200 items: the lists of ids are pages of 250 in Miniflux's client.
    static func account() -> ReaderAPIAccount {
        ReaderAPIAccount.sample(feeds: 3, items: 200)
    }

    static func service(_ account: SyncAccount, _ store: NewsStore) -> SyncService {
        SyncService(
            account: account, store: store, timeout: 30,
            logger: Logger(label: "sync") { _ in SwiftLogNoOpLogHandler() })
    }

    static func items(_ store: NewsStore) async throws -> [StoredFeedItem] {
        var items: [StoredFeedItem] = []
        for feed in try await store.syncedFeeds() { items += try await store.feedItems(of: feed.url) }
        return items
    }

    /// The steps every protocol is put through, `requests` counting those the server has read.
    static func check(
        service: SyncService, store: NewsStore, requests: @escaping () -> [ReaderAPIRequest],
        listsOfIDs: @escaping (ReaderAPIRequest) -> Bool,
        change: (_ body: (inout ReaderAPIAccount) -> Void) -> Void
    ) async throws {
        let first = await service.run()
        #expect(first.error == nil, "\(first.error?.sentence ?? "")")
        #expect(first.newItems == 600)

        // Nothing new: the subscriptions, the changes, the numbers; no list of ids.
        var before = requests().count
        let idle = await service.run()
        #expect(idle.error == nil, "\(idle.error?.sentence ?? "")")
        #expect(idle.newItems == 0 && idle.marksChanged == 0)
        let asked = requests().dropFirst(before)
        #expect(asked.count <= 4, "\(asked.map { "\($0.method) \($0.path) \($0.query)" })")
        #expect(!asked.contains(where: listsOfIDs))

        // A read mark and a star made there arrive with the changes.
        let ids = try await items(store).map(\.item.id)
        let readThere = try #require(ItemID(ids[0])?.value)
        let starThere = try #require(ItemID(ids[1])?.value)
        change { account in
            account.mark([readThere], read: true)
            account.mark([starThere], starred: true)
        }
        before = requests().count
        let marked = await service.run()
        #expect(marked.error == nil && marked.marksChanged == 2, "\(marked)")
        #expect(!requests().dropFirst(before).contains(where: listsOfIDs))
        var stored = try await items(store)
        #expect(stored.filter(\.read).map(\.item.id) == [ids[0]])
        #expect(stored.filter(\.saved).map(\.item.id) == [ids[1]])

        // An unread item gone there (purged, archived) comes with no change, but the numbers
        // differ: the lists are read, and the item is read here, as the engine's rules say.
        let goneThere = try #require(ItemID(ids[2])?.value)
        change { account in account.forget([goneThere]) }
        before = requests().count
        let gone = await service.run()
        #expect(gone.error == nil, "\(gone.error?.sentence ?? "")")
        #expect(requests().dropFirst(before).contains(where: listsOfIDs))
        stored = try await items(store)
        #expect(stored.first { $0.item.id == ids[2] }?.read == true)

        // And the sync after that is idle again.
        before = requests().count
        let after = await service.run()
        #expect(after.error == nil && after.marksChanged == 0)
        #expect(!requests().dropFirst(before).contains(where: listsOfIDs))
    }

    @Test func miniflux() async throws {
        try await MinifluxStubServer(account: Self.account()).whileRunning { server in
            let store = try NewsStore.inMemory()
            let account = SyncAccount(
                server: server.baseURL, user: "reader", token: server.options.apiKey, allowHTTP: false,
                service: .miniflux)
            try await Self.check(
                service: Self.service(account, store), store: store, requests: { server.requests },
                listsOfIDs: { request in
                    request.path == "/v1/entries" && request.query("changed_after") == nil
                        && request.query("limit") != "1"
                },
                change: { body in server.account(body) })
        }
    }

    @Test func nextcloudNews() async throws {
        try await NextcloudNewsStubServer(account: Self.account()).whileRunning { server in
            let store = try NewsStore.inMemory()
            let account = SyncAccount(
                server: server.apiURL, user: "reader", token: "", allowHTTP: false, service: .nextcloud,
                password: server.options.password)
            try await Self.check(
                service: Self.service(account, store), store: store, requests: { server.requests },
                listsOfIDs: { $0.path.hasSuffix("/items") },
                change: { body in server.account(body) })
        }
    }
}
