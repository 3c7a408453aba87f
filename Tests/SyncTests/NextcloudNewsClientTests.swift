import Foundation
import Networking
import NewsModels
import ReaderAPIStub
import Testing

@testable import Sync

/// The Nextcloud News client against our Nextcloud News server over a real socket: the calls of
/// API v1.3 as its document gives them, the password in `Authorization: Basic` only, and each of
/// the stub's faults that means something for this API, one sentence each.
@Suite(.timeLimit(.minutes(2)))
struct NextcloudNewsClientTests {
    static let http = CurlHTTPClient()

    static func account(items: Int = 3) -> ReaderAPIAccount {
        var account = ReaderAPIAccount()
        let orbit = account.addFeed(title: "Orbit", url: "https://orbit.example/feed", labels: ["Space"])
        account.addItems(to: orbit, count: items)
        account.addFeed(title: "Harbour", url: "https://harbour.example/feed")
        return account
    }

    static func client(
        _ server: NextcloudNewsStubServer, password: String = "api-password",
        options: ReaderAPIClient.Options = ReaderAPIClient.Options(),
        sleep: @escaping ReaderAPIClient.Sleep = { _ in }
    ) -> NextcloudNewsClient {
        NextcloudNewsClient(
            base: server.baseURL, user: "reader", password: password, http: http, options: options,
            sleep: sleep)
    }

    static func host(_ server: NextcloudNewsStubServer) -> String { "127.0.0.1:\(server.port)" }

    // MARK: - The calls

