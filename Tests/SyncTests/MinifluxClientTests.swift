import Foundation
import HTTPTestServer
import Networking
import NewsModels
import ReaderAPIStub
import Testing

@testable import Sync

/// The Miniflux client against the Miniflux stub over a real socket (and, for what a server
/// library cannot be made to do, a raw server): signing in with a key or a password, pages of
/// entries, marks, subscriptions, and each fault the stub has, one sentence each.
@Suite(.timeLimit(.minutes(2)))
struct MinifluxClientTests {
    static let http = CurlHTTPClient()

    static func account(items: Int = 3) -> ReaderAPIAccount {
        var account = ReaderAPIAccount()
        let stream = account.addFeed(title: "Orbit", url: "https://orbit.example/feed", labels: ["Space"])
        account.addItems(to: stream, count: items)
        account.addFeed(title: "Loose", url: "https://loose.example/feed")
        return account
    }

    static func client(
        _ server: MinifluxStubServer, key: String? = nil, timeout: TimeInterval = 30,
        pageBytes: Int = 16 << 20,
        waits: MinifluxWaits? = nil
    ) -> MinifluxClient {
        MinifluxClient(
            base: server.baseURL, credentials: .apiKey(key ?? server.options.apiKey), http: http,
            options: MinifluxClient.Options(timeout: timeout, pageBytes: pageBytes),
            sleep: { wait in waits?.append(wait) })
    }

    static func client(_ server: RawHTTPServer, timeout: TimeInterval = 30, pageBytes: Int = 16 << 20)
        -> MinifluxClient
    {
        MinifluxClient(
            base: server.baseURL, credentials: .apiKey("raw-key"), http: http,
            options: MinifluxClient.Options(timeout: timeout, pageBytes: pageBytes), sleep: { _ in })
    }

    static func unread(_ client: MinifluxClient, count: Int = 100, after: String? = nil)
        async throws(SyncError)
        -> StreamPage
    {
        try await client.streamPage(
            StreamTag.readingList, count: count, excluding: StreamTag.read, since: nil, continuation: after)
    }

    static func host(_ server: MinifluxStubServer) -> String { "127.0.0.1:\(server.port)" }

    // MARK: - Signing in

    @Test func aKeyOrAPasswordSignsInAndTravelsInAHeaderOnly() async throws {
        try await MinifluxStubServer(account: Self.account()).whileRunning { server in
            #expect(try await Self.client(server).me() == "reader")
            let keyed = try #require(server.requests.last)
            #expect(keyed.header("X-Auth-Token") == server.options.apiKey)
            #expect(!keyed.path.contains(server.options.apiKey))
            #expect(keyed.query.isEmpty)
            let password = MinifluxClient(
                base: server.baseURL.appendingPathComponent("v1"),
                credentials: .password(user: "reader", password: server.options.password), http: Self.http)
            #expect(try await password.me() == "reader")
            #expect(server.requests.last?.header("Authorization")?.hasPrefix("Basic ") == true)
            #expect(server.requests.last?.path == "/v1/me")
            let wrong = await Result.capture { () async throws(SyncError) in
                try await Self.client(server, key: "nope").me()
            }
            #expect(wrong.failure == .loginRefused(host: Self.host(server), service: .miniflux))
            #expect(wrong.failure?.sentence.contains("nope") == false)
        }
    }

    @Test func aProbeKnowsMinifluxWithoutSendingASecret() async throws {
        try await MinifluxStubServer().whileRunning { server in
            #expect(await MinifluxClient.probe(base: server.baseURL, http: Self.http))
            let asked = try #require(server.requests.last)
            #expect(asked.header("X-Auth-Token") == nil)
            #expect(asked.header("Authorization") == nil)
        }
        try await ReaderAPIStubServer().whileRunning { server in
            #expect(await MinifluxClient.probe(base: server.baseURL, http: Self.http) == false)
        }
        let web = try RawHTTPServer(
            .reply(
                RawHTTPServer.response(status: 401, contentType: "text/html", body: Data("<h1>No</h1>".utf8)))
        )
        #expect(await MinifluxClient.probe(base: web.baseURL, http: Self.http) == false)
        await web.stop()
    }

