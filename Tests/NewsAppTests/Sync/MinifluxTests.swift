import Foundation
import NewsModels
import ReaderAPIStub
import Store
import Testing

@testable import NewsApp

/// The built binary against our Miniflux (its own REST API, over a real socket), as a new user
/// would drive it: `sync login --service miniflux` with an API key or a password, `sync`, a read
/// mark and a save each way, a feed added here that appears there, `status` and `logout`.
@Suite(.timeLimit(.minutes(10)))
struct MinifluxTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    var accountFile: String { sandbox.home + "/.local/state/newsapp/sync-account" }

    func storedItems() async throws -> [StoredFeedItem] {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        defer { try? store.close() }
        var items: [StoredFeedItem] = []
        for feed in try await store.syncedFeeds() { items += try await store.feedItems(of: feed.url) }
        return items
    }

    /// Changes the store as the app would: `body` with it open, then closed.
    func changeStore(_ body: (NewsStore) async throws -> Void) async throws {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        try await body(store)
        try store.close()
    }

    @Test func aNewUserSignsInWithAKeySyncsMarksBothWaysAddsAFeedAndSignsOut() async throws {
        try await MinifluxStubServer(account: ReaderAPIAccount.sample(feeds: 2, items: 3)).whileRunning {
            server in
            let address = server.baseURL.absoluteString
            let wrong = try await sandbox.run(
                ["sync", "login", address, "--user", "reader", "--service", "miniflux", "--token"],
                input: "not-the-key\n")
            #expect(wrong.status == 1)
            #expect(
                wrong.err
                    == "newsapp: 127.0.0.1:\(server.port) refused the API token, or the user name and password.\n"
            )
            let login = try await sandbox.run(
                ["sync", "login", address, "--user", "reader", "--service", "miniflux", "--token"],
                input: server.options.apiKey + "\n")
            try #require(login.status == 0, "\(login.err)")
            #expect(login.out.hasPrefix("Signed in to 127.0.0.1:\(server.port) (Miniflux) as reader."))
            let kept = try String(contentsOfFile: accountFile, encoding: .utf8)
            #expect(kept.contains(server.options.apiKey))
            #expect(kept.contains("\"service\" : \"miniflux\""))
            let attributes = try FileManager.default.attributesOfItem(atPath: accountFile)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

            let first = try await sandbox.run(["sync"])
            #expect(first.status == 0, "\(first.err)")
            #expect(
                first.out.hasPrefix("Synced with 127.0.0.1:\(server.port): 2 feeds (2 new) · 6 new items in ")
            )
            var items = try await storedItems()
            #expect(items.count == 6)
            #expect(items.allSatisfy { !$0.read && !$0.saved })

            // Here → there: a read mark and a save.
            let readHere = items[0]
            let saveHere = items[1]
            try await changeStore { store in
                try await store.markFeedItemRead(feed: readHere.feedURL, itemID: readHere.item.id)
                try await store.markFeedItemSaved(feed: saveHere.feedURL, itemID: saveHere.item.id)
            }
            let pushed = try await sandbox.run(["sync"])
            #expect(pushed.status == 0, "\(pushed.err)")
            #expect(pushed.out.contains("2 changes sent"))
            let readID = try #require(ItemID(readHere.item.id)?.value)
            let saveID = try #require(ItemID(saveHere.item.id)?.value)
            #expect(server.account { $0.item(readID) }?.read == true)
            #expect(server.account { $0.item(saveID) }?.starred == true)
            #expect(server.account { $0.items.filter(\.read).count } == 1)
            #expect(server.account { $0.items.filter(\.starred).count } == 1)

            // There → here: the other way round on two others, and the first two undone.
            let others = server.account { $0.items.map(\.id) }.filter { $0 != readID && $0 != saveID }
            server.account { account in
                account.mark([others[0]], read: true)
                account.mark([others[1]], starred: true)
                account.mark([readID], read: false)
                account.mark([saveID], starred: false)
            }
            let pulled = try await sandbox.run(["sync"])
            #expect(pulled.status == 0, "\(pulled.err)")
            items = try await storedItems()
            #expect(items.filter(\.read).map { ItemID($0.item.id)?.value } == [others[0]])
            #expect(items.filter(\.saved).map { ItemID($0.item.id)?.value } == [others[1]])

            // A feed added here appears there.
            let add = try await sandbox.run(["feeds", "add", "https://harbour.example/rss"])
            #expect(add.status == 0, "\(add.err)")
            #expect(server.account { $0.feeds.map(\.url) }.contains("https://harbour.example/rss"))
            let status = try await sandbox.run(["sync", "status"])
            #expect(status.out.contains("(Miniflux)"))
            #expect(status.out.contains("3 from the service"))

            // Nothing new: nothing changes.
            let again = try await sandbox.run(["sync"])
            #expect(again.status == 0, "\(again.err)")
            #expect(again.out.contains("0 new items"))
            #expect(!again.out.contains("sent"))

            // The key went in X-Auth-Token only, and never to the screen (the first request is
            // the wrong key's).
            for request in server.requests.dropFirst() {
                #expect(request.header("X-Auth-Token") == server.options.apiKey)
                #expect(!request.path.contains(server.options.apiKey))
                #expect(request.query.allSatisfy { !$0.value.contains(server.options.apiKey) })
            }
            for text in [login.out, login.err, first.out, pushed.out, pulled.out, add.out, status.out] {
                #expect(!text.contains(server.options.apiKey))
            }
            let logout = try await sandbox.run(["sync", "logout"])
            #expect(logout.status == 0, "\(logout.err)")
            #expect(try await sandbox.run(["sync", "status"]).out.hasPrefix("Sync is off"))
        }
    }

    @Test func aPasswordSignsInWithBasicAuthAndTokenIsForMinifluxOnly() async throws {
        try await MinifluxStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 2)).whileRunning {
            server in
            let address = server.baseURL.absoluteString + "/v1/"
            let login = try await sandbox.run(
                ["sync", "login", address, "--user", "reader", "--service", "miniflux"],
                input: server.options.password + "\n")
            try #require(login.status == 0, "\(login.err)")
            #expect(login.out.contains("--token"))
            let sync = try await sandbox.run(["sync"])
            #expect(sync.status == 0, "\(sync.err)")
            #expect(sync.out.contains("2 new items"))
            #expect(server.requests.allSatisfy { $0.header("Authorization")?.hasPrefix("Basic ") == true })
            #expect(server.requests.allSatisfy { $0.path.hasPrefix("/v1/") && !$0.path.hasPrefix("/v1/v1") })
            for text in [login.out, login.err, sync.out, sync.err] {
                #expect(!text.contains(server.options.password))
            }
            // The file keeps the password, not a token, and status and logout say so.
            let status = try await sandbox.run(["sync", "status"])
            #expect(
                status.out.contains("Password      in ~/.local/state/newsapp/sync-account"), "\(status.out)")
            let logout = try await sandbox.run(["sync", "logout"])
            #expect(logout.out.contains("the password is gone"), "\(logout.out)")
        }
        let misplaced = try await sandbox.run(
            ["sync", "login", "https://rss.example.org/api/greader.php", "--user", "reader", "--token"],
            input: "x\n")
        #expect(misplaced.status != 0)
        #expect(misplaced.err.contains("--token is for --service miniflux"))
    }
}
