import FilterLanguage
import Foundation
import Networking
import Store
import Testing

/// The sync against a real FreshRSS (FreshRSS 1.25, from `FRESHRSS_ARCHIVE`; `.ci/run` sets it when
/// `../shared/servers` holds the archive): two stores as one user, a feed added here that FreshRSS
/// fetches from 127.0.0.1, and star, unstar, unsubscribe. Each test starts its own instance.
@Suite(
    "Sync against FreshRSS", .timeLimit(.minutes(5)), .serialized,
    .enabled(if: FreshRSS.isAvailable, "FRESHRSS_ARCHIVE is not set: the FreshRSS suite is skipped"))
struct FreshRSSTests {
    /// Signs `sandbox` in to `freshrss`.
    static func login(_ sandbox: Sandbox, _ freshrss: FreshRSS) async throws {
        let login = try await sandbox.run(
            ["sync", "login", freshrss.base.absoluteString, "--user", freshrss.user],
            input: freshrss.password + "\n")
        try #require(login.status == 0, "\(login.err)")
    }

    /// The stored items of the service's feeds in `sandbox`.
    static func items(_ sandbox: Sandbox) async throws -> [StoredFeedItem] {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        defer { try? store.close() }
        var items: [StoredFeedItem] = []
        for feed in try await store.syncedFeeds() { items += try await store.feedItems(of: feed.url) }
        return items
    }

    @Test func aFeedAddedHereIsFetchedByFreshRSSAndItsItemsArriveUnderItsLabel() async throws {
        let feeds = try FeedServer(files: ["/orbit.atom": FeedServer.atom("orbit", count: 4)])
        try await FreshRSS.whileRunning { freshrss in
            let sandbox = try Sandbox()
            try await Self.login(sandbox, freshrss)
            let add = try await sandbox.run(["feeds", "add", feeds.base + "/orbit.atom", "--tag", "Space"])
            #expect(add.status == 0, "\(add.err)")
            #expect(add.out.contains("“orbit”") && add.out.contains("4 items"))
            // FreshRSS itself fetched the feed from 127.0.0.1.
            #expect(feeds.requestHeads.contains { $0.path == "/orbit.atom" })
            #expect(try await freshrss.subscriptions().map(\.labels) == [["Space"]])
            let items = try await Self.items(sandbox)
            #expect(Set(items.map(\.item.title)) == Set((0..<4).map { "orbit story \($0) v1" }))
            let front = try await sandbox.run([], input: "q\n")
            #expect(front.out.contains("Space · 4 unread"))
        }
        await feeds.stop()
    }

    @Test func aMarkMadeInOneStoreReachesAnotherSignedInAsTheSameUser() async throws {
        let feeds = try FeedServer(files: ["/harbour.atom": FeedServer.atom("harbour", count: 3)])
        try await FreshRSS.whileRunning { freshrss in
            let first = try Sandbox()
            let second = try Sandbox()
            try await Self.login(first, freshrss)
            try await Self.login(second, freshrss)
            #expect(try await first.run(["feeds", "add", feeds.base + "/harbour.atom"]).status == 0)
            #expect(try await second.run(["sync"]).status == 0)
            let items = try await Self.items(first)
            let read = try #require(items.first { $0.item.title == "harbour story 1 v1" })
            let starred = try #require(items.first { $0.item.title == "harbour story 2 v1" })

            let (store, _) = try NewsStore.open(at: first.storeURL)
            try await store.markFeedItemRead(feed: read.feedURL, itemID: read.item.id)
            try store.close()
            #expect(try await first.run(["sync"]).status == 0)
            let shortRead = try #require(FreshRSS.shortID(read.item.id))
            #expect(try await freshrss.ids(tagged: "read") == [shortRead])

            let (other, _) = try NewsStore.open(at: second.storeURL)
            try await other.markFeedItemSaved(feed: starred.feedURL, itemID: starred.item.id)
            try other.close()
            let synced = try await second.run(["sync", "--json"])
            #expect(synced.out.contains("\"marksChanged\" : 1"))
            #expect(try await first.run(["sync"]).status == 0)

            let inFirst = try await Self.items(first)
            let inSecond = try await Self.items(second)
            #expect(inSecond.first { $0.item.id == read.item.id }?.read == true)
            #expect(inFirst.first { $0.item.id == starred.item.id }?.saved == true)
            #expect(inFirst.filter(\.read).count == 1 && inSecond.filter(\.read).count == 1)
        }
        await feeds.stop()
    }