    // MARK: - Reading

    @Test func feedsHaveTheirCategoryAsTheirOneLabel() async throws {
        try await MinifluxStubServer(account: Self.account()).whileRunning { server in
            let feeds = try await Self.client(server).subscriptions()
            #expect(feeds.map(\.streamID) == ["feed/1", "feed/2"])
            #expect(feeds.map(\.labels) == [["Space"], ["All"]])
            #expect(feeds.first?.title == "Orbit")
            #expect(feeds.first?.url.absoluteString == "https://orbit.example/feed")
        }
    }

    @Test func entriesComeOldestFirstPagedByTheLastID() async throws {
        try await MinifluxStubServer(account: Self.account(items: 3)).whileRunning { server in
            let client = Self.client(server)
            let first = try await Self.unread(client, count: 2)
            #expect(first.items.count == 2)
            let ids = server.account { $0.items.map(\.id) }.sorted()
            #expect(first.items.map(\.id.value) == Array(ids.prefix(2)))
            #expect(first.continuation == String(ids[1]))
            #expect(first.updated != nil)
            let asked = try #require(server.requests.last)
            #expect(asked.query("status") == "unread")
            #expect(asked.query("order") == "id")
            #expect(asked.query("direction") == "asc")
            let second = try await Self.unread(client, count: 2, after: first.continuation)
            #expect(server.requests.last?.query("after_entry_id") == String(ids[1]))
            #expect(second.items.map(\.id.value) == [ids[2]])
            #expect(second.continuation == nil)
            #expect(second.items.first?.feed == "feed/1")
            #expect(second.items.first?.read == false)
        }
    }

    @Test func changesSinceATimeBringNewEntriesAndMarksMadeThere() async throws {
        try await MinifluxStubServer(account: Self.account(items: 3)).whileRunning { server in
            let client = Self.client(server)
            let since = Int64(Date().timeIntervalSince1970) - 5
            let quiet = try await client.streamPage(
                StreamTag.readingList, count: 100, excluding: nil, since: since, continuation: nil)
            #expect(quiet.items.isEmpty)
            let old = server.account { $0.items.last!.id }
            let new = server.account { account in
                account.mark([old], read: true)
                return account.addItems(to: "feed/1", count: 1)
            }
            let changed = try await client.streamPage(
                StreamTag.readingList, count: 100, excluding: nil, since: since, continuation: nil)
            #expect(server.requests.last?.query("changed_after") == String(since))
            #expect(Set(changed.items.map(\.id.value)) == Set([old] + new))
            #expect(changed.items.first { $0.id.value == old }?.read == true)
        }
    }

