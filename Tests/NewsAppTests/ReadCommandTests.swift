import Foundation
import Testing

/// `newsapp read URL`, run as the built binary against an HTTP server on 127.0.0.1.
@Suite(.timeLimit(.minutes(2)), .serialized)
struct ReadCommandTests {
    let sandbox: Sandbox
    let server: FeedServer

    init() throws {
        sandbox = try Sandbox()
        server = try FeedServer(
            files: [
                "/2024/story": FeedServer.File(
                    body: Data(ExtractCommandTests.page.utf8), contentType: "text/html; charset=utf-8"),
                "/feed.xml": FeedServer.atom("orbit", count: 2),
            ],
            moves: ["/old": (status: 301, to: "/2024/story")])
    }

    @Test func aPageIsFetchedAndPrintedTitleFirst() async throws {
        let run = try await sandbox.run(["read", server.base + "/old"])
        await server.stop()
        #expect(run.status == 0)
        #expect(run.err == "")
        let expected = ExtractCommandTests.expected.replacingOccurrences(
            of: "https://news.example.org/shelters", with: server.base + "/shelters")
        #expect(run.out == expected, "links resolve against the address the redirect led to")
    }

    @Test func failuresAreOneLineWithStatus1() async throws {
        let missing = try await sandbox.run(["read", server.base + "/nothing"])
        let feed = try await sandbox.run(["read", server.base + "/feed.xml"])
        await server.stop()
        #expect(missing.status == 1)
        #expect(missing.out == "")
        #expect(missing.err == "newsapp: The page is not there any more (404 Not Found).\n")
        #expect(feed.status == 1)
        #expect(
            feed.err
                == "newsapp: The address gives a feed, not a web page: newsapp feeds add subscribes to it.\n")
        let gone = try await sandbox.run(["read", server.base + "/2024/story"])
        #expect(gone.status == 1)
        #expect(gone.err == "newsapp: The server refused the connection.\n")
    }

    @Test func usageErrorsExit2() async throws {
        await server.stop()
        let scheme = try await sandbox.run(["read", "ftp://example.org/page"])
        #expect(scheme.status == 2)
        #expect(scheme.err.contains("read takes an http or https address"))
        let option = try await sandbox.run(["read", "--offline", "https://example.org/"])
        #expect(option.status == 2)
        #expect(option.err.contains("`newsapp read` does not take --offline."))
    }
}
