import Foundation
import HTTPTestServer
import Testing

/// `--images on` with the sample edition in a real terminal, with the network out of reach: the
/// pictures are drawn in true-colour half blocks from the bundle, and a proxy that every request
/// would reach sees none.
struct SamplePictureSessionTests {
    /// Every scheme's proxy, pointed at `server`: a request the app makes for any address
    /// reaches it (libcurl takes its proxies from these).
    static func proxies(_ server: RawHTTPServer) -> [String: String] {
        let address = server.baseURL.absoluteString
        var environment: [String: String] = [:]
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"] {
            environment[name] = address
        }
        return environment
    }

    @Test func withImagesOnTheSampleEditionDrawsItsPicturesWithoutTheNetwork() async throws {
        // A proxy that answers nothing: any request for a picture would reach it.
        let proxy = try RawHTTPServer(.hangUp)
        let tmux = try TmuxSession(
            ["--images", "on", "--layout", "stack", "--page-size", "3"], columns: 100, rows: 90,
            environment: Self.proxies(proxy), recordsOutput: true)
        // The front page's featured story has its picture (drawn again with it if it came after
        // the page), then the article screen. Deadlines of minutes: under a loaded full run the
        // app can take more than a minute to draw at all (a blank pane after 60 s was seen).
        try await tmux.waitForFrontPage(timeout: .seconds(180))
        try await tmux.waitFor("the front page's picture", timeout: .seconds(60)) { screen in
            TmuxSession.latestDraw(screen).contains("▀▀▀▀▀▀▀▀▀▀")
                && screen.split(separator: "\n").last == "news › Front page ›"
        }
        try tmux.send("1")
        let article = try await tmux.waitFor("the article with its picture", timeout: .seconds(60)) {
            screen in
            let draw = TmuxSession.latestDraw(screen)
            return draw.contains("o open · s share") && draw.contains("▀▀▀▀▀▀▀▀▀▀")
        }
        #expect(!article.contains("skipped"))
        #expect(!article.contains("could not be downloaded"))
        try tmux.send("q")
        let output = try await tmux.recordedOutput(
            through: "[newsapp exited with status 0]", timeout: .seconds(60))
        // Drawn in true colour: a foreground and a background colour for each half block.
        #expect(output.range(of: Data("m▀".utf8)) != nil)
        #expect(output.range(of: Data(";48;2;".utf8)) != nil)
        #expect(proxy.requestHeads.isEmpty, "the app asked for \(proxy.requestHeads)")

        // The same proxies do carry the app's requests: a live run's request reaches the server.
        let sandbox = try Sandbox()
        let live = try await sandbox.run(
            ["headlines"],
            extra: Self.proxies(proxy).merging([
                "NEWSAPI_KEY": "test-key", "NEWSAPI_BASE_URL": "http://news.invalid",
            ]) { $1 })
        #expect(live.status == 1)
        #expect(proxy.requestHeads.first?.contains("news.invalid") == true, "\(proxy.requestHeads)")
        await proxy.stop()
    }
}