    @Test func starUnstarAndUnsubscribeReachFreshRSS() async throws {
        let feeds = try FeedServer(files: ["/orbit.atom": FeedServer.atom("orbit", count: 2)])
        try await FreshRSS.whileRunning { freshrss in
            let sandbox = try Sandbox()
            try await Self.login(sandbox, freshrss)
            #expect(try await sandbox.run(["feeds", "add", feeds.base + "/orbit.atom"]).status == 0)
            let item = try #require(try await Self.items(sandbox).first)
            let id = try #require(FreshRSS.shortID(item.item.id))

            let (store, _) = try NewsStore.open(at: sandbox.storeURL)
            try await store.markFeedItemSaved(feed: item.feedURL, itemID: item.item.id)
            #expect(try await sandbox.run(["sync"]).status == 0)
            #expect(try await freshrss.ids(tagged: "starred") == [id])
            try await store.markFeedItemSaved(feed: item.feedURL, itemID: item.item.id, saved: false)
            try store.close()
            #expect(try await sandbox.run(["sync"]).status == 0)
            #expect(try await freshrss.ids(tagged: "starred").isEmpty)

            let remove = try await sandbox.run(["feeds", "remove", "1"])
            #expect(remove.status == 0, "\(remove.err)")
            #expect(try await freshrss.subscriptions().isEmpty)
            #expect(try await sandbox.run(["sync"]).status == 0)
            #expect(try await Self.items(sandbox).isEmpty)
        }
        await feeds.stop()
    }

    @Test func feedsAddWithTwoTagsSaysWhichLabelFreshRSSKept() async throws {
        let feeds = try FeedServer(files: ["/orbit.atom": FeedServer.atom("orbit", count: 1)])
        try await FreshRSS.whileRunning { freshrss in
            let sandbox = try Sandbox()
            try await Self.login(sandbox, freshrss)
            let add = try await sandbox.run([
                "feeds", "add", feeds.base + "/orbit.atom", "--tag", "A", "--tag", "B",
            ])
            #expect(add.status == 0, "\(add.err)")
            let kept = try #require(try await freshrss.subscriptions().first?.labels)
            #expect(add.out.contains("Labels: " + kept.joined(separator: ", ")), "\(add.out)")
            if kept.count < 2 { #expect(add.out.contains("did not keep"), "\(add.out)") }
        }
        await feeds.stop()
    }

    @Test func savedItemsStaySavedWhenTheirFeedIsUnsubscribedElsewhere() async throws {
        let feeds = try FeedServer(files: ["/orbit.atom": FeedServer.atom("orbit", count: 2)])
        try await FreshRSS.whileRunning { freshrss in
            let sandbox = try Sandbox()
            try await Self.login(sandbox, freshrss)
            #expect(try await sandbox.run(["feeds", "add", feeds.base + "/orbit.atom"]).status == 0)
            let item = try #require(try await Self.items(sandbox).first)
            let (store, _) = try NewsStore.open(at: sandbox.storeURL)
            try await store.markFeedItemSaved(feed: item.feedURL, itemID: item.item.id)
            try store.close()
            #expect(try await sandbox.run(["sync"]).status == 0)
            #expect(try await freshrss.ids(tagged: "starred").count == 1)

            // Another client unsubscribes: FreshRSS drops the feed's items and their stars.
            let stream = try #require(try await freshrss.streamIDs().first)
            let answer = try await freshrss.post("subscription/edit", [("ac", "unsubscribe"), ("s", stream)])
            #expect(answer.hasPrefix("OK"))
            let sync = try await sandbox.run(["sync"])
            #expect(sync.status == 0, "\(sync.err)")
            #expect(sync.out.contains("1 saved item kept here"), "\(sync.out)")
            #expect(try await sandbox.run(["sync"]).status == 0)
            let (after, _) = try NewsStore.open(at: sandbox.storeURL)
            defer { try? after.close() }
            #expect(try await after.savedArticles().map(\.title) == [item.item.title])
        }
        await feeds.stop()
    }

    @Test func markReadOnAFilteredListReachesFreshRSS() async throws {
        let feeds = try FeedServer(files: ["/harbour.atom": FeedServer.atom("harbour", count: 3)])
        try await FreshRSS.whileRunning { freshrss in
            let sandbox = try Sandbox()
            try await Self.login(sandbox, freshrss)
            #expect(try await sandbox.run(["feeds", "add", feeds.base + "/harbour.atom"]).status == 0)
            let target = try #require(
                try await Self.items(sandbox).first { $0.item.title == "harbour story 1 v1" })
            let (store, _) = try NewsStore.open(at: sandbox.storeURL)
            let filter = NewsStore.FeedFilter(
                expression: try FilterParser.parse(#"title =~ "story 1 v1""#),
                feeds: [target.feedURL: FilterFeed(url: target.feedURL.absoluteString, title: "harbour")])
            #expect(try await store.markFilteredFeedItemsRead(filter) == 1)
            try store.close()
            #expect(try await sandbox.run(["sync"]).status == 0)
            let short = try #require(FreshRSS.shortID(target.item.id))
            #expect(try await freshrss.ids(tagged: "read") == [short])
        }
        await feeds.stop()
    }
}
