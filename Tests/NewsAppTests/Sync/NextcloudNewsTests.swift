import Account
import Configuration
import Foundation
import HTTPTestServer
import Logging
import NewsModels
import ReaderAPIStub
import Store
import Sync
import Testing

@testable import NewsApp

/// The sync against our Nextcloud News server (API v1.3): the engine over the real store through
/// the app's ``SyncService``, then the built binary as a new user drives it (the protocol found
/// by probing, a sync, a mark each way, a feed added here that appears there), and the probing
/// itself against each stub and a server where nothing answers.
@Suite("Sync against a Nextcloud News stub", .timeLimit(.minutes(10)))
struct NextcloudNewsTests {
    static func service(_ server: NextcloudNewsStubServer, _ store: NewsStore) -> SyncService {
        var settings = FeedSettings()
        settings.timeout = 30
        return SyncService(
            account: SyncAccount(
                server: server.apiURL, user: "reader", token: "", allowHTTP: false, service: .nextcloud,
                password: server.options.password),
            store: store, settings: settings, logger: Logger(label: "sync") { _ in SwiftLogNoOpLogHandler() })
    }

    static func items(_ store: NewsStore) async throws -> [StoredFeedItem] {
        var items: [StoredFeedItem] = []
        for feed in try await store.syncedFeeds() { items += try await store.feedItems(of: feed.url) }
        return items
    }

    static func items(_ sandbox: Sandbox) async throws -> [StoredFeedItem] {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        defer { try? store.close() }
        return try await items(store)
    }

    @Test func theFirstSyncALaterOneAndMarksBothWaysThroughTheEngine() async throws {
        try await NextcloudNewsStubServer(account: ReaderAPIAccount.sample(feeds: 2, items: 3)).whileRunning {
            server in
            let store = try NewsStore.inMemory()
            let service = Self.service(server, store)
            let first = await service.run()
            #expect(first.error == nil, "\(first.error?.sentence ?? "")")
            #expect(first.feeds == 2 && first.newItems == 6)
            #expect(try await store.syncedFeeds().map(\.labels) == [["Space"], ["Local"]])

            var items = try await Self.items(store)
            let readHere = try #require(items.first)
            let starHere = try #require(items.last)
            try await store.markFeedItemRead(feed: readHere.feedURL, itemID: readHere.item.id)
            try await store.markFeedItemSaved(feed: starHere.feedURL, itemID: starHere.item.id)
            let pushed = await service.run()
            #expect(pushed.error == nil && pushed.sent == 2 && pushed.newItems == 0)
            let there = server.account { $0.items }
            #expect(there.filter(\.read).map { ItemID($0.id).longForm } == [readHere.item.id])
            #expect(there.filter(\.starred).map { ItemID($0.id).longForm } == [starHere.item.id])

            // There → here: the first mark undone, another item read, and a new item.
            let other = try #require(there.first { ItemID($0.id).longForm != readHere.item.id })
            let streams = server.account { $0.feeds.map(\.streamID) }
            server.account { account in
                account.mark([other.id], read: true)
                account.mark(there.filter(\.read).map(\.id), read: false)
                account.addItems(to: streams[0], count: 1, title: { "Late \($0)" })
            }
            let pulled = await service.run()
            #expect(pulled.error == nil, "\(pulled.error?.sentence ?? "")")
            #expect(pulled.newItems == 1)
            items = try await Self.items(store)
            #expect(items.filter(\.read).map(\.item.id) == [ItemID(other.id).longForm])
            #expect(items.filter(\.saved).map(\.item.id) == [starHere.item.id])
            #expect(items.contains { $0.item.title == "Late 1" })
            // A later sync asks only for what changed since the last.
            #expect(server.requests.contains { $0.path.hasSuffix("/items/updated") })
        }
    }

    @Test func aNewUserSignsInByProbingSyncsMarksAddsAFeedAndSignsOut() async throws {
        try await NextcloudNewsStubServer(account: ReaderAPIAccount.sample(feeds: 2, items: 3)).whileRunning {
            server in
            let sandbox = try Sandbox()
            let address = server.baseURL.absoluteString
            let wrong = try await sandbox.run(
                ["sync", "login", address, "--user", "reader"], input: "wrong\n")
            #expect(wrong.status == 1)
            #expect(
                wrong.err.contains(
                    "refused the user name or the password (an app password when two-factor login is on)."),
                "\(wrong.err)")
            #expect(wrong.err.split(separator: "\n").count == 1)
            let login = try await sandbox.run(
                ["sync", "login", address, "--user", "reader"], input: "api-password\n")
            try #require(login.status == 0, "\(login.err)")
            #expect(login.out.hasPrefix("Signed in to 127.0.0.1:\(server.port) (Nextcloud News) as reader."))
            #expect(
                login.out.contains(
                    "Found Nextcloud News at \(server.apiURL.absoluteString) (not Google Reader API)."))

