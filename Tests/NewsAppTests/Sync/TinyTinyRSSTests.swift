import Account
import Foundation
import Logging
import Networking
import NewsModels
import ReaderAPIStub
import Store
import Sync
import Testing

@testable import NewsApp

/// The sync against a real Tiny Tiny RSS (Debian's tt-rss 21~git20210204, API level 15, from
/// `TTRSS_SETUP`; `.ci/run` sets it when `../shared/servers` holds the script): signing in, a feed
/// added here that the service fetches from 127.0.0.1, the first sync of its items, and a read
/// mark and a star each way. Each test starts its own instance.
@Suite(
    "Sync against Tiny Tiny RSS", .timeLimit(.minutes(5)), .serialized,
    .enabled(if: TinyTinyRSS.isAvailable, "TTRSS_SETUP is not set: the Tiny Tiny RSS suite is skipped"))
struct TinyTinyRSSTests {
    static func client(_ ttrss: TinyTinyRSS, password: String? = nil) -> TinyTinyRSSClient {
        TinyTinyRSSClient(
            base: ttrss.base, user: ttrss.user, password: password ?? ttrss.password, http: CurlHTTPClient())
    }

    static func sync(_ ttrss: TinyTinyRSS, _ store: NewsStore) async -> SyncReport {
        await SyncEngine(
            client: client(ttrss), storage: StoreSyncStorage(store: store),
            logger: Logger(label: "sync") { _ in SwiftLogNoOpLogHandler() }
        ).sync()
    }

    static func items(_ store: NewsStore) async throws -> [StoredFeedItem] {
        var items: [StoredFeedItem] = []
        for feed in try await store.syncedFeeds() { items += try await store.feedItems(of: feed.url) }
        return items
    }

