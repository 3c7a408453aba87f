import Foundation
import HTTPTestServer
import Testing

@testable import Feeds
@testable import Networking

/// Reader mode over the network, against an HTTP server on 127.0.0.1: encodings from the header
/// and from `<meta>`, redirects and the credentials they may carry, error statuses, a feed or a
/// picture where a page was expected, compressed and oversized bodies.
@Suite("PageFetcher", .timeLimit(.minutes(1)))
struct PageFetcherTests {
    /// A news page whose article says `word` and links to `shelters` (relative).
    static func page(_ word: String, meta: String = "") -> String {
        """
        <!DOCTYPE html><html><head>\(meta)<title>Rivers rise | Daily</title></head>
        <body><nav><a href="/">Home</a> <a href="/world">World</a></nav>
        <article><h1>Rivers rise</h1>
        <p>The river crested at nine metres on Tuesday, the highest level in forty years, as a slow storm \
        dumped rain across the valley, flooding farms, roads and the lower town of \(word).</p>
        <p>Officials said more than two thousand people had left their homes, and that \
        <a href="shelters">shelters</a> were open through the weekend, in the school and the hall.</p>
        </article><footer>Copyright</footer></body></html>
        """
    }

    static func reply(
        _ body: Data, type: String = "text/html; charset=utf-8", status: Int = 200, headers: [String] = []
    ) -> RawHTTPServer.Behaviour {
        .reply(RawHTTPServer.response(status: status, contentType: type, headers: headers, body: body))
    }

    static func server(_ routes: [String: RawHTTPServer.Behaviour]) throws -> RawHTTPServer {
        try RawHTTPServer(
            .routed { head in
                routes[RequestHead(head).path] ?? reply(Data("gone".utf8), type: "text/plain", status: 404)
            })
    }

    static func read(_ url: URL) async -> Result<PageFetcher.Page, PageReadError> {
        do throws(PageReadError) {
            // Generous: these tests are about what is read, not how fast.
            return .success(try await PageFetcher(http: CurlHTTPClient(), timeout: 60).read(url))
        } catch {
            return .failure(error)
        }
    }

    @Test("The charset of the header is used, over a <meta> that says otherwise")
    func charsetInHeader() async throws {
        let body = Self.page("Montréal", meta: "<meta charset=\"utf-8\">").data(using: .windowsCP1252)!
        let server = try Self.server(["/p": Self.reply(body, type: "text/html; charset=windows-1252")])
        let result = await Self.read(server.baseURL.appendingPathComponent("p"))
        await server.stop()
        let page = try result.get()
        #expect(page.article.text.contains("the lower town of Montréal."))
        #expect(page.article.title == "Rivers rise")
    }

    @Test("Without a charset in the header, the page's <meta charset> is used")
    func charsetInMeta() async throws {
        let body = Self.page("Zürich", meta: "<meta charset=\"iso-8859-1\">").data(using: .isoLatin1)!
        let server = try Self.server(["/p": Self.reply(body, type: "text/html")])
        let result = await Self.read(server.baseURL.appendingPathComponent("p"))
        await server.stop()
        #expect(try result.get().article.text.contains("the lower town of Zürich."))
    }

    @Test("A redirect on the same host is followed, and links resolve against where it led")
    func sameHostRedirect() async throws {
        let server = try Self.server([
            "/old": .reply(
                RawHTTPServer.response(status: 302, headers: ["Location: /2026/story"], body: Data())),
            "/2026/story": Self.reply(Data(Self.page("Lyon").utf8)),
        ])
        let result = await Self.read(server.baseURL.appendingPathComponent("old"))
        await server.stop()
        let page = try result.get()
        #expect(page.url == server.baseURL.appendingPathComponent("2026/story"))
        #expect(page.article.links == [server.baseURL.appendingPathComponent("2026/shelters")])
    }

    @Test("A redirect to another host is followed without the credentials of the first")
    func crossHostRedirect() async throws {
        let other = try Self.server(["/page": Self.reply(Data(Self.page("Turin").utf8))])
        let first = try Self.server([
            "/start": .reply(
                RawHTTPServer.response(
                    status: 302, headers: ["Location: \(other.baseURL.absoluteString)/page"], body: Data()))
        ])
        var start = URLComponents(
            url: first.baseURL.appendingPathComponent("start"), resolvingAgainstBaseURL: false)!
        start.user = "reader"
        start.password = "secret"
        let result = await Self.read(start.url!)
        await first.stop()
        await other.stop()
        #expect(try result.get().article.text.contains("Turin"))
        let head = try #require(other.requestHeads.first)
        #expect(RequestHead(head).header("Authorization") == nil)
        #expect(!head.contains("secret") && !head.contains("reader:"))
    }

    @Test(
        "Error statuses, feeds, pictures and pages without an article are one sentence each",
        arguments: [
            ("/missing", "The page is not there any more (404 Not Found)."),
            ("/feed", "The address gives a feed, not a web page: newsapp feeds add subscribes to it."),
            (
                "/feed-as-html",
                "The address gives a feed, not a web page: newsapp feeds add subscribes to it."
            ),
            ("/picture", "The address gives image/png, not a web page."),
            ("/menu", "No article text was found on the page."),
            ("/broken", "The server failed (500 Internal Server Error)."),
        ])
    func refusals(path: String, sentence: String) async throws {
        let rss = Data(
            """
            <?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
            <item><title>One</title><link>https://example.org/1</link></item></channel></rss>
            """.utf8)
        let server = try Self.server([
            "/feed": Self.reply(rss, type: "application/rss+xml"),
            "/feed-as-html": Self.reply(rss, type: "text/html"),
            "/picture": Self.reply(Data([0x89, 0x50, 0x4E, 0x47]), type: "image/png"),
            "/menu": Self.reply(Data("<nav><a href=\"/\">Home</a></nav>".utf8)),
            "/broken": Self.reply(Data("oops".utf8), status: 500),
        ])
        let result = await Self.read(server.baseURL.appendingPathComponent(String(path.dropFirst())))
        await server.stop()
        #expect(result.failure?.sentence == sentence)
        #expect(result.failure?.isFeed == path.hasPrefix("/feed"))
    }

    @Test("A compressed page is read after inflating; one over 8 MiB is refused as it arrives")
    func gzipAndSize() async throws {
        let compressed = try Zlib.gzip(Data(Self.page("Bordeaux").utf8))
        let huge = Data(
            ("<html><body><article><p>" + String(repeating: "word ", count: 1_800_000)
                + "</p></article></body></html>")
                .utf8)
        let server = try Self.server([
            "/gz": Self.reply(compressed, headers: ["Content-Encoding: gzip"]),
            "/huge": Self.reply(huge),
        ])
        let gz = await Self.read(server.baseURL.appendingPathComponent("gz"))
        let big = await Self.read(server.baseURL.appendingPathComponent("huge"))
        await server.stop()
        #expect(try gz.get().article.text.contains("the lower town of Bordeaux."))
        #expect(big.failure?.sentence == "The page is larger than 8 MiB, so it was not read.")
    }

    @Test("A refused connection and a bad address are sentences too")
    func transport() async throws {
        // Not a stopped server's port: the system may give it to another test's server at once.
        let refusing = try RefusingAddress()
        let refused = await Self.read(URL(string: "http://127.0.0.1:\(refusing.port)/")!)
        #expect(refused.failure?.sentence == "Could not connect to the server: the connection was refused.")
        let ftp = await Self.read(URL(string: "ftp://example.org/page")!)
        #expect(ftp.failure?.sentence == "The address is not an http or https address.")
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
