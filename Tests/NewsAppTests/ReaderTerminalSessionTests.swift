import Foundation
import Testing

/// Reader mode as a new user meets it, in a real pseudo-terminal: a feed of summaries served from
/// 127.0.0.1, an item opened, its page fetched as it opens and its whole text shown with its links;
/// `o 1` opens a link of the page, and the page's words are found by search.
@Suite("Reader mode in a terminal session", .serialized)
struct ReaderTerminalSessionTests {
    static let story = """
        <!doctype html><html><head><meta charset="utf-8"><title>Quarry floods | Valley Post</title>
        <meta name="author" content="Nell Cordova"></head>
        <body><nav><a href="/">Home</a> · <a href="/sport">Sport</a> · <a href="/weather">Weather</a></nav>
        <div class="cookie-banner">We use cookies. <button>Accept</button></div>
        <article><h1>Quarry floods after the storm</h1>
        <p>The old quarry above Wendlebury filled overnight, and divers from the county searched the \
        flooded pit until dawn for the pumping crew's lost equipment, which was found at noon.</p>
        <h2>What happens next</h2>
        <p>The council will drain the pit over the winter, with the <a href="/pumps">new pumps</a> it \
        bought last spring, and reopen the footpath by March.</p>
        <ul><li>Footpath closed until March</li><li>Pumps run day and night</li></ul>
        </article>
        <aside class="share">Share this on every network</aside></body></html>
        """

    /// Its links are relative: they resolve against the feed's address on the test server.
    static let feed = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Valley Post</title>
        <link rel="alternate" href="/"/>
        <entry><id>urn:valley:1</id><title>Quarry floods after the storm</title>
        <link href="/2026/quarry"/><updated>2026-11-23T10:00:00Z</updated>
        <summary>The old quarry filled overnight.</summary></entry>
        </feed>
        """

    @Test func aSummaryOnlyItemOpensWithItsPagesWholeText() async throws {
        let sandbox = try Sandbox()
        let server = try FeedServer(files: [
            "/2026/quarry": FeedServer.File(
                body: Data(Self.story.utf8), contentType: "text/html; charset=utf-8"),
            "/valley.xml": FeedServer.File(body: Data(Self.feed.utf8), contentType: "application/atom+xml"),
        ])
        try sandbox.directory.write(server.base + "/valley.xml\n", to: ".config/newsapp/urls")
        try sandbox.writeConfig("full_text = \"auto\"\n")
        let refreshed = try await sandbox.run(["refresh"])
        #expect(refreshed.status == 0 && refreshed.out.contains("1 new in "))

        let tmux = try TmuxSession(
            ["--layout", "stack"], columns: 100,
            environment: [
                "HOME": sandbox.home, "XDG_CONFIG_HOME": sandbox.home + "/.config",
                "XDG_STATE_HOME": sandbox.home + "/.local/state", "XDG_CACHE_HOME": sandbox.home + "/.cache",
            ])
        try await tmux.waitFor("news › Front page ›")
        try tmux.send("1")
        let article = try await tmux.waitFor("the page's whole text in place of the summary") { screen in
            screen.contains("divers from the county searched")
                && screen.contains("news › Front page › Article ›")
        }
        #expect(article.contains("What happens next"))
        #expect(article.contains("• Footpath closed until March"))
        #expect(article.contains("[1] \(server.base)/pumps"))
        #expect(article.contains("Valley Post · by Nell Cordova"))
        #expect(!article.contains("We use cookies") && !article.contains("Share this on every network"))
        try tmux.send("o 1")
        try await tmux.waitFor("Opened in true.")
        try tmux.send("b")
        try tmux.send("/wendlebury")
        try await tmux.waitFor("the search over the page's words") { screen in
            let draw = TmuxSession.latestDraw(screen, from: "Search “wendlebury”")
            return draw.contains("Quarry floods after the storm") && draw.contains("1 of 1")
        }
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        await server.stop()
        #expect(server.requestHeads.filter { $0.path == "/2026/quarry" }.count == 1, "fetched once")
    }
}