    @Test func aGoodPasswordOpensASessionAndAWrongOneIsOneSentence() async throws {
        try await TinyTinyRSS.whileRunning { ttrss in
            let session = try await Self.client(ttrss).login()
            #expect(!session.isEmpty)
            let host = ttrss.base.shownHost
            await #expect(throws: SyncError.loginRefused(host: host, service: .ttrss)) {
                try await Self.client(ttrss, password: "wrong").login()
            }
            // A session the service does not know is opened again with the password.
            let stale = TinyTinyRSSClient(
                base: ttrss.base, user: ttrss.user, password: ttrss.password, session: "gone",
                http: CurlHTTPClient())
            #expect(try await stale.subscriptions().isEmpty)
            #expect(stale.currentSession != "gone")
        }
    }

    @Test func aFeedAddedHereIsFetchedThereAndItsItemsAndMarksTravelBothWays() async throws {
        let feeds = try FeedServer(files: ["/orbit.atom": FeedServer.atom("orbit", count: 5)])
        try await TinyTinyRSS.whileRunning { ttrss in
            let client = Self.client(ttrss)
            let added = try await client.subscribe(to: try #require(URL(string: feeds.base + "/orbit.atom")))
            #expect(try await ttrss.feedURLs() == [feeds.base + "/orbit.atom"])
            try await ttrss.update(feed: try #require(Int(added.streamID.dropFirst(5))))
            #expect(feeds.requestHeads.contains { $0.path == "/orbit.atom" })

            let store = try NewsStore.inMemory()
            let first = await Self.sync(ttrss, store)
            #expect(first.error == nil, "\(first.error?.sentence ?? "")")
            #expect(first.feeds == 1)
            #expect(first.newItems == 5)
            var items = try await Self.items(store)
            #expect(Set(items.map(\.item.title)) == Set((0..<5).map { "orbit story \($0) v1" }))
            #expect(items.allSatisfy { !$0.read && !$0.saved })

            // Here → there: a read mark and a star.
            let readHere = try #require(items.first { $0.item.title == "orbit story 1 v1" })
            let starHere = try #require(items.first { $0.item.title == "orbit story 2 v1" })
            try await store.markFeedItemRead(feed: readHere.feedURL, itemID: readHere.item.id)
            try await store.markFeedItemSaved(feed: starHere.feedURL, itemID: starHere.item.id)
            let pushed = await Self.sync(ttrss, store)
            #expect(pushed.error == nil, "\(pushed.error?.sentence ?? "")")
            #expect(pushed.sent == 2)
            var there = try await ttrss.articles()
            #expect(there.first { $0.title == "orbit story 1 v1" }?.unread == false)
            #expect(there.first { $0.title == "orbit story 2 v1" }?.starred == true)
            #expect(there.filter { !$0.unread }.count == 1)
            #expect(there.filter(\.starred).count == 1)

            // There → here: the other way round on two others, and the first two undone.
            let readThere = try #require(there.first { $0.title == "orbit story 3 v1" })
            let starThere = try #require(there.first { $0.title == "orbit story 4 v1" })
            let undo = there.filter { $0.title == "orbit story 1 v1" || $0.title == "orbit story 2 v1" }
            #expect(undo.count == 2)
            _ = try await ttrss.api(
                "updateArticle", ["article_ids": String(readThere.id), "field": 2, "mode": 0])
            _ = try await ttrss.api(
                "updateArticle", ["article_ids": String(starThere.id), "field": 0, "mode": 1])
            _ = try await ttrss.api(
                "updateArticle",
                ["article_ids": undo.map { String($0.id) }.joined(separator: ","), "field": 2, "mode": 1])
            _ = try await ttrss.api(
                "updateArticle",
                ["article_ids": undo.map { String($0.id) }.joined(separator: ","), "field": 0, "mode": 0])
            let pulled = await Self.sync(ttrss, store)
            #expect(pulled.error == nil, "\(pulled.error?.sentence ?? "")")
            items = try await Self.items(store)
            let read = Set(items.filter(\.read).map(\.item.title))
            let saved = Set(items.filter(\.saved).map(\.item.title))
            #expect(read == ["orbit story 3 v1"])
            #expect(saved == ["orbit story 4 v1"])

            // Unread and unstarred here reach there too.
            let unreadHere = try #require(items.first { $0.item.title == "orbit story 3 v1" })
            let unstarHere = try #require(items.first { $0.item.title == "orbit story 4 v1" })
            try await store.markFeedItemRead(
                feed: unreadHere.feedURL, itemID: unreadHere.item.id, read: false)
            try await store.markFeedItemSaved(
                feed: unstarHere.feedURL, itemID: unstarHere.item.id, saved: false)
            #expect(await Self.sync(ttrss, store).error == nil)
            there = try await ttrss.articles()
            #expect(there.allSatisfy { $0.unread && !$0.starred })

            // Nothing new: nothing changes.
            let again = await Self.sync(ttrss, store)
            #expect(again.error == nil)
            #expect(again.newItems == 0)
            #expect(again.sent == 0)
        }
        await feeds.stop()
    }

    @Test func loginWithoutServiceFindsTinyTinyRSSAtTheInstancesAddressByProbing() async throws {
        let feeds = try FeedServer(files: ["/sea.atom": FeedServer.atom("sea", count: 2)])
        try await TinyTinyRSS.whileRunning { ttrss in
            // Another client subscribed before: the first sync brings its items.
            let other = Self.client(ttrss)
            let added = try await other.subscribe(to: try #require(URL(string: feeds.base + "/sea.atom")))
            try await ttrss.update(feed: try #require(Int(added.streamID.dropFirst(5))))
            let sandbox = try Sandbox()
            // The instance's own address, as a new user gives it: below it, its api/.
            let api = ttrss.base.absoluteString
            try #require(api.hasSuffix("/api/"))
            let site = String(api.dropLast("api/".count))
            let login = try await sandbox.run(
                ["sync", "login", site, "--user", ttrss.user], input: ttrss.password + "\n")
            try #require(login.status == 0, "\(login.err)")
            #expect(
                login.out.contains("Found Tiny Tiny RSS at \(ttrss.base.absoluteString) (not "),
                "\(login.out)")
            #expect(!login.out.contains(ttrss.password) && !login.err.contains(ttrss.password))
            let sync = try await sandbox.run(["sync"])
            #expect(sync.status == 0, "\(sync.err)")
            #expect(sync.out.contains("1 feed (1 new) · 2 new items"), "\(sync.out)")
            let status = try await sandbox.run(["sync", "status"])
            #expect(status.out.contains("(Tiny Tiny RSS)"))
            #expect(
                status.out.contains("Password      in ~/.local/state/newsapp/sync-account"), "\(status.out)")
            let logout = try await sandbox.run(["sync", "logout"])
            #expect(logout.out.contains("the password is gone"), "\(logout.out)")
        }
        await feeds.stop()
    }

    @Test func aNewUserSignsInSyncsAddsAFeedAndSignsOutFromTheCommandLine() async throws {
        let feeds = try FeedServer(files: ["/harbour.atom": FeedServer.atom("harbour", count: 3)])
        try await TinyTinyRSS.whileRunning { ttrss in
            let sandbox = try Sandbox()
            let address = ttrss.base.absoluteString
            let wrong = try await sandbox.run(
                ["sync", "login", address, "--user", ttrss.user, "--service", "ttrss"], input: "wrong\n")
            #expect(wrong.status == 1)
            #expect(wrong.err.contains("refused the user name or the password."))
            #expect(wrong.err.split(separator: "\n").count == 1)
            let login = try await sandbox.run(
                ["sync", "login", address, "--user", ttrss.user, "--service", "ttrss"],
                input: ttrss.password + "\n")
            try #require(login.status == 0, "\(login.err)")
            #expect(login.out.contains("Tiny Tiny RSS"))

            // The service fetches the feed as it is added: its items arrive with the sync that follows.
            let add = try await sandbox.run(["feeds", "add", feeds.base + "/harbour.atom"])
            #expect(add.status == 0, "\(add.err)")
            #expect(add.out.contains("3 items"))
            #expect(try await ttrss.feedURLs() == [feeds.base + "/harbour.atom"])
            let status = try await sandbox.run(["sync", "status"])
            #expect(status.out.contains("(Tiny Tiny RSS)"))
            #expect(status.out.contains("1 from the service"))
            let sync = try await sandbox.run(["sync"])
            #expect(sync.status == 0, "\(sync.err)")
            #expect(sync.out.contains("0 new items"))

            let logout = try await sandbox.run(["sync", "logout"])
            #expect(logout.status == 0, "\(logout.err)")
            #expect(try await sandbox.run(["sync", "status"]).out.hasPrefix("Sync is off"))
        }
        await feeds.stop()
    }
}
