import Account
import FilterLanguage
import Foundation
import Logging
import Networking
import NewsModels
import ReaderAPIStub
import Store
import Sync
import Testing

/// The sync against a service that misbehaves (the stub's faults): numbers out of range, pages
/// that never end, resume points refused, ids that cannot be read, checks that leave items out.
/// Whatever it answers, no mark and no saved item is lost here and no sync traps.
@Suite(.timeLimit(.minutes(3)))
struct SyncMisbehavingServiceTests {
    // MARK: - The service's clock

    @Test func aServiceClockOfInt64MinIsNeverStoredNorComputedWith() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 3)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            server.setFault(.updated(.min))
            let first = await harness.sync()
            #expect(first.error == nil)
            let since = try #require(try await harness.store.syncValues()["since"].flatMap { Int64($0) })
            #expect(ServiceTime.window(now: Date()).contains(since))

            // A store written before the check: the next sync, against an honest server, asks
            // from 1970 at worst and completes.
            try await harness.store.setSyncValues(["since": String(Int64.min)])
            server.setFault(nil)
            server.account { $0.addItems(to: $0.feeds[0].streamID, count: 2) }
            let later = await harness.sync()
            #expect(later.error == nil && later.newItems == 2)
            let ot = server.requests.last { $0.path.contains("stream/contents") }?.query("ot")
            #expect(ot == "0")
        }
    }

    @Test(arguments: [
        Int64(Date().timeIntervalSince1970) + 50 * 365 * 86_400, Int64(Date().timeIntervalSince1970) * 1_000,
    ])
    func aServiceClockFarAheadOrInMillisecondsIsNotWhereTheNextSyncAsksFrom(updated: Int64) async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 3)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            server.setFault(.updated(updated))
            #expect(await harness.sync().error == nil)
            server.setFault(nil)
            #expect(await harness.sync().error == nil)
            let ot = try #require(
                server.requests.last { $0.path.contains("stream/contents") }?.query("ot").flatMap {
                    Int64($0)
                })
            #expect(ot <= Int64(Date().timeIntervalSince1970))
        }
    }

    // MARK: - Pages and resume points

    @Test(.timeLimit(.minutes(1)))
    func aListOfIDsThatNeverEndsStopsAtTheLimitOfPages() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 3)).whileRunning {
            server in
            let store = try NewsStore.inMemory()
            #expect(await SyncHarness(server: server, store: store).sync().error == nil)
            server.setFault(.endlessIDs)
            let before = server.requestCount
            let report = await Self.engine(server, store, SyncEngine.Options(pageSize: 10, pageLimit: 50))
                .sync()
            #expect(report.error?.sentence.contains("past 50") == true)
            #expect(server.requestCount - before <= 60)
            // Nothing was taken from the marks by the list cut short.
            #expect(try await store.feedSummaries(for: nil).first?.unreadCount == 3)
        }
    }

    @Test(arguments: [400, 500])
    func aStoredContinuationTheServiceRefusesIsDroppedAndTheStageReadAgain(status: Int) async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 30)).whileRunning {
            server in
            let store = try NewsStore.inMemory()
            // As a sync stopped at its page limit leaves it.
            try await store.setSyncValues([
                "pull.stage": "unread", "pull.continuation": "gone-since-yesterday",
            ])
            server.setFault(.refuseContinuation(status))
            let report = await SyncHarness(server: server, store: store).sync()
            #expect(report.error == nil)
            #expect(try await store.feedSummaries(for: nil).first?.itemCount == 30)
            #expect(try await store.syncValues()["pull.continuation"] == nil)
            #expect(await SyncHarness(server: server, store: store).sync().error == nil)
        }
    }

    @Test func aLongContinuationIsSentBackWholeAndOneTooLongStopsTheSyncWithASentence() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 30)).whileRunning {
            server in
            let store = try NewsStore.inMemory()
            server.setFault(.longContinuation(5_000))
            let report = await Self.engine(server, store, SyncEngine.Options(pageSize: 10)).sync()
            #expect(report.error == nil)
            #expect(try await store.feedSummaries(for: nil).first?.itemCount == 30)
            let sent = server.requests.compactMap { $0.query("c") }
            #expect(!sent.isEmpty && sent.allSatisfy { $0.utf8.count == 5_000 })

            let other = try NewsStore.inMemory()
            server.setFault(.longContinuation(9_000))
            let refused = await Self.engine(server, other, SyncEngine.Options(pageSize: 10)).sync()
            #expect(refused.error?.sentence.contains("a continuation longer than 8 KiB") == true)
        }
    }

    @Test func bytesAfterTheAnswerStopTheSyncWithASentence() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 3)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            server.setFault(.trailingBytes)
            let report = await harness.sync()
            #expect(report.error?.sentence.contains("bytes after the end of the answer") == true)
            server.setFault(nil)
            #expect(await harness.sync().error == nil)
        }
    }

    // MARK: - Ids

    @Test func idsPast2To63InUnsignedDecimalAreRead() async throws {
        var account = ReaderAPIAccount(firstItemID: Int64.min + 5)
        let stream = account.addFeed(title: "Wide", url: "https://wide.example/rss")
        let ids = account.addItems(to: stream, count: 4)
        account.mark([ids[0]], starred: true)
        try await ReaderAPIStubServer(account: account).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            let first = await harness.sync()
            #expect(first.error == nil && first.marksChanged == 0)
            let second = await harness.sync()
            #expect(second.error == nil && second.marksChanged == 0)
            #expect(try await harness.store.feedSummaries(for: nil).first?.unreadCount == 4)
            #expect(try await harness.store.savedArticles().count == 1)
        }
    }

    @Test func anIDThatCannotBeReadMakesTheListIncompleteSoNoMarkIsTakenAway() async throws {
        var account = ReaderAPIAccount.sample(feeds: 1, items: 4)
        let starred = account.items[0].id
        account.mark([starred], starred: true)
        try await ReaderAPIStubServer(account: account).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            server.setFault(.unreadableID)
            let report = await harness.sync()
            #expect(report.marksChanged == 0)
            #expect(try await harness.store.feedSummaries(for: nil).first?.unreadCount == 4)
            #expect(try await harness.store.savedArticles().count == 1)
        }
    }

    // MARK: - Acknowledgements

    @Test func aChangeMissingFromTheCheckIsSentAgainNotCountedAsThere() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 80)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            let feed = try #require(try await harness.store.syncedFeeds().first?.url)
            #expect(try await harness.store.markFeedsRead([feed]) == 80)
            // Sent by a sync whose edit-tag timed out: the service never applied them, and its
            // check leaves them all out.
            try await harness.store.markSyncChangesSent(try await harness.store.pendingSyncChanges())
            server.setFault(.emptyItemContents)
            let report = await harness.sync()
            #expect(report.error == nil)
            #expect(report.alreadyThere == 0 && report.sent == 80 && report.waiting == 0)
            #expect(server.account { $0.items.allSatisfy(\.read) })
            #expect(try await harness.store.feedSummaries(for: nil).first?.unreadCount == 0)
        }
    }

    @Test func aCheckThatAnswersSomeItemsAcknowledgesOnlyThoseItShows() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 4)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            let feed = try #require(try await harness.store.syncedFeeds().first?.url)
            #expect(try await harness.store.markFeedsRead([feed]) == 4)
            // Sent by a sync that never learned the answer; the service did apply them.
            try await harness.store.markSyncChangesSent(try await harness.store.pendingSyncChanges())
            server.account { $0.mark($0.items.map(\.id), read: true) }
            server.setFault(.partialItemContents)
            let report = await harness.sync()
            #expect(report.error == nil)
            // The two shown read are acknowledged; the two left out are sent again.
            #expect(report.alreadyThere == 2 && report.sent == 2 && report.waiting == 0)
            #expect(server.edits.flatMap(\.ids).count == 2)
            #expect(try await harness.store.feedSummaries(for: nil).first?.unreadCount == 0)
        }
    }

    // MARK: - Saved items

    @Test func aCheckThatAnswersSomeItemsAndOmitsOthersTreatsTheOmittedOnesAsGone() async throws {
        var account = ReaderAPIAccount.sample(feeds: 1, items: 4)
        let starred = account.items.prefix(2).map(\.id)
        account.mark(starred, starred: true)
        try await ReaderAPIStubServer(account: account).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            #expect(try await harness.store.savedArticles().count == 2)
            // Both unstarred at the service; its check shows one of them and leaves the other out.
            server.account { $0.mark(starred, starred: false) }
            server.setFault(.partialItemContents)
            let report = await harness.sync()
            #expect(report.error == nil)
            let checks = server.requests.filter { $0.path.hasSuffix("stream/items/contents") }
            #expect(checks.count == 1 && checks.first?.fields("i").count == 2)
            // The one shown unstarred is unsaved; the one left out beside it is gone from the
            // service: kept saved here, as this machine's own.
            #expect(report.keptSaved == 1)
            #expect(try await harness.store.savedArticles().count == 1)
            // The service shows it again: it stays saved here, and the save goes there as a star.
            server.setFault(nil)
            let later = await harness.sync()
            #expect(later.error == nil && later.keptSaved == 0)
            #expect(try await harness.store.savedArticles().count == 1)
            #expect(await harness.sync().error == nil)
            #expect(try await harness.store.savedArticles().count == 1)
            #expect(server.account { $0.items.filter(\.starred).count } == 1)
            #expect(try await harness.store.syncChangeCount() == 0)
        }
    }

    @Test func savedItemsStaySavedWhenTheirFeedLeavesTheService() async throws {
        var account = ReaderAPIAccount.sample(feeds: 2, items: 3)
        let starred = account.items.first { $0.feed == 1 }!.id
        account.mark([starred], starred: true)
        try await ReaderAPIStubServer(account: account).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            let feed = try #require(try await harness.store.syncedFeeds().first?.url)
            let other = try #require(
                server.account { $0.items.first { $0.feed == 1 && $0.id != starred }?.id })
            try await harness.store.markFeedItemSaved(feed: feed, itemID: SyncHarness.itemID(other))
            #expect(await harness.sync().sent == 1)
            #expect(try await harness.store.savedArticles().count == 2)

            // Unsubscribed elsewhere: the service drops the feed's items and their stars.
            server.account { $0.unsubscribe("feed/1") }
            let report = await harness.sync()
            #expect(report.error == nil && report.feedsRemoved == 1)
            #expect(try await harness.store.savedArticles().count == 2)
            #expect(await harness.sync().error == nil)
            #expect(try await harness.store.savedArticles().count == 2)
        }
    }

    @Test func aSavedItemTheServiceForgetsStaysSavedButOneUnstarredElsewhereIsUnsaved() async throws {
        var account = ReaderAPIAccount.sample(feeds: 1, items: 3)
        let (forgotten, unstarred) = (account.items[0].id, account.items[1].id)
        account.mark([forgotten, unstarred], starred: true)
        try await ReaderAPIStubServer(account: account).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            #expect(try await harness.store.savedArticles().count == 2)
            server.account {
                $0.forget([forgotten])
                $0.mark([unstarred], starred: false)
            }
            let report = await harness.sync()
            #expect(report.error == nil)
            let saved = try await harness.store.savedArticles()
            #expect(saved.count == 1)
            #expect(saved.first?.url.absoluteString.hasSuffix("/item/1/3") == true)
        }
    }

    // MARK: - One way to mark

    @Test func markReadOnAFilteredListOfSyncedItemsIsSent() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 4)).whileRunning {
            server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            let feed = try #require(try await harness.store.syncedFeeds().first?.url)
            let filter = NewsStore.FeedFilter(
                expression: try FilterParser.parse(#"title =~ "Item [12]$""#),
                feeds: [feed: FilterFeed(url: feed.absoluteString, title: "Feed 1")])
            #expect(try await harness.store.markFilteredFeedItemsRead(filter) == 2)
            #expect(try await harness.store.syncChangeCount() == 2)
            let report = await harness.sync()
            #expect(report.sent == 2 && report.error == nil)
            let read = server.account { $0.items.filter(\.read).map(\.title) }
            #expect(Set(read) == ["Item 1", "Item 2"])
            #expect(try await harness.store.feedSummaries(for: nil).first?.unreadCount == 2)
        }
    }

    // MARK: - Retry-After

    @Test func aRetryAfterWithinTheCapIsWaitedForAndALongerOneFailsAtOnce() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 3)).whileRunning {
            server in
            let store = try NewsStore.inMemory()
            let waits = Locked<[Duration]>([])
            let client = ReaderAPIClient(
                base: server.baseURL, auth: server.options.auth, http: CurlHTTPClient(),
                sleep: { wait in waits.withLock { $0.append(wait) } })
            let engine = SyncEngine(
                client: client, storage: StoreSyncStorage(store: store),
                logger: .init(label: "sync") { _ in SwiftLogNoOpLogHandler() })
            server.setFault(.retryAfter(status: 429, seconds: 5, times: 2))
            let report = await engine.sync()
            #expect(report.error == nil && report.newItems == 3)
            #expect(waits.withLock { $0 } == [.seconds(5), .seconds(5)])

            server.setFault(.retryAfter(status: 503, seconds: 7_200, times: 1))
            let later = await engine.sync()
            #expect(
                later.error?.sentence
                    == "127.0.0.1:\(server.port) asks NewsApp to come back in 2 hours (503 Service Unavailable). Try again then."
            )
            // Four times in a row: three waits, then the sentence.
            server.setFault(.retryAfter(status: 429, seconds: 1, times: 4))
            let busy = await engine.sync()
            #expect(busy.error?.sentence.contains("come back in 1 second") == true)
            #expect(waits.withLock { $0.count } == 5)
        }
    }

    /// RFC 9110's example instant, Sun, 06 Nov 1994 08:49:37 GMT: the clock of the client that
    /// reads the dates below.
    static let example = Date(timeIntervalSince1970: 784_111_777)

    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:50:07 GMT", 30), ("Sunday, 06-Nov-94 08:50:07 GMT", 30),
        ("Sun Nov  6 08:50:07 1994", 30), ("Sun, 06 Nov 1994 08:00:00 GMT", 0),
    ])
    func aRetryAfterDateWithinTheCapIsWaitedForAndOnePastIsNoWait(value: String, seconds: Int) async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 3)).whileRunning {
            server in
            let (engine, waits) = try Self.engine(server, now: Self.example)
            server.setFault(.retryAfterValue(status: 503, value: value, times: 1))
            let report = await engine.sync()
            #expect(report.error == nil && report.newItems == 3)
            #expect(waits.withLock { $0 } == [.seconds(seconds)])
            // The request waited for was sent again: the first one twice.
            #expect(
                server.requests.prefix(2).map(\.path) == Array(repeating: server.requests[0].path, count: 2))
        }
    }

    @Test func aRetryAfterDatePastTheCapStopsTheSyncAndOneThatIsNoDateIsNotWaitedFor() async throws {
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 1, items: 3)).whileRunning {
            server in
            let (engine, waits) = try Self.engine(server, now: Self.example)
            server.setFault(.retryAfterValue(status: 503, value: "Sun, 06 Nov 1994 10:49:37 GMT", times: 1))
            let later = await engine.sync()
            #expect(
                later.error?.sentence
                    == "127.0.0.1:\(server.port) asks NewsApp to come back in 2 hours (503 Service Unavailable). Try again then."
            )
            for value in ["soon", "Sun, 06 Nov 1994 08:50:07 PST", "Sun, 31 Feb 1994 08:50:07 GMT", "-5"] {
                server.setFault(.retryAfterValue(status: 429, value: value, times: 1))
                let busy = await engine.sync()
                #expect(
                    busy.error?.sentence
                        == "127.0.0.1:\(server.port) is busy (429 Too Many Requests). Try again later.",
                    "\(value)")
            }
            #expect(waits.withLock { $0 }.isEmpty)
            server.setFault(nil)
            #expect(await engine.sync().error == nil)
        }
    }

    /// An engine over a new store against `server`, whose client reads the time as `now` and
    /// records the waits it is asked for instead of waiting.
    static func engine(_ server: ReaderAPIStubServer, now: Date) throws -> (SyncEngine, Locked<[Duration]>) {
        let waits = Locked<[Duration]>([])
        let client = ReaderAPIClient(
            base: server.baseURL, auth: server.options.auth, http: CurlHTTPClient(),
            sleep: { wait in waits.withLock { $0.append(wait) } }, now: { now })
        let engine = SyncEngine(
            client: client, storage: StoreSyncStorage(store: try NewsStore.inMemory()),
            logger: .init(label: "sync") { _ in SwiftLogNoOpLogHandler() })
        return (engine, waits)
    }

    /// An engine over `store` with `options`, against `server`.
    static func engine(_ server: ReaderAPIStubServer, _ store: NewsStore, _ options: SyncEngine.Options)
        -> SyncEngine
    {
        SyncEngine(
            client: SyncHarness(server: server, store: store).service.client,
            storage: StoreSyncStorage(store: store), options: options,
            logger: .init(label: "sync") { _ in SwiftLogNoOpLogHandler() })
    }
}
