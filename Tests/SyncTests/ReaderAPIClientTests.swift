import Foundation
import HTTPTestServer
import Networking
import NewsAPIStub
import NewsModels
import ReaderAPIStub
import Testing

@testable import Sync

/// The client against a server of our own: signing in, and each way a service can refuse or
/// fail, one sentence each; the token only in `Authorization`, never to another origin.
@Suite(.timeLimit(.minutes(2)))
struct ReaderAPIClientTests {
    static let http = CurlHTTPClient()

    static func account() -> ReaderAPIAccount {
        var account = ReaderAPIAccount()
        let stream = account.addFeed(title: "Orbit", url: "https://orbit.example/feed", labels: ["Space"])
        account.addItems(to: stream, count: 3)
        return account
    }

    static func client(_ server: ReaderAPIStubServer, timeout: TimeInterval = 30) -> ReaderAPIClient {
        ReaderAPIClient(
            base: server.baseURL, auth: server.options.auth, http: http,
            options: ReaderAPIClient.Options(timeout: timeout))
    }

    @Test func signingInGivesTheTokenAndAWrongPasswordIsOneSentence() async throws {
        try await ReaderAPIStubServer(account: Self.account()).whileRunning { server in
            let token = try await ReaderAPIClient.login(
                base: server.baseURL, user: "reader", password: "api-password", http: Self.http)
            #expect(token == server.options.auth)
            let login = try #require(server.requests.last)
            #expect(login.method == "POST")
            #expect(login.field("Passwd") == "api-password")
            #expect(!login.path.contains("api-password"))
            await #expect(throws: SyncError.loginRefused(host: "127.0.0.1:\(server.port)", service: .greader))
            {
                try await ReaderAPIClient.login(
                    base: server.baseURL, user: "reader", password: "nope", http: Self.http)
            }
            #expect(
                SyncError.loginRefused(host: "h", service: .greader).sentence
                    == "h refused the user name or the API password.")
        }
    }

    @Test func anAddressWhereNothingAnswersOrSomethingElseAnswersIsOneSentenceEach() async throws {
        try await ReaderAPIStubServer().whileRunning { server in
            let wrongPath = URL(string: "http://127.0.0.1:\(server.port)/elsewhere")!
            await #expect(
                throws: SyncError.notFound(host: "127.0.0.1:\(server.port)", status: 404, service: .greader)
            ) {
                try await ReaderAPIClient.login(
                    base: wrongPath, user: "reader", password: "x", http: Self.http)
            }
        }
        let page = RawHTTPServer.response(contentType: "text/html", body: Data("<html>Welcome</html>".utf8))
        let web = try RawHTTPServer(.reply(page))
        let result = await Result.capture { () async throws(SyncError) in
            try await ReaderAPIClient.login(base: web.baseURL, user: "reader", password: "x", http: Self.http)
        }
        await web.stop()
        guard case .failure(.notReaderAPI(_, let reason)) = result else {
            Issue.record("expected notReaderAPI, got \(result)")
            return
        }
        #expect(reason.contains("Auth"))
    }

    @Test func aRejectedWriteTokenIsFetchedAgainOnce() async throws {
        try await ReaderAPIStubServer(account: Self.account()).whileRunning { server in
            let client = Self.client(server)
            let id = server.account { $0.items[0].id }
            try await client.editTag([ItemID(id)], kind: .read, value: true)
            server.setFault(.rejectWriteTokenOnce)
            try await client.editTag([ItemID(id)], kind: .starred, value: true)
            let calls = server.requests.map { $0.path.components(separatedBy: "/reader/api/0/").last ?? "" }
            #expect(calls == ["token", "edit-tag", "edit-tag", "token", "edit-tag"])
            #expect(server.account { $0.item(id) }?.starred == true)
            #expect(server.edits.count == 2)
        }
    }

    @Test func anExpiredLoginSaysToSignInAgain() async throws {
        try await ReaderAPIStubServer(account: Self.account()).whileRunning { server in
            server.setFault(.expiredLogin)
            let client = Self.client(server)
            await #expect(throws: SyncError.loginExpired(host: "127.0.0.1:\(server.port)")) {
                try await client.subscriptions()
            }
            await #expect(throws: SyncError.loginExpired(host: "127.0.0.1:\(server.port)")) {
                try await client.editTag([ItemID(1)], kind: .read, value: true)
            }
            #expect(SyncError.loginExpired(host: "h").sentence.contains("run newsapp sync login"))
            #expect(server.edits.isEmpty)
        }
    }

    @Test func aFailingServerAndASilentOneAreSentences() async throws {
        try await ReaderAPIStubServer(account: Self.account()).whileRunning { server in
            server.setFault(.status(503))
            let error = await #expect(throws: SyncError.self) {
                try await Self.client(server).subscriptions()
            }
            #expect(error == .status(503, host: "127.0.0.1:\(server.port)"))
            #expect(
                error?.sentence
                    == "127.0.0.1:\(server.port) failed (503 Service Unavailable). Try again later.")
            server.setFault(.neverAnswers)
            let silent = await #expect(throws: SyncError.self) {
                try await Self.client(server, timeout: 1).subscriptions()
            }
            #expect(silent?.sentence == "127.0.0.1:\(server.port) did not answer within 1 second.")
        }
    }

    @Test func theTokenNeverReachesAnotherOriginOnARedirect() async throws {
        let elsewhere = try RawHTTPServer(
            .reply(RawHTTPServer.response(body: Data(#"{"subscriptions":[]}"#.utf8))))
        try await ReaderAPIStubServer(account: Self.account()).whileRunning { server in
            server.setFault(.redirect(to: elsewhere.baseURL.absoluteString + "/list"))
            let feeds = try await Self.client(server).subscriptions()
            #expect(feeds.isEmpty)
            #expect(
                server.requests.last?.header("Authorization") == "GoogleLogin auth=\(server.options.auth)")
        }
        let heads = elsewhere.requestHeads
        await elsewhere.stop()
        #expect(heads.count == 1)
        #expect(heads.allSatisfy { !$0.lowercased().contains("authorization") })
        #expect(heads.allSatisfy { !$0.contains("0123456789abcdef") })
    }

    @Test func aLoginRefusedAfterARedirectToAnotherOriginBlamesTheRedirectAndNamesItsHost() async throws {
        let elsewhere = try RawHTTPServer(
            .reply(
                RawHTTPServer.response(
                    status: 401, contentType: "text/plain", body: Data("Unauthorized".utf8))))
        try await ReaderAPIStubServer(account: Self.account()).whileRunning { server in
            server.setFault(.redirect(to: elsewhere.baseURL.absoluteString + "/list"))
            let error = await #expect(throws: SyncError.self) {
                try await Self.client(server).subscriptions()
            }
            let other = "127.0.0.1:\(elsewhere.baseURL.port ?? 0)"
            #expect(error == .loginNotCarried(host: "127.0.0.1:\(server.port)", to: other))
            #expect(error?.sentence.contains("redirected NewsApp to \(other)") == true)
            #expect(error?.needsLogin == false)
        }
        await elsewhere.stop()
    }

    @Test func aFormIsNeverCarriedToAnotherOrigin() async throws {
        let elsewhere = try RawHTTPServer(
            .reply(RawHTTPServer.response(contentType: "text/plain", body: Data("Auth=x\n".utf8))))
        let redirecting = try RawHTTPServer(
            .reply(
                RawHTTPServer.response(
                    status: 307,
                    headers: ["Location: \(elsewhere.baseURL.absoluteString)/accounts/ClientLogin"],
                    body: Data())))
        let result = await Result.capture { () async throws(SyncError) in
            try await ReaderAPIClient.login(
                base: redirecting.baseURL, user: "reader", password: "secret", http: Self.http)
        }
        await redirecting.stop()
        let heads = elsewhere.requestHeads
        await elsewhere.stop()
        #expect(heads.isEmpty)
        guard case .failure(.transport(.redirectRefused, _, _)) = result else {
            Issue.record("expected a refused redirect, got \(result)")
            return
        }
    }

    @Test func labelsAndAddressesArePercentEncodedOnceInPathsAndForms() async throws {
        try await ReaderAPIStubServer(account: Self.account()).whileRunning { server in
            let client = Self.client(server)
            let stream = try #require(try await client.subscriptions().first?.streamID)
            try await client.edit(stream, addLabel: "Sci/Tech \"new\" & more")
            let edit = try #require(server.requests.last)
            #expect(edit.field("a") == "user/-/label/Sci/Tech \"new\" & more")
            #expect(try await client.subscriptions().first?.labels == ["Space", "Sci/Tech \"new\" & more"])
        }
    }

    @Test func httpIsRefusedBeyondThisMachineUnlessAccepted() {
        #expect(
            ServiceAddress.parse("http://rss.example.org/api/greader.php", allowHTTP: false).failure
                == .insecure(host: "rss.example.org"))
        #expect(
            ServiceAddress.parse("http://rss.example.org/api/greader.php", allowHTTP: true).success != nil)
        #expect(
            ServiceAddress.parse("http://localhost:8080/api/greader.php/", allowHTTP: false).success?
                .absoluteString
                == "http://localhost:8080/api/greader.php")
        let credentials = ServiceAddress.parse("https://u:p@rss.example.org/", allowHTTP: false).failure
        #expect(credentials?.sentence.contains("give the user with --user") == true)
        #expect(credentials?.sentence.contains("not an http or https address") == false)
        #expect(credentials?.sentence.contains("u:p") == false)
        #expect(ServiceAddress.parse("ftp://rss.example.org/", allowHTTP: true).failure != nil)
    }
}

extension Result {
    /// The outcome of `body`.
    static func capture(_ body: () async throws(Failure) -> Success) async -> Result {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    var success: Success? { if case .success(let value) = self { value } else { nil } }
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
