import Foundation
import Testing

/// A newsboat user's first session, in a real pseudo-terminal: subscriptions imported from OPML
/// and refreshed from an HTTP server on 127.0.0.1, then the app on its front page of tags, read,
/// `next`, `mark read` and a search across the feeds with the server gone.
@Suite("Feeds in a terminal session", .serialized)
struct FeedTerminalSessionTests {
    @Test func importRefreshReadNextMarkReadSearchOfflineQuit() async throws {
        let sandbox = try Sandbox()
        let server = try FeedServer(files: [
            "/orbit.xml": FeedServer.atom("orbit", count: 3),
            "/harbour.xml": FeedServer.atom("harbour", count: 2),
        ])
        try sandbox.directory.write(
            """
            <?xml version="1.0"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
            <outline text="Space"><outline type="rss" text="Orbit" xmlUrl="\(server.base)/orbit.xml"/></outline>
            <outline text="Local"><outline type="rss" text="Harbour" xmlUrl="\(server.base)/harbour.xml"/></outline>
            </body></opml>
            """, to: "mine.opml")
        let imported = try await sandbox.run(["feeds", "import", sandbox.home + "/mine.opml"])
        #expect(imported.status == 0)
        let refreshed = try await sandbox.run(["refresh"])
        #expect(refreshed.out.hasPrefix("2 feeds: 2 updated · 5 new in "))
        // From here on nothing answers: everything is read from the store. (The items' pages are on
        // no server here, so reader mode is not to fetch them.)
        await server.stop()
        try sandbox.writeConfig("full_text = \"off\"\n")

        let tmux = try TmuxSession(
            ["--layout", "stack"], columns: 100,
            environment: [
                "HOME": sandbox.home, "XDG_CONFIG_HOME": sandbox.home + "/.config",
                "XDG_STATE_HOME": sandbox.home + "/.local/state", "XDG_CACHE_HOME": sandbox.home + "/.cache",
            ])
        let front = try await tmux.waitFor("the front page of the two tags") { screen in
            screen.contains("Space · 3 unread") && screen.contains("Local · 2 unread")
                && screen.contains("news › Front page ›")
        }
        #expect(!front.contains("Sample edition"))
        try tmux.send("1")
        try await tmux.waitFor("news › Front page › Article ›")
        try await tmux.waitFor("orbit story 0 v1")
        try tmux.send("next")
        try await tmux.waitFor("the next unread item in the article's place") { screen in
            TmuxSession.latestDraw(screen, from: "orbit story 1 v1").contains("news › Front page › Article ›")
        }
        try tmux.send("b")
        try await tmux.waitFor("Space · 1 unread")
        try tmux.send("c space")
        try await tmux.waitFor("news › Front page › Space ›")
        try tmux.send("mark read")
        try await tmux.waitFor("Marked 1 item read.")
        try tmux.send("/harbour story")
        try await tmux.waitFor("Search “harbour story”")
        try await tmux.waitFor("the search over the stored feed items") { screen in
            let draw = TmuxSession.latestDraw(screen, from: "Search “harbour story”")
            return draw.contains("harbour story 0 v1") && draw.contains("harbour story 1 v1")
        }
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
    }
}
