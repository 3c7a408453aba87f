import Configuration
import Foundation
import Logging
import Store
import Sync
import TestSupport
import Testing

@testable import Account

/// The sync account on disk in a real folder: kept private, read back, refused when it is not one.
@Suite struct SyncAccountFileTests {
    static let account = SyncAccount(
        server: URL(string: "https://rss.example/api/greader.php")!, user: "reader", token: "secret",
        allowHTTP: false)

    static func permissions(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test func theFileIsInTheStateFolder() {
        let file = SyncAccountFile.standard(environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/ann"])
        #expect(file == SyncAccountFile(path: "/state/newsapp/sync-account", home: "/home/ann"))
        #expect(SyncAccountFile.standard(environment: [:]) == nil)
        #expect(
            SyncAccountFile(path: "/home/ann/.local/state/newsapp/sync-account", home: "/home/ann")
                .displayPath
                == "~/.local/state/newsapp/sync-account")
    }

    @Test func anAccountIsSavedPrivatelyAndReadBack() throws {
        let folder = try TemporaryDirectory()
        // A folder another program made readable by all is made private.
        try FileManager.default.createDirectory(
            atPath: folder.path + "/state", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        let file = SyncAccountFile(path: folder.path + "/state/sync-account", home: nil)

        #expect(try file.load() == nil)
        try file.save(Self.account)
        try file.save(Self.account)

        #expect(try file.load() == Self.account)
        #expect(try Self.permissions(file.path) == 0o600)
        #expect(try Self.permissions(folder.path + "/state") == 0o700)
        #expect(try file.remove())
        #expect(try !file.remove())
        #expect(try file.load() == nil)
    }

    @Test func aFileOthersCanReadIsMadePrivateAgain() throws {
        let folder = try TemporaryDirectory()
        let file = SyncAccountFile(path: folder.path + "/sync-account", home: nil)
        try file.save(Self.account)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)

        #expect(try file.load() == Self.account)
        #expect(try Self.permissions(file.path) == 0o600)
    }

    @Test func aNextcloudAccountNeedsItsPasswordAndNoToken() throws {
        let folder = try TemporaryDirectory()
        let file = SyncAccountFile(path: folder.path + "/sync-account", home: nil)
        let nextcloud = SyncAccount(
            server: URL(string: "https://cloud.example/")!, user: "ann", token: "", allowHTTP: false,
            service: .nextcloud, password: "p")
        try file.save(nextcloud)
        #expect(try file.load() == nextcloud)
        var tokenless = Self.account
        tokenless.token = ""
        try file.save(tokenless)
        #expect(throws: SyncAccountFile.Failure.self) { _ = try file.load() }
    }

    @Test func whatIsNotAnAccountIsOneSentence() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("{ not json", to: "sync-account")
        let file = SyncAccountFile(path: path, home: folder.path)

        #expect(
            throws: SyncAccountFile.Failure(
                description:
                    "~/sync-account is not a sync account NewsApp can read: run newsapp sync login again.")
        ) { _ = try file.load() }
    }

    @Test func aFolderInThePlaceOfTheFileCannotBeReadOrRemoved() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.makeDirectory("sync-account")
        try folder.write("x", to: "sync-account/inside")
        let file = SyncAccountFile(path: path, home: folder.path)

        do {
            _ = try file.load()
            Issue.record("a folder was read as the account")
        } catch {
            #expect(error.description.hasPrefix("~/sync-account cannot be read ("))
        }
        do {
            try file.remove()
            Issue.record("a folder was removed as the account")
        } catch {
            #expect(error.description.hasPrefix("~/sync-account cannot be removed ("))
        }
        do {
            try file.save(Self.account)
            Issue.record("the account was written over a folder")
        } catch {
            #expect(error.description.hasPrefix("~/sync-account cannot be written ("))
        }
    }

    @Test func aFolderThatCannotBeMadeIsOneSentence() throws {
        let folder = try TemporaryDirectory()
        let blocked = try folder.write("x", to: "blocked")
        let file = SyncAccountFile(path: blocked + "/sync-account", home: folder.path)
        #expect(throws: SyncAccountFile.Failure(description: "~/blocked cannot be created.")) {
            try file.save(Self.account)
        }
    }

    @Test func theStandardServiceIsTheKeptAccounts() throws {
        let folder = try TemporaryDirectory()
        let environment = ["XDG_STATE_HOME": folder.path]
        let store = try NewsStore.inMemory()
        var warnings: [String] = []
        func standard(_ environment: [String: String]) -> SyncService? {
            SyncService.standard(
                environment: environment, store: store, settings: FeedSettings(), subscriptions: nil,
                logger: LibraryFixture.quiet
            ) { warnings.append($0) }
        }

        #expect(standard([:]) == nil)
        #expect(standard(environment) == nil)
        try folder.write("[]", to: "newsapp/sync-account")
        #expect(standard(environment) == nil)
        #expect(warnings.count == 1)
        try SyncAccountFile.standard(environment: environment)?.save(Self.account)
        #expect(standard(environment)?.account == Self.account)
    }

    @Test func theSyncsSummaryNamesWhatChanged() {
        var report = SyncReport()
        report.sent = 2
        report.alreadyThere = 1
        report.feeds = 20
        report.feedsAdded = 2
        report.feedsRemoved = 1
        report.newItems = 10_000
        report.marksChanged = 12
        report.skippedItems = 3
        report.keptSaved = 1
        report.duration = .milliseconds(1_200)
        #expect(
            report.summary(service: "rss.example")
                == "Synced with rss.example: 3 changes sent · 20 feeds (2 new, 1 removed) · 10,000 new items"
                + " · 12 marks changed there · 3 unreadable items skipped"
                + " · 1 saved item kept here (gone from the service) in 1.2 s")
        var one = SyncReport()
        one.feeds = 1
        one.newItems = 1
        one.sent = 1
        one.marksChanged = 1
        one.keptSaved = 2
        #expect(
            one.summary(service: "h")
                == "Synced with h: 1 change sent · 1 feed · 1 new item · 1 mark changed there"
                + " · 2 saved items kept here (gone from the service) in 0.0 s")
    }
}