    @Test func hostileTitlesArriveWithoutControlCharacters() async throws {
        var account = Self.account(items: 0)
        account.addItem(
            to: "feed/1", title: "Red \u{1b}[31malert\u{7}\u{202e}", content: "<p>x\u{1b}]0;owned\u{7}</p>",
            author: "\u{1b}[2JEve")
        try await MinifluxStubServer(account: account).whileRunning { server in
            let page = try await Self.unread(Self.client(server))
            let item = try #require(page.items.first)
            let lines = [item.item.title, item.item.author ?? ""]
            #expect(
                lines.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202e } })
            #expect(
                item.item.content?.unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x07 } == false)
            #expect(item.item.title.hasPrefix("Red"))
        }
    }

    // MARK: - Changes

    @Test func readMarksGoInOnePutAndStarsOnlyWhenTheyDiffer() async throws {
        try await MinifluxStubServer(account: Self.account(items: 3)).whileRunning { server in
            let client = Self.client(server)
            let ids = server.account { $0.items.map(\.id) }
            try await client.editTag(ids.map(ItemID.init), kind: .read, value: true)
            let put = try #require(server.requests.last)
            #expect(put.method == "PUT")
            #expect(put.path == "/v1/entries")
            #expect(put.header("Content-Type") == "application/json")
            #expect(server.account { $0.items.allSatisfy(\.read) })
            try await client.editTag([ItemID(ids[0])], kind: .starred, value: true)
            // Starred already: read, not toggled back.
            try await client.editTag([ItemID(ids[0])], kind: .starred, value: true)
            #expect(server.account { $0.item(ids[0]) }?.starred == true)
            #expect(server.edits.filter { $0.tag == "starred" }.count == 1)
            try await client.editTag([ItemID(ids[0])], kind: .starred, value: false)
            #expect(server.account { $0.item(ids[0]) }?.starred == false)
            // Gone from the service: nothing to star, nothing to fail.
            try await client.editTag([ItemID(42)], kind: .starred, value: true)
        }
    }

    @Test func aToggleRefusedForNowIsNotSentAgainBlindly() async throws {
        let unstarred = RawHTTPServer.response(body: Data(#"{"id":5,"feed_id":1,"starred":false}"#.utf8))
        let starred = RawHTTPServer.response(body: Data(#"{"id":5,"feed_id":1,"starred":true}"#.utf8))
        let later = RawHTTPServer.response(status: 503, headers: ["Retry-After: 1"], body: Data())
        let turns = MinifluxTurns()
        // The toggle was applied, but its answer says to come back: the entry is read again
        // (starred now), and no second toggle undoes it.
        let answers = [unstarred, later, starred]
        let server = try RawHTTPServer(
            .routed { _ in
                let index = turns.next()
                return .reply(
                    index < answers.count ? answers[index] : RawHTTPServer.response(status: 500, body: Data())
                )
            })
        let client = Self.client(server)
        let result = await Result.capture { () async throws(SyncError) in
            try await client.editTag([ItemID(5)], kind: .starred, value: true)
        }
        await server.stop()
        try result.get()
        #expect(
            server.requestHeads.map { $0.components(separatedBy: "\r\n").first ?? "" } == [
                "GET /v1/entries/5 HTTP/1.1", "PUT /v1/entries/5/bookmark HTTP/1.1",
                "GET /v1/entries/5 HTTP/1.1",
            ])
    }

    @Test func aFeedAddedMovedAndRemovedAtTheService() async throws {
        try await MinifluxStubServer(account: Self.account(items: 0)).whileRunning { server in
            let client = Self.client(server)
            let added = try await client.subscribe(to: URL(string: "https://new.example/rss")!)
            #expect(added.streamID == "feed/3")
            let create = try #require(server.requests.last)
            #expect(create.method == "POST")
            #expect(create.field("json")?.contains(#""category_id":1"#) == true)
            try await client.edit(added.streamID, addLabel: "Fresh \"quoted\"", title: "New")
            let feeds = try await client.subscriptions()
            #expect(feeds.last?.labels == ["Fresh \"quoted\""])
            #expect(feeds.last?.title == "New")
            let again = await Result.capture { () async throws(SyncError) in
                try await client.subscribe(to: URL(string: "https://new.example/rss")!)
            }
            #expect(
                again.failure == .serviceRefused(host: Self.host(server), reason: "This feed already exists.")
            )
            try await client.unsubscribe(added.streamID)
            #expect(server.requests.last?.method == "DELETE")
            #expect(try await client.subscriptions().count == 2)
        }
    }

    // MARK: - Faults

    @Test func anExpiredKeySaysToSignInAgain() async throws {
        try await MinifluxStubServer(account: Self.account()).whileRunning { server in
            server.setFault(.expiredLogin)
            let result = await Result.capture { () async throws(SyncError) in
                try await Self.client(server).subscriptions()
            }
            #expect(result.failure == .loginExpired(host: Self.host(server)))
            #expect(result.failure?.needsLogin == true)
        }
    }

    @Test func aFailingServerAndASilentOneAreSentences() async throws {
        try await MinifluxStubServer(account: Self.account()).whileRunning { server in
            server.setFault(.status(502))
            let failing = await Result.capture { () async throws(SyncError) in
                try await Self.client(server).subscriptions()
            }
            #expect(
                failing.failure?.sentence == "\(Self.host(server)) failed (502 Bad Gateway). Try again later."
            )
            server.setFault(.neverAnswers)
            let silent = await Result.capture { () async throws(SyncError) in
                try await Self.client(server, timeout: 1).subscriptions()
            }
            #expect(silent.failure?.sentence == "\(Self.host(server)) did not answer within 1 second.")
        }
    }

    @Test func aRetryAfterIsWaitedForAndATooLongOneIsASentence() async throws {
        try await MinifluxStubServer(account: Self.account()).whileRunning { server in
            let waits = MinifluxWaits()
            server.setFault(.retryAfter(status: 429, seconds: 2, times: 2))
            let page = try await Self.unread(Self.client(server, waits: waits))
            #expect(page.items.count == 3)
            #expect(waits.all == [.seconds(2), .seconds(2)])
            server.setFault(.retryAfterValue(status: 503, value: "7200", times: 1))
            let result = await Result.capture { () async throws(SyncError) in
                try await Self.client(server, waits: waits).editTag([ItemID(1)], kind: .read, value: true)
            }
            #expect(result.failure == .retryLater(503, host: Self.host(server), after: .seconds(7200)))
            #expect(waits.all.count == 2)
            #expect(server.edits.isEmpty)
        }
    }

    @Test func theKeyNeverReachesAnotherOriginOnARedirect() async throws {
        let elsewhere = try RawHTTPServer(
            .reply(
                RawHTTPServer.response(
                    status: 401, body: Data(#"{"error_message":"Access Unauthorized"}"#.utf8))))
        try await MinifluxStubServer(account: Self.account()).whileRunning { server in
            server.setFault(.redirect(to: elsewhere.baseURL.absoluteString + "/v1/feeds"))
            let result = await Result.capture { () async throws(SyncError) in
                try await Self.client(server).subscriptions()
            }
            #expect(
                result.failure
                    == .loginNotCarried(
                        host: Self.host(server), to: "127.0.0.1:\(elsewhere.baseURL.port ?? 0)"))
        }
        let heads = elsewhere.requestHeads
        await elsewhere.stop()
        #expect(heads.count == 1)
        #expect(heads.allSatisfy { !$0.lowercased().contains("x-auth-token") })
        #expect(heads.allSatisfy { !$0.contains("miniflux-api-key") })
    }

    @Test func aPlaceInTheListTheServiceRefusesIsAStatusTheEngineRestartsFrom() async throws {
        try await MinifluxStubServer(account: Self.account()).whileRunning { server in
            server.setFault(.refuseContinuation(400))
            let result = await Result.capture { () async throws(SyncError) in
                try await Self.unread(Self.client(server), after: "12")
            }
            #expect(result.failure == .status(400, host: Self.host(server)))
        }
    }

    @Test func aServiceIgnoringThePlaceGivesTheSameContinuationAgain() async throws {
        try await MinifluxStubServer(account: Self.account(items: 3)).whileRunning { server in
            server.setFault(.continuationLoop)
            let client = Self.client(server)
            let first = try await Self.unread(client, count: 2)
            let second = try await Self.unread(client, count: 2, after: first.continuation)
            // The engine stops on a continuation that leads back (SyncEngine+Pull).
            #expect(second.continuation == first.continuation)
        }
    }

    @Test func entriesWithoutIdOrFeedAreSkippedAndOthersKept() async throws {
        try await MinifluxStubServer(account: Self.account(items: 4)).whileRunning { server in
            server.setFault(.missingFields)
            let page = try await Self.unread(Self.client(server))
            #expect(page.skipped == 2)
            #expect(page.items.count == 2)
            #expect(page.marks.count == 3)
        }
    }

    @Test func anIdThatIsAWordMakesTheListIncomplete() async throws {
        try await MinifluxStubServer(account: Self.account(items: 3)).whileRunning { server in
            server.setFault(.unreadableID)
            let page = try await Self.client(server).itemIDs(
                StreamTag.readingList, excluding: StreamTag.read, count: 100, continuation: nil)
            #expect(page.unreadable == 1)
            #expect(page.ids.count == 2)
        }
    }

    @Test func entriesAskedByIdThatTheServiceLacksAreLeftOut() async throws {
        try await MinifluxStubServer(account: Self.account(items: 4)).whileRunning { server in
            let ids = server.account { $0.items.map { ItemID($0.id) } }
            server.setFault(.partialItemContents)
            let partial = try await Self.client(server).items(ids)
            #expect(partial.items.count == 2)
            server.setFault(.emptyItemContents)
            let none = try await Self.client(server).items(ids)
            #expect(none.items.isEmpty)
            #expect(none.marks.isEmpty)
        }
    }

    @Test func malformedJSONAndTooLargeAnswersAreOneLine() async throws {
        try await MinifluxStubServer(account: Self.account(items: 3)).whileRunning { server in
            server.setFault(.trailingBytes)
            let trailing = await Result.capture { () async throws(SyncError) in
                try await Self.unread(Self.client(server))
            }
            guard case .malformed(let reason)? = trailing.failure else {
                Issue.record("expected malformed, got \(trailing)")
                return
            }
            #expect(!reason.contains("\n"))
            server.setFault(.padding(200_000))
            let large = await Result.capture { () async throws(SyncError) in
                try await Self.unread(Self.client(server, pageBytes: 256 << 10))
            }
            guard case .transport(.responseTooLarge, _, _)? = large.failure else {
                Issue.record("expected too large, got \(large)")
                return
            }
        }
        let cut = try RawHTTPServer(
            .reply(RawHTTPServer.response(body: Data(#"{"total":1,"entries":[{"id":3,"title":"cu"#.utf8))))
        let result = await Result.capture { () async throws(SyncError) in
            try await Self.unread(Self.client(cut))
        }
        await cut.stop()
        guard case .malformed? = result.failure else {
            Issue.record("expected malformed, got \(result)")
            return
        }
        #expect(result.failure?.sentence.contains("\n") == false)
    }

    @Test func aTruncatedASlowAndANeverEndingBodyEachStop() async throws {
        let body = Data(#"{"total":0,"entries":[]}"#.utf8)
        let truncated = try RawHTTPServer(.reply(RawHTTPServer.response(contentLength: 1_000, body: body)))
        let cut = await Result.capture { () async throws(SyncError) in
            try await Self.unread(Self.client(truncated))
        }
        await truncated.stop()
        guard case .transport(.transport(.connectionLost), _, _)? = cut.failure else {
            Issue.record("expected a lost connection, got \(cut)")
            return
        }
        let head = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8)
        let slow = try RawHTTPServer(.trickle(head: head, body: body, interval: .milliseconds(400)))
        let late = await Result.capture { () async throws(SyncError) in
            try await Self.unread(Self.client(slow, timeout: 1))
        }
        await slow.stop()
        #expect(late.failure?.sentence.contains("did not answer within 1 second") == true)
        let endless = try RawHTTPServer(
            .endless(head: head, chunk: Data(String(repeating: " ", count: 64 << 10).utf8)))
        let huge = await Result.capture { () async throws(SyncError) in
            try await Self.unread(Self.client(endless, pageBytes: 1 << 20))
        }
        await endless.stop()
        guard case .transport(.responseTooLarge, _, _)? = huge.failure else {
            Issue.record("expected too large, got \(huge)")
            return
        }
    }

    @Test func theServiceClockIsReadFromDate() {
        #expect(MinifluxClient.serverClock("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(MinifluxClient.serverClock("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(MinifluxClient.serverClock(nil) == nil)
    }
}

/// Counts the requests a server answered, across its connections' threads.
private final class MinifluxTurns: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count - 1
    }
}

/// The waits a client was asked to make.
final class MinifluxWaits: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Duration] = []

    func append(_ wait: Duration) {
        lock.lock()
        defer { lock.unlock() }
        waits.append(wait)
    }

    var all: [Duration] {
        lock.lock()
        defer { lock.unlock() }
        return waits
    }
}
