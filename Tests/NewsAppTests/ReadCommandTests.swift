import Foundation
import Testing

@testable import Console

/// `newsapp read URL`, run as the built binary against an HTTP server on 127.0.0.1.
@Suite(.timeLimit(.minutes(10)), .serialized)
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
                // Shift_JIS with no charset anywhere: the bytes say Japanese.
                "/tokyo": FeedServer.File(body: Self.japanesePage, contentType: "text/html"),
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

    /// "東京の天気は晴れです。明日は雨が降るでしょう。" in Shift_JIS, twice, in a page that declares nothing.
    static let japanesePage: Data = {
        let sentence: [UInt8] = [
            0x93, 0x8C, 0x8B, 0x9E, 0x82, 0xCC, 0x93, 0x56, 0x8B, 0x43, 0x82, 0xCD, 0x90, 0xB0, 0x82, 0xEA,
            0x82, 0xC5, 0x82, 0xB7, 0x81, 0x42, 0x96, 0xBE, 0x93, 0xFA, 0x82, 0xCD, 0x89, 0x4A, 0x82, 0xAA,
            0x8D, 0x7E, 0x82, 0xE9, 0x82, 0xC5, 0x82, 0xB5, 0x82, 0xE5, 0x82, 0xA4, 0x81, 0x42,
        ]
        return Data(
            Array("<html><head><title>Tenki</title></head><body><article><p>".utf8) + sentence + sentence
                + Array("</p></article></body></html>".utf8))
    }()

    @Test func jsonAndNoLinksGiveTheFetchedArticle() async throws {
        let json = try await sandbox.run(["read", "--json", server.base + "/old"])
        let plain = try await sandbox.run(["read", "--no-links", server.base + "/2024/story"])
        let japanese = try await sandbox.run(["read", "--json", server.base + "/tokyo"])
        let missing = try await sandbox.run(["read", "--json", server.base + "/nothing"])
        await server.stop()
        #expect(json.status == 0)
        #expect(json.err == "")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == ["title", "byline", "date", "site", "language", "text", "links", "pictures"])
        #expect(object["title"] as? String == "Rivers rise")
        #expect(object["byline"] as? String == "Jane Doe")
        #expect(object["date"] as? String == "2024-03-05T08:30:00Z")
        #expect((object["text"] as? String)?.contains("that shelters [1] were open") == true)
        #expect(object["links"] as? [String] == [server.base + "/shelters"], "resolved after the redirect")
        #expect(plain.status == 0)
        #expect(plain.out.contains("that shelters were open"))
        #expect(!plain.out.contains("[1]") && !plain.out.contains("/shelters"))
        #expect(japanese.status == 0)
        let tokyo = try #require(
            try JSONSerialization.jsonObject(with: Data(japanese.out.utf8)) as? [String: Any])
        #expect(tokyo["text"] as? String == String(repeating: "東京の天気は晴れです。明日は雨が降るでしょう。", count: 2))
        // A failure is one line on standard error, and no JSON.
        #expect(missing.status == 1)
        #expect(missing.out == "")
        #expect(missing.err == "newsapp: The page is not there any more (404 Not Found).\n")
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
        #expect(gone.err == "newsapp: Could not connect to the server: the connection was refused.\n")
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