    @Test func theVersionTheFoldersAndTheFeedsWithThePasswordInTheHeaderOnly() async throws {
        try await NextcloudNewsStubServer(account: Self.account()).whileRunning { server in
            let client = Self.client(server)
            #expect(client.endpoint == server.apiURL)
            #expect(NextcloudNewsClient.endpoint(server.apiURL) == server.apiURL)
            #expect(try await client.version() == "25.0.0")
            let feeds = try await client.subscriptions()
            #expect(feeds.map(\.streamID) == ["feed/1", "feed/2"])
            #expect(feeds.map(\.labels) == [["Space"], []])
            #expect(feeds.map(\.title) == ["Orbit", "Harbour"])
            let basic = "Basic " + Data("reader:api-password".utf8).base64EncodedString()
            #expect(
                server.requests.map(\.path).map {
                    $0.replacingOccurrences(of: server.options.basePath, with: "")
                }
                    == ["/version", "/folders", "/feeds"])
            for request in server.requests {
                #expect(request.header("Authorization") == basic)
                #expect(!request.path.contains("api-password"))
                #expect(request.query.allSatisfy { !$0.value.contains("api-password") })
            }
            await #expect(throws: SyncError.loginRefused(host: Self.host(server), service: .nextcloud)) {
                try await Self.client(server, password: "wrong").version()
            }
            #expect(
                !SyncError.loginRefused(host: Self.host(server), service: .nextcloud).sentence.contains(
                    "api-password"))
        }
    }

    @Test func itemsArePagedDownByOffsetAndTheIDsOfTheUnreadAndStarredAreRead() async throws {
        try await NextcloudNewsStubServer(account: Self.account(items: 25)).whileRunning { server in
            let client = Self.client(server)
            let all = server.account { $0.items.map(\.id) }.sorted(by: >)
            server.account { $0.mark([all[0], all[1]], read: true) }
            server.account { $0.mark([all[5]], starred: true) }
            var seen: [Int64] = []
            var continuation: String?
            var pages = 0
            repeat {
                let page = try await client.streamPage(
                    StreamTag.readingList, count: 10, excluding: StreamTag.read, since: nil,
                    continuation: continuation)
                seen += page.items.map(\.id.value)
                continuation = page.continuation
                pages += 1
            } while continuation != nil && pages < 10
            #expect(seen == Array(all.dropFirst(2)))
            #expect(pages == 3)
            let first = try #require(server.requests.first { $0.path.hasSuffix("/items") })
            #expect(
                first.query("type") == "3" && first.query("getRead") == "false"
                    && first.query("batchSize") == "10")
            #expect(
                server.requests.filter { $0.path.hasSuffix("/items") }.last?.query("offset")
                    == String(seen[19]))

            let unread = try await client.itemIDs(
                StreamTag.readingList, excluding: StreamTag.read, count: 100, continuation: nil)
            #expect(unread.ids.map(\.value) == Array(all.dropFirst(2)) && unread.continuation == nil)
            let starred = try await client.itemIDs(
                StreamTag.starred, excluding: nil, count: 100, continuation: nil)
            #expect(starred.ids.map(\.value) == [all[5]])
            #expect(server.requests.last?.query("type") == "2")
        }
    }

    @Test func aLaterSyncAsksForTheItemsChangedSinceItsMark() async throws {
        try await NextcloudNewsStubServer(account: Self.account(items: 5)).whileRunning { server in
            let client = Self.client(server)
            let mark = Int64(Date().timeIntervalSince1970) - 5
            let ids = server.account { $0.items.map(\.id) }
            server.account { $0.mark([ids[3]], read: true) }
            let page = try await client.streamPage(
                StreamTag.readingList, count: 1_000, excluding: nil, since: mark, continuation: nil)
            #expect(page.items.map(\.id.value) == [ids[3]])
            #expect(page.items.first?.read == true)
            #expect(page.continuation == nil)
            #expect((page.newestCrawl ?? 0) / 1_000 >= mark)
            let asked = try #require(server.requests.last)
            #expect(asked.path.hasSuffix("/items/updated"))
            #expect(asked.query("lastModified") == String(mark) && asked.query("type") == "3")
        }
    }

    @Test func marksGoAsItemIDsToTheFourMultipleCalls() async throws {
        try await NextcloudNewsStubServer(account: Self.account()).whileRunning { server in
            let client = Self.client(server)
            let ids = server.account { $0.items.map(\.id) }
            try await client.editTag([ItemID(ids[0]), ItemID(ids[1])], kind: .read, value: true)
            try await client.editTag([ItemID(ids[1])], kind: .read, value: false)
            try await client.editTag([ItemID(ids[2])], kind: .starred, value: true)
            try await client.editTag([ItemID(ids[0])], kind: .starred, value: false)
            let calls = server.requests.map {
                "\($0.method) " + $0.path.replacingOccurrences(of: server.options.basePath, with: "")
            }
            #expect(
                calls == [
                    "POST /items/read/multiple", "POST /items/unread/multiple", "POST /items/star/multiple",
                    "POST /items/unstar/multiple",
                ])
            #expect(
                String(decoding: server.requests[0].body, as: UTF8.self)
                    == "{\"itemIds\":[\(ids[0]),\(ids[1])]}")
            #expect(server.requests[0].header("Content-Type") == "application/json")
            let items = server.account { $0.items }
            #expect(items.map(\.read) == [true, false, false])
            #expect(items.map(\.starred) == [false, false, true])
        }
    }

    @Test func aFeedIsAddedPutInAFolderRenamedAndRemoved() async throws {
        try await NextcloudNewsStubServer(account: Self.account()).whileRunning { server in
            let client = Self.client(server)
            let added = try await client.subscribe(to: try #require(URL(string: "https://new.example/feed")))
            #expect(added.streamID == "feed/3")
            try await client.edit(added.streamID, addLabel: "Later", title: "New")
            let feed = try #require(server.account { $0.feeds.last })
            #expect(feed.labels == ["Later"] && feed.title == "New")
            #expect(server.folders == ["Space", "Later"])
            try await client.edit("feed/1", addLabel: "Later", title: nil)
            #expect(server.folders == ["Space", "Later"])
            await #expect(throws: SyncError.refused("\(Self.host(server)) has this feed already")) {
                _ = try await client.subscribe(to: URL(string: "https://new.example/feed")!)
            }
            try await client.unsubscribe(added.streamID)
            #expect(server.requests.last?.method == "DELETE")
            #expect(
                server.account { $0.feeds.map(\.url) } == [
                    "https://orbit.example/feed", "https://harbour.example/feed",
                ])
            await #expect(
                throws: SyncError.notFound(host: Self.host(server), status: 404, service: .nextcloud)
            ) {
                try await client.unsubscribe(added.streamID)
            }
        }
    }

    @Test func itemsAskedByIDAreFoundAndOneGoneIsLeftOut() async throws {
        try await NextcloudNewsStubServer(account: Self.account(items: 4)).whileRunning { server in
            let client = Self.client(server)
            let ids = server.account { $0.items.map(\.id) }
            server.account { $0.forget([ids[1]]) }
            let page = try await client.items([ItemID(ids[0]), ItemID(ids[1]), ItemID(ids[3])])
            #expect(page.items.map(\.id.value) == [ids[0], ids[3]])
            #expect(page.marks[ItemID(ids[1])] == nil)
        }
    }

    // MARK: - Faults

    @Test(arguments: [500, 502, 503])
    func aFailingServerIsOneSentence(status: Int) async throws {
        try await NextcloudNewsStubServer(account: Self.account()).whileRunning { server in
            server.setFault(.status(status))
            let result = await Result.capture { () async throws(SyncError) in
                try await Self.client(server).subscriptions()
            }
            #expect(result.failure == .status(status, host: Self.host(server)))
            #expect(result.failure?.sentence.split(separator: "\n").count == 1)
        }
    }

    @Test func aLoginNoLongerAcceptedIsLoginRefused() async throws {
        try await NextcloudNewsStubServer(account: Self.account()).whileRunning { server in
            server.setFault(.expiredLogin)
            await #expect(throws: SyncError.loginRefused(host: Self.host(server), service: .nextcloud)) {
                _ = try await Self.client(server).subscriptions()
            }
        }
    }

    @Test func aRetryAfterWithinTheCapIsWaitedForAndALongerOneFailsAtOnce() async throws {
        try await NextcloudNewsStubServer(account: Self.account()).whileRunning { server in
            let waits = Waits()
            let client = Self.client(server, sleep: { await waits.add($0) })
            server.setFault(.retryAfter(status: 429, seconds: 5, times: 2))
            let feeds = try await client.subscriptions()
            #expect(feeds.count == 2)
            let waited = await waits.all
            #expect(waited == [.seconds(5), .seconds(5)])
            server.setFault(.retryAfter(status: 503, seconds: 7_200, times: 1))
            await #expect(throws: SyncError.retryLater(503, host: Self.host(server), after: .seconds(7_200)))
            {
                _ = try await client.subscriptions()
            }
            let after = await waits.all
            #expect(after.count == 2)
        }
    }

    @Test func aServerThatNeverAnswersOrDripsItsAnswerMeetsTheDeadline() async throws {
        try await NextcloudNewsStubServer(account: Self.account(items: 40)).whileRunning { server in
            let client = Self.client(server, options: ReaderAPIClient.Options(timeout: 1))
            for fault in [
                ReaderAPIStubServer.Fault.neverAnswers, .slowBody(bytes: 16, interval: .milliseconds(100)),
            ] {
                server.setFault(fault)
                let result = await Result.capture { () async throws(SyncError) in
                    try await client.streamPage(
                        StreamTag.readingList, count: 40, excluding: nil, since: nil, continuation: nil)
                }
                guard case .transport(.transport(.timedOut), _, _)? = result.failure else {
                    Issue.record("\(fault): expected a timeout, got \(result)")
                    continue
                }
            }
        }
    }

    @Test func aBodyCutShortAnEndlessOneAndJSONCutShortAreOneSentenceEach() async throws {
        try await NextcloudNewsStubServer(account: Self.account(items: 40)).whileRunning { server in
            let client = Self.client(
                server, options: ReaderAPIClient.Options(timeout: 20, pageBytes: 256 << 10))
            func page() async -> SyncError? {
                await Result.capture { () async throws(SyncError) in
                    try await client.streamPage(
                        StreamTag.readingList, count: 40, excluding: nil, since: nil, continuation: nil)
                }.failure
            }
            server.setFault(.truncatedBody)
            guard case .transport? = await page() else {
                Issue.record("a body cut short was taken")
                return
            }
            server.setFault(.endlessBody)
            #expect(
                await page()
                    == .transport(.responseTooLarge(limit: 256 << 10), host: Self.host(server), timeout: 20))
            server.setFault(.malformedJSON)
            let malformed = await page()
            #expect(
                malformed?.sentence.contains("does not answer as Nextcloud News: its items cannot be read")
                    == true)
            server.setFault(.trailingBytes)
            #expect(await page()?.sentence.contains("its items cannot be read") == true)
            server.setFault(nil)
            #expect(await page() == nil)
        }
    }

    @Test func hostileTitlesLoseTheirControlCharactersAndEscapes() async throws {
        var account = Self.account(items: 0)
        let hostile = "Breaking\u{1B}]0;owned\u{07}\u{1B}[2J news\u{0}\u{8}\u{202E}"
        account.addItem(
            to: "feed/1", title: hostile, content: "<p>text \u{1B}[31mred</p>", author: "\u{1B}[5mauthor")
        try await NextcloudNewsStubServer(account: account).whileRunning { server in
            let page = try await Self.client(server).streamPage(
                StreamTag.readingList, count: 10, excluding: nil, since: nil, continuation: nil)
            let item = try #require(page.items.first)
            let texts = [item.item.title, item.item.author ?? "", item.item.summary ?? ""]
            for text in texts {
                #expect(
                    !text.unicodeScalars.contains {
                        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
                    }, "\(text)")
            }
            #expect(item.item.title.contains("Breaking") && item.item.title.contains("news"))
        }
    }

    @Test func itemsWithFieldsMissingAreSkippedAndAnIDThatIsAWordMakesTheListIncomplete() async throws {
        try await NextcloudNewsStubServer(account: Self.account(items: 6)).whileRunning { server in
            let client = Self.client(server)
            server.setFault(.missingFields)
            let page = try await client.streamPage(
                StreamTag.readingList, count: 10, excluding: nil, since: nil, continuation: nil)
            // The first has no id, the third no feed.
            #expect(page.skipped == 2)
            #expect(page.items.count == 4)
            server.setFault(.unreadableID)
            let ids = try await client.itemIDs(
                StreamTag.readingList, excluding: StreamTag.read, count: 10, continuation: nil)
            #expect(ids.unreadable == 1 && ids.ids.count == 5)
        }
    }

    @Test func aClockOfInt64MinOrMicrosecondsIsReadAsNoneOrSeconds() async throws {
        try await NextcloudNewsStubServer(account: Self.account(items: 2)).whileRunning { server in
            let client = Self.client(server)
            server.setFault(.updated(.min))
            let none = try await client.streamPage(
                StreamTag.readingList, count: 10, excluding: nil, since: nil, continuation: nil)
            #expect(none.items.count == 2)
            #expect(none.newestCrawl == nil)
            server.setFault(.updated(1_795_000_123_000_000))
            let micro = try await client.streamPage(
                StreamTag.readingList, count: 10, excluding: nil, since: 0, continuation: nil)
            #expect(micro.newestCrawl == 1_795_000_123_000)
        }
    }

    @Test func anOffsetTheServerIgnoresOrRefusesIsSeen() async throws {
        try await NextcloudNewsStubServer(account: Self.account(items: 6)).whileRunning { server in
            let client = Self.client(server)
            let first = try await client.streamPage(
                StreamTag.readingList, count: 3, excluding: nil, since: nil, continuation: nil)
            server.setFault(.continuationLoop)
            let again = try await client.streamPage(
                StreamTag.readingList, count: 3, excluding: nil, since: nil, continuation: first.continuation)
            // The same page again: nothing new, and the same place, which the engine refuses.
            #expect(again.items.isEmpty && again.continuation == first.continuation)
            server.setFault(.refuseContinuation(400))
            await #expect(throws: SyncError.status(400, host: Self.host(server))) {
                _ = try await client.streamPage(
                    StreamTag.readingList, count: 3, excluding: nil, since: nil,
                    continuation: first.continuation)
            }
        }
    }

    @Test func aRedirectToAnotherHostCarriesNoPasswordAndIsOneSentence() async throws {
        try await NextcloudNewsStubServer().whileRunning { elsewhere in
            try await NextcloudNewsStubServer(account: Self.account()).whileRunning { server in
                server.setFault(.redirect(to: elsewhere.apiURL.absoluteString + "/feeds"))
                let result = await Result.capture { () async throws(SyncError) in
                    try await Self.client(server).subscriptions()
                }
                #expect(
                    result.failure
                        == .loginNotCarried(host: Self.host(server), to: "127.0.0.1:\(elsewhere.port)"))
                #expect(elsewhere.requestCount == 1)
                #expect(elsewhere.requests.allSatisfy { $0.header("Authorization") == nil })
            }
        }
    }
}

/// The waits a client was asked to make.
actor Waits {
    private(set) var all: [Duration] = []
    func add(_ wait: Duration) { all.append(wait) }
}
