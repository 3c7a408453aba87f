import Foundation
import ReaderAPIStub
import Store
import Sync
import Testing

@testable import Console
@testable import NewsApp

/// `newsapp sync login`, `sync`, `sync status`, `sync logout`, and `feeds` with sync on, run as the
/// built binary against our Google Reader API server.
@Suite(.timeLimit(.minutes(10)))
struct SyncCommandTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    var accountFile: String { sandbox.home + "/.local/state/newsapp/sync-account" }
    var logFile: String { sandbox.home + "/.local/state/newsapp/newsapp.log" }

    func json(_ output: NewsAppProcess.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
    }

    /// Signs in to `server` with the password piped in.
    func login(_ server: ReaderAPIStubServer) async throws {
        let login = try await sandbox.run(
            ["sync", "login", server.baseURL.absoluteString, "--user", "reader"], input: "api-password\n")
        try #require(login.status == 0, "\(login.err)")
    }

    @Test func signingInKeepsTheTokenPrivatelyAndNeverThePassword() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 2, items: 3)).whileRunning {
            server in
            let login = try await sandbox.run(
                ["sync", "login", server.baseURL.absoluteString, "--user", "reader"], input: "api-password\n")
            #expect(login.status == 0)
            #expect(login.out.hasPrefix("Signed in to 127.0.0.1:\(server.port) as reader."))
            let attributes = try FileManager.default.attributesOfItem(atPath: accountFile)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let kept = try String(contentsOfFile: accountFile, encoding: .utf8)
            #expect(kept.contains(server.options.auth))
            #expect(!kept.contains("api-password"))

            let sync = try await sandbox.run(["sync"])
            #expect(sync.status == 0)
            #expect(
                sync.out.hasPrefix("Synced with 127.0.0.1:\(server.port): 2 feeds (2 new) · 6 new items in "))
            // The token went in the Authorization header only.
            for request in server.requests where !request.path.hasSuffix("ClientLogin") {
                #expect(request.header("Authorization") == "GoogleLogin auth=\(server.options.auth)")
                #expect(!request.path.contains("0123456789abcdef"))
                #expect(request.query.allSatisfy { !$0.value.contains("0123456789abcdef") })
            }
            let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            #expect(log.contains("sync done"))
            for text in [log, login.out, login.err, sync.out, sync.err] {
                #expect(!text.contains("0123456789abcdef") && !text.contains("api-password"))
            }
        }
    }

    @Test func aPasswordFileAWrongPasswordAndPlainHttpElsewhereAreOneSentenceEach() async throws {
        try await ReaderAPIStubServer().whileRunning { server in
            let file = try sandbox.directory.write("nope\n", to: "password")
            let wrong = try await sandbox.run([
                "sync", "login", server.baseURL.absoluteString, "--user", "reader", "--password-file", file,
            ])
            #expect(wrong.status == 1)
            #expect(
                wrong.err == "newsapp: 127.0.0.1:\(server.port) refused the user name or the API password.\n")
            #expect(!FileManager.default.fileExists(atPath: accountFile))
            try sandbox.directory.write("api-password\n", to: "password")
            let right = try await sandbox.run([
                "sync", "login", server.baseURL.absoluteString, "--user", "reader", "--password-file", file,
            ])
            #expect(right.status == 0)
        }
        let insecure = try await sandbox.run(
            ["sync", "login", "http://rss.example.org/api/greader.php", "--user", "reader"], input: "x\n")
        #expect(insecure.status == 2)
        #expect(insecure.err.contains("plain http") && insecure.err.contains("--allow-http"))
        #expect(insecure.err.split(separator: "\n").count == 1)
    }

    @Test func statusSaysWhereWhoWhenAndWhatWaitsAndSyncSaysItInJSON() async throws {
        let off = try await sandbox.run(["sync", "status"])
        #expect(off.status == 0 && off.out.hasPrefix("Sync is off."))
        for kind in SyncServiceKind.allCases { #expect(off.out.contains(kind.addressForm), "\(off.out)") }
        let query = try await sandbox.run(
            ["sync", "login", "http://127.0.0.1:9/tt-rss/?page=1", "--user", "r", "--service", "ttrss"],
            input: "x\n")
        #expect(query.status == 2)
        #expect(query.err.contains(SyncServiceKind.ttrss.addressForm), "\(query.err)")
        #expect(!query.err.contains("greader.php"), "\(query.err)")
        let offSync = try await sandbox.run(["sync"])
        #expect(offSync.status == 1 && offSync.err.contains("newsapp sync login URL --user NAME"))
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 4)).whileRunning {
            server in
            try await login(server)
            let synced = try json(try await sandbox.run(["sync", "--json"]))
            #expect(synced["newItems"] as? Int == 4)
            #expect(synced["error"] is NSNull)
            #expect(
                Set(synced.keys) == [
                    "service", "sent", "alreadyThere", "waiting", "feeds", "feedsAdded", "feedsRemoved",
                    "newItems", "updatedItems", "marksChanged", "skippedItems", "keptSaved", "seconds",
                    "error",
                ])
            let (store, _) = try NewsStore.open(at: sandbox.storeURL)
            let feed = try #require(try await store.syncedFeeds().first?.url)
            try await store.markFeedsRead([feed])
            try store.close()
            server.setFault(.status(502))
            let failed = try await sandbox.run(["sync"])
            #expect(failed.status == 1)
            #expect(
                failed.err
                    == "newsapp: 127.0.0.1:\(server.port) failed (502 Bad Gateway). Try again later. "
                    + "4 changes made here are kept and sent at the next sync.\n")
            let status = try await sandbox.run(["sync", "status"])
            #expect(status.out.contains("Service       \(server.baseURL.absoluteString)"))
            #expect(status.out.contains("User          reader"))
            #expect(status.out.contains("Waiting       4 changes made here, not sent yet"))
            #expect(status.out.contains("Last error    127.0.0.1:\(server.port) failed (502 Bad Gateway)."))
            let document = try json(try await sandbox.run(["sync", "status", "--json"]))
            #expect(document["signedIn"] as? Bool == true)
            #expect(document["waiting"] as? Int == 4)
            #expect((document["lastError"] as? String)?.contains("502") == true)
            #expect(document["lastSync"] is String)
        }
    }

    @Test func statusNamesTheProtocolAndLoginsHelpNamesEveryOne() async throws {
        let help = try await sandbox.run(["sync", "login", "--help"])
        let words = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for kind in SyncServiceKind.allCases {
            #expect(words.contains("\(kind.rawValue) (\(kind.name))"), "\(help.out)")
        }
        let off = try json(try await sandbox.run(["sync", "status", "--json"]))
        #expect(off["signedIn"] as? Bool == false)
        #expect(off["service"] is NSNull)
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 1)).whileRunning {
            server in
            try await login(server)
            let on = try json(try await sandbox.run(["sync", "status", "--json"]))
            #expect(on["service"] as? String == "greader")
            #expect(on["server"] as? String == server.baseURL.absoluteString)
        }
    }

    @Test func theFeedListsMarkTheServicesFeedsBesideTheUrlsFiles() async throws {
        let local = try FeedServer(files: ["/local.atom": FeedServer.atom("local", count: 2)])
        try sandbox.directory.write("\(local.base)/local.atom mine\n", to: ".config/newsapp/urls")
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 2)).whileRunning {
            server in
            try await login(server)
            #expect(try await sandbox.run(["sync"]).status == 0)
            #expect(try await sandbox.run(["refresh"]).status == 0)
            let list = try await sandbox.run(["feeds"])
            #expect(list.out.contains("· Space · synced with 127.0.0.1:\(server.port)"))
            #expect(
                list.out.contains(
                    "Feeds · 1 in ~/.config/newsapp/urls · 1 synced with 127.0.0.1:\(server.port)"))
            #expect(list.out.contains("\(local.base)/local.atom · mine\n"))
            let feeds = try #require(
                try json(try await sandbox.run(["feeds", "--json"]))["feeds"] as? [[String: Any]])
            #expect(feeds.map { $0["service"] as? String } == [nil, "127.0.0.1:\(server.port)"])
            #expect(feeds.map { $0["items"] as? Int } == [2, 2])
        }
        await local.stop()
    }

    @Test func feedsAddAndRemoveSubscribeAndUnsubscribeAtTheService() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 2)).whileRunning {
            server in
            try await login(server)
            let add = try await sandbox.run(["feeds", "add", "https://new.example/feed", "--tag", "Later"])
            #expect(add.status == 0)
            #expect(
                add.out.hasPrefix(
                    "Subscribed at 127.0.0.1:\(server.port): “new.example” (https://new.example/feed)"))
            let feeds = server.account { $0.feeds }
            #expect(feeds.map(\.url) == ["https://feed1.example/rss", "https://new.example/feed"])
            #expect(feeds.last?.labels == ["Later"])
            // Nothing went to the urls file.
            #expect(!FileManager.default.fileExists(atPath: sandbox.configDirectory + "/urls"))
            let list = try await sandbox.run(["feeds"])
            #expect(list.out.contains("https://new.example/feed · Later · synced with"))

            let remove = try await sandbox.run(["feeds", "remove", "1"])
            #expect(remove.status == 0)
            #expect(remove.out.hasPrefix("Unsubscribed at 127.0.0.1:\(server.port) from “Feed 1”"))
            #expect(server.account { $0.feeds.map(\.url) } == ["https://new.example/feed"])
            let after = try await sandbox.run(["feeds"])
            #expect(!after.out.contains("feed1.example"))
        }
    }

    @Test func signingOutWithChangesNotSentIsRefusedUnlessTheyAreDropped() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 2)).whileRunning {
            server in
            try await login(server)
            #expect(try await sandbox.run(["sync"]).status == 0)
            let (store, _) = try NewsStore.open(at: sandbox.storeURL)
            try await store.markFeedsRead(try await store.syncedFeeds().map(\.url))
            try store.close()
            let refused = try await sandbox.run(["sync", "logout"])
            #expect(refused.status == 1)
            #expect(refused.err.contains("2 changes made here have not reached 127.0.0.1:\(server.port) yet"))
            #expect(FileManager.default.fileExists(atPath: accountFile))
            let out = try await sandbox.run(["sync", "logout", "--discard-changes"])
            #expect(out.status == 0)
            #expect(!FileManager.default.fileExists(atPath: accountFile))
            let (reopened, _) = try NewsStore.open(at: sandbox.storeURL)
            #expect(try await reopened.syncedFeeds().isEmpty)
            #expect(try await reopened.syncChangeCount() == 0)
            try reopened.close()
        }
    }

    @Test func cacheClearIncludingSavedUnstarsSyncedItemsSoTheNextSyncDoesNotBringThemBack() async throws {
        var account = ReaderAPIAccount.sample(feeds: 1, items: 3)
        let starred = account.items.prefix(2).map(\.id)
        account.mark(starred, starred: true)
        try await ReaderAPIStubServer(account: account).whileRunning { server in
            try await login(server)
            #expect(try await sandbox.run(["sync"]).status == 0)
            let clear = try await sandbox.run(["cache", "clear", "--include-saved"])
            #expect(clear.status == 0, "\(clear.err)")
            #expect(clear.out.contains("(2 of them saved)"), "\(clear.out)")
            #expect(
                clear.out.contains(
                    "2 saved items came from the sync service: they are unsaved there at the next sync."),
                "\(clear.out)")
            let (store, _) = try NewsStore.open(at: sandbox.storeURL)
            #expect(try await store.savedArticles().isEmpty)
            #expect(try await store.syncChangeCount() == 2)
            try store.close()

            let sync = try await sandbox.run(["sync"])
            #expect(sync.status == 0, "\(sync.err)")
            #expect(server.account { $0.items.filter(\.starred) }.isEmpty)
            let saved = try await sandbox.run(["--offline"], input: "saved\nq\n")
            #expect(saved.out.contains("No saved articles yet"), "\(saved.out)")
            let (after, _) = try NewsStore.open(at: sandbox.storeURL)
            #expect(try await after.savedArticles().isEmpty)
            #expect(try await after.syncChangeCount() == 0)
            try after.close()
        }
    }

    @Test func aStateFolderMadeBeforeAt0755IsMadePrivateAtLogin() async throws {
        let folder = sandbox.home + "/.local/state/newsapp"
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 1)).whileRunning {
            server in
            try await login(server)
            let attributes = try FileManager.default.attributesOfItem(atPath: folder)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        }
    }

    @Test func feedsAddWithSyncOnRefusesAWordThatIsNoAddress() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 1)).whileRunning {
            server in
            try await login(server)
            let add = try await sandbox.run(["feeds", "add", "not-a-url"])
            #expect(add.status == 2)
            #expect(add.err.contains("is not a feed's address"))
            #expect(!server.requests.contains { $0.path.hasSuffix("subscription/quickadd") })
            #expect(server.account { $0.feeds.count } == 1)
        }
    }
}

/// The sentence a failed sync ends with, in the singular and the plural.
struct SyncWordsTests {
    @Test("The changes a failed sync did not send are counted in the right number")
    func changesKeptForTheNextSync() {
        #expect(SyncCommands.keptForNextSync(1) == "1 change made here is kept and sent at the next sync.")
        #expect(
            SyncCommands.keptForNextSync(1234)
                == "1,234 changes made here are kept and sent at the next sync.")
    }
}
