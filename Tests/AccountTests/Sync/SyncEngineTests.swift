import Account
import Foundation
import Logging
import NewsModels
import ReaderAPIStub
import Store
import Sync
import Testing

/// The engine over the real store against our server: what a first and a later sync bring, marks
/// both ways and the conflict rule, batches, and every fault of the server as one sentence with
/// nothing lost.
@Suite(.timeLimit(.minutes(3)))
struct SyncEngineTests {
    @Test func theFirstSyncBringsTheUnreadAndStarredItemsAndLaterOnesOnlyWhatIsNew() async throws {
        var account = ReaderAPIAccount.sample(feeds: 2, items: 5)
        let ids = account.items.map(\.id)
        account.mark([ids[0], ids[1]], read: true)
        account.mark([ids[1]], starred: true)
        try await ReaderAPIStubServer(account: account).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            let first = await harness.sync()
            #expect(first.error == nil)
            #expect(first.feeds == 2 && first.feedsAdded == 2)
            // The read item that is not starred stays at the service.
            #expect(first.newItems == 9)
            let feeds = try await harness.store.feedSummaries(for: nil)
            #expect(feeds.map(\.unreadCount).reduce(0, +) == 8)
            #expect(try await harness.store.savedArticles().count == 1)

            let stream = server.account { $0.feeds[0].streamID }
            server.account { $0.addItems(to: stream, count: 3) }
            let before = server.requestCount
            let second = await harness.sync()
            #expect(second.newItems == 3 && second.error == nil)
            let pages = server.requests.dropFirst(before).filter { $0.path.contains("stream/contents") }
            #expect(pages.count == 1)
            #expect(pages.first?.query("ot") != nil && pages.first?.query("xt") == nil)
            #expect(try await harness.store.checkIntegrity() == [])
        }
    }

    @Test func marksTravelBothWays() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 4)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            _ = await harness.sync()
            let feed = try #require(try await harness.store.syncedFeeds().first?.url)
            let ids = server.account { $0.items.map(\.id) }
            try await harness.store.markFeedItemRead(feed: feed, itemID: SyncHarness.itemID(ids[0]))
            try await harness.store.markFeedItemSaved(feed: feed, itemID: SyncHarness.itemID(ids[1]))
            server.account { $0.mark([ids[2]], read: true) }
            let report = await harness.sync()
            #expect(report.sent == 2 && report.marksChanged == 1 && report.waiting == 0)
            #expect(server.account { $0.item(ids[0]) }?.read == true)
            #expect(server.account { $0.item(ids[1]) }?.starred == true)
            let read = try await harness.store.readFeedItems(
                among: ids.map { FeedItemReference(feed: feed, item: SyncHarness.itemID($0)) })
            #expect(Set(read.map(\.item)) == [SyncHarness.itemID(ids[0]), SyncHarness.itemID(ids[2])])
        }
    }

    @Test func aChangeMadeHereWinsUntilSentAndTheServiceWinsAfter() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 3)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            _ = await harness.sync()
            let feed = try #require(try await harness.store.syncedFeeds().first?.url)
            let id = server.account { $0.items[0].id }
            let reference = FeedItemReference(feed: feed, item: SyncHarness.itemID(id))
            // Read here while the service cannot be reached: the service's "unread" does not undo it.
            try await harness.store.markFeedItemRead(feed: feed, itemID: reference.item)
            server.setFault(.status(503))
            let failed = await harness.sync()
            #expect(failed.error == .status(503, host: "127.0.0.1:\(server.port)") && failed.waiting == 1)
            server.setFault(nil)
            // Pull only (the push is what makes it the service's): the mark here stays.
            let marks = try await harness.store.applySyncMarks(
                unread: server.account { $0.items.map(\.id) }, unreadComplete: true, starred: [],
                starredComplete: true)
            #expect(marks == 0)
            #expect(try await harness.store.readFeedItems(among: [reference]) == [reference])
            _ = await harness.sync()
            #expect(server.account { $0.item(id) }?.read == true)
            // Acknowledged: now the service's state wins.
            server.account { $0.mark([id], read: false) }
            let after = await harness.sync()
            #expect(after.marksChanged == 1)
            #expect(try await harness.store.readFeedItems(among: [reference]).isEmpty)
        }
    }

    @Test func thousandsOfMarksGoInBatchesOfAThousand() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 5, items: 500)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            _ = await harness.sync()
            let feeds = try await harness.store.syncedFeeds().map(\.url)
            #expect(try await harness.store.markFeedsRead(feeds) == 2_500)
            let report = await harness.sync()
            #expect(report.sent == 2_500)
            #expect(server.edits.map(\.ids.count) == [1_000, 1_000, 500])
            #expect(server.account { $0.items.allSatisfy(\.read) })
            #expect(try await harness.store.syncChangeCount() == 0)
        }
    }

    @Test func changesWhoseFateWasUnknownAreNotSentAgainWhenTheServiceHasThem() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 3)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            _ = await harness.sync()
            let feed = try #require(try await harness.store.syncedFeeds().first?.url)
            let ids = server.account { $0.items.map(\.id) }
            for id in ids {
                try await harness.store.markFeedItemRead(feed: feed, itemID: SyncHarness.itemID(id))
            }
            // A sync sent them and died before the answer: the service applied two of the three.
            try await harness.store.markSyncChangesSent(try await harness.store.pendingSyncChanges())
            server.account { $0.mark([ids[0], ids[1]], read: true) }
            let report = await harness.sync()
            #expect(report.alreadyThere == 2 && report.sent == 1)
            #expect(server.edits.map(\.ids) == [[ids[2]]])
        }
    }

    @Test func aRejectedWriteTokenIsFetchedAgainAndTheChangesGo() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 2)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            _ = await harness.sync()
            let feed = try #require(try await harness.store.syncedFeeds().first?.url)
            try await harness.store.markFeedsRead([feed])
            server.setFault(.rejectWriteTokenOnce)
            let report = await harness.sync()
            #expect(report.error == nil && report.sent == 2)
            #expect(server.edits.count == 1)
        }
    }

    @Test func anExpiredLoginStopsTheSyncWithTheWayOutAndKeepsTheChanges() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 2)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            _ = await harness.sync()
            let feed = try #require(try await harness.store.syncedFeeds().first?.url)
            try await harness.store.markFeedsRead([feed])
            server.setFault(.expiredLogin)
            let report = await harness.sync()
            #expect(report.error?.needsLogin == true)
            #expect(report.error?.sentence.contains("run newsapp sync login") == true)
            #expect(report.waiting == 2)
            let values = try await harness.store.syncValues()
            #expect(values["lastError"] == report.error?.sentence)
        }
    }

    @Test func aServerThatNeverAnswersStopsTheSyncAtItsDeadline() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 2)).whileRunning {
            server in
            server.setFault(.neverAnswers)
            var harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            harness.settings.timeout = 1
            let report = await harness.sync()
            #expect(report.error?.sentence == "127.0.0.1:\(server.port) did not answer within 1 second.")
        }
    }

    @Test func aContinuationThatRepeatsOrNeverEndsStopsWithASentence() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 30)).whileRunning {
            server in
            let store = try NewsStore.inMemory()
            server.setFault(.continuationLoop)
            let looping = await SyncHarness(server: server, store: store).sync()
            #expect(looping.error?.sentence.contains("lead back to one already read") == true)
            server.setFault(.endlessContinuation)
            let engine = SyncEngine(
                client: SyncHarness(server: server, store: store).service.client,
                storage: StoreSyncStorage(store: store),
                options: SyncEngine.Options(pageSize: 10, pageLimit: 50),
                logger: .init(label: "sync") { _ in SwiftLogNoOpLogHandler() })
            let endless = await engine.sync()
            #expect(endless.error?.sentence.contains("kept sending pages past 50") == true)
            // What arrived is kept, whole pages only, and the next sync completes it.
            server.setFault(nil)
            let whole = await SyncHarness(server: server, store: store).sync()
            #expect(whole.error == nil)
            #expect(try await store.feedSummaries(for: nil).first?.itemCount == 30)
        }
    }

    @Test func itemsWithMissingFieldsAreKeptWhereTheyCanBeAndCountedWhereNot() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 6)).whileRunning {
            server in
            server.setFault(.missingFields)
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            let report = await harness.sync()
            #expect(report.error == nil)
            // The page: the 1st item has no id and the 3rd no feed (skipped), the 2nd, 4th and 6th
            // no title, time or categories (kept). The two missing are asked for again: the 3rd
            // comes back second, as a sparse item with its feed, and is kept this time.
            #expect(report.skippedItems == 3)
            #expect(report.newItems == 5)
            let titles = try await harness.store.feedItems(
                of: try #require(try await harness.store.syncedFeeds().first?.url))
            #expect(titles.allSatisfy { !$0.item.title.isEmpty })
        }
    }

    @Test func hostileAndNonLatinTextIsKeptCleanAndLabelsWithSlashesOrQuotesAreKept() async throws {
        var account = ReaderAPIAccount()
        let stream = account.addFeed(
            title: "Вестник \u{1B}]52;c;cGF3bmVk\u{07}Заречья", url: "https://vestnik.example/rss",
            labels: ["Наука/Science", "Quoted \"label\""])
        account.addItem(
            to: stream, title: "Орнитологи \u{1B}[2J\u{202E}насчитали 🐦", content: "<p>Текст\u{1B}[31m</p>",
            author: "Анна\u{07}")
        try await ReaderAPIStubServer(account: account).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            let feed = try #require(try await harness.store.syncedFeeds().first)
            #expect(feed.title == "Вестник Заречья")
            #expect(feed.labels == ["Наука/Science", "Quoted \"label\""])
            let item = try #require(try await harness.store.feedItems(of: feed.url).first)
            #expect(item.item.title == "Орнитологи насчитали 🐦")
            #expect(item.item.content == "Текст")
            #expect(item.item.author == "Анна")
        }
    }
}
