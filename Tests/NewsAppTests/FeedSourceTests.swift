import Foundation
import Testing

@testable import NewsApp

/// Which sources a run uses: the feeds alone (no key), or NewsAPI and the feeds together, for the
/// print commands.
@Suite(.timeLimit(.minutes(10)))
struct FeedSourceTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    /// Subscribes to two feeds on `server` (one tagged) and refreshes them.
    func subscribe(_ server: FeedServer) async throws {
        try sandbox.directory.write(
            "\(server.base)/orbit.xml space\n\(server.base)/harbour.xml\n", to: ".config/newsapp/urls")
        let refresh = try await sandbox.run(["refresh"])
        #expect(refresh.status == 0)
    }

    func feedServer() throws -> FeedServer {
        try FeedServer(files: [
            "/orbit.xml": FeedServer.atom("orbit", count: 3),
            "/harbour.xml": FeedServer.atom("harbour", count: 2),
        ])
    }

    @Test func withFeedsAndNoKeyTheFeedsAreTheEdition() async throws {
        let server = try feedServer()
        try await subscribe(server)
        let headlines = try await sandbox.run(["headlines"])
        #expect(headlines.status == 0)
        #expect(headlines.out.hasPrefix("Your feeds · newest first · 5 of 5 articles\n"))
        #expect(!headlines.out.contains("Sample edition"))
        #expect(!headlines.out.contains("sample edition"))
        #expect(headlines.out.contains("orbit story 0 v1"))
        let search = try await sandbox.run(["search", "harbour", "--print"])
        #expect(search.status == 0)
        #expect(search.out.contains("harbour story 1 v1"))
        #expect(!search.out.contains("orbit story"))
        await server.stop()
    }

    @Test func withAKeyTheFeedsFollowNewsAPIsHeadlinesAndSearchFindsBoth() async throws {
        let server = try feedServer()
        try await subscribe(server)
        try await withRunningStub { stub in
            let headlines = try await sandbox.run(["headlines", "--page-size", "3"], extra: stub.environment)
            #expect(headlines.status == 0)
            #expect(headlines.out.hasPrefix("Top headlines · All categories · 3 of "))
            #expect(headlines.out.contains("\n\nYour feeds · newest first · 3 of 5 articles\n"))
            let json = try await sandbox.run(
                ["headlines", "--page-size", "3", "--json"], extra: stub.environment)
            let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
            #expect((document["articles"] as? [Any])?.count == 3)
            // The two feeds' first stories share a date; which feed was written first decides.
            let first = (document["feedItems"] as? [[String: Any]])?.first?["title"] as? String
            #expect(["orbit story 0 v1", "harbour story 0 v1"].contains(first))

            let search = try await sandbox.run(["search", "story", "--print"], extra: stub.environment)
            #expect(search.status == 0)
            #expect(search.out.contains("orbit story"))
            #expect(search.out.contains("harbour story"))
        }
        await server.stop()
    }
}