            let sync = try await sandbox.run(["sync"])
            #expect(sync.status == 0, "\(sync.err)")
            #expect(
                sync.out.hasPrefix("Synced with 127.0.0.1:\(server.port): 2 feeds (2 new) · 6 new items in "))

            // Here → there.
            let items = try await Self.items(sandbox)
            let read = try #require(items.first)
            let (store, _) = try NewsStore.open(at: sandbox.storeURL)
            try await store.markFeedItemRead(feed: read.feedURL, itemID: read.item.id)
            try store.close()
            #expect(try await sandbox.run(["sync"]).status == 0)
            #expect(
                server.account { $0.items.filter(\.read).map { ItemID($0.id).longForm } } == [read.item.id])
            // There → here.
            let starred = try #require(items.last)
            let starredThere = try #require(ItemID(starred.item.id)).value
            server.account { $0.mark([starredThere], starred: true) }
            let marks = try await sandbox.run(["sync", "--json"])
            #expect(marks.out.contains("\"marksChanged\" : 1"), "\(marks.out)")
            #expect(try await Self.items(sandbox).filter(\.saved).map(\.item.id) == [starred.item.id])

            // A feed added here appears there, in its folder.
            let add = try await sandbox.run(["feeds", "add", "https://new.example/feed", "--tag", "Later"])
            #expect(add.status == 0, "\(add.err)")
            #expect(add.out.hasPrefix("Subscribed at 127.0.0.1:\(server.port)"))
            #expect(server.account { $0.feeds.last?.url } == "https://new.example/feed")
            #expect(server.account { $0.feeds.last?.labels } == ["Later"])

            let status = try await sandbox.run(["sync", "status"])
            #expect(status.out.contains("(Nextcloud News)"))
            #expect(status.out.contains("3 from the service"))
            #expect(status.out.contains("Password      in ~/.local/state/newsapp/sync-account"))
            let json = try #require(
                try JSONSerialization.jsonObject(
                    with: try await sandbox.run(["sync", "status", "--json"]).stdout)
                    as? [String: Any])
            #expect(json["service"] as? String == "nextcloud")
            // The password went in the Authorization header only.
            for request in server.requests {
                #expect(!request.path.contains("api-password"))
                #expect(request.query.allSatisfy { !$0.value.contains("api-password") })
            }
            for text in [login.out, login.err, sync.out, sync.err, status.out] {
                #expect(!text.contains("api-password"))
            }

            let remove = try await sandbox.run(["feeds", "remove", "1"])
            #expect(remove.status == 0, "\(remove.err)")
            #expect(server.account { $0.feeds.count } == 2)
            let logout = try await sandbox.run(["sync", "logout"])
            #expect(logout.status == 0, "\(logout.err)")
            #expect(try await sandbox.run(["sync", "status"]).out.hasPrefix("Sync is off"))
        }
    }

    @Test func probingFindsTheReaderAPIAtOnceAndSaysWhatItTriedWhenNothingAnswers() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 1)).whileRunning {
            server in
            let sandbox = try Sandbox()
            let login = try await sandbox.run(
                ["sync", "login", server.baseURL.absoluteString, "--user", "reader"], input: "api-password\n")
            #expect(login.status == 0, "\(login.err)")
            #expect(login.out.contains("Found Google Reader API at \(server.baseURL.absoluteString)."))
            // The first probe is the sign-in: nothing else was asked.
            #expect(
                server.requests.map(\.path).filter { !$0.hasSuffix("ClientLogin") }.allSatisfy {
                    $0.contains("/reader/api/0/")
                })
        }
        let page = RawHTTPServer.response(
            status: 404, contentType: "text/html", body: Data("<h1>Not Found</h1>".utf8))
        let nothing = try RawHTTPServer(.routed { _ in .reply(page) })
        let sandbox = try Sandbox()
        let none = try await sandbox.run(
            ["sync", "login", nothing.baseURL.absoluteString + "/rss", "--user", "reader"], input: "secret\n")
        await nothing.stop()
        #expect(none.status == 1)
        #expect(
            none.err.trimmingCharacters(in: .newlines)
                == "newsapp: No sync service answered at 127.0.0.1:\(nothing.port): tried Google Reader API, "
                + "Nextcloud News, Miniflux, Tiny Tiny RSS at \(nothing.baseURL.absoluteString)/rss. Check the address, or name "
                + "the protocol with --service greader|ttrss|miniflux|nextcloud.")
        #expect(nothing.requestHeads.count == 4)
    }

    @Test func probingCarriesThePasswordToNoOtherHost() async throws {
        try await NextcloudNewsStubServer().whileRunning { elsewhere in
            try await NextcloudNewsStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 1))
                .whileRunning {
                    server in
                    server.setFault(.redirect(to: elsewhere.apiURL.absoluteString + "/version"))
                    let sandbox = try Sandbox()
                    let login = try await sandbox.run(
                        ["sync", "login", server.baseURL.absoluteString, "--user", "reader"],
                        input: "api-password\n")
                    #expect(login.status == 1)
                    #expect(login.err.contains("never sends the login to another host"), "\(login.err)")
                    #expect(login.err.split(separator: "\n").count == 1)
                    #expect(elsewhere.requestCount >= 1)
                    for request in elsewhere.requests {
                        #expect(request.header("Authorization") == nil)
                        #expect(!String(decoding: request.body, as: UTF8.self).contains("api-password"))
                    }
                }
        }
    }
}
