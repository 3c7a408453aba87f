import Foundation
import Testing

/// How the app draws in a real terminal, as a person meets it in tmux: the prompt names the screen
/// shown, each screen is drawn once per change, messages are wrapped to the width, and keys typed
/// before the first screen go to it.
@Suite("Drawing in a terminal session", .serialized)
struct DrawingSessionTests {
    static func lastLine(_ screen: String) -> Substring? {
        screen.split(separator: "\n").last
    }

    /// What was written, without SGR sequences (styles split a line's text).
    static func text(_ written: Data) -> String {
        String(decoding: written, as: UTF8.self).replacingOccurrences(
            of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// Two feeds refreshed from 127.0.0.1 into a clean home, the server still answering.
    struct Feeds {
        let sandbox: Sandbox
        let server: FeedServer

        init() async throws {
            sandbox = try Sandbox()
            server = try FeedServer(files: [
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
            #expect(try await sandbox.run(["feeds", "import", sandbox.home + "/mine.opml"]).status == 0)
            #expect(try await sandbox.run(["refresh"]).status == 0)
            try sandbox.writeConfig("full_text = \"off\"\n")
        }

        func session(columns: Int, recordsOutput: Bool = false, arguments: [String] = []) throws
            -> TmuxSession
        {
            try TmuxSession(
                ["--layout", "stack"] + arguments, columns: columns,
                environment: [
                    "HOME": sandbox.home, "XDG_CONFIG_HOME": sandbox.home + "/.config",
                    "XDG_STATE_HOME": sandbox.home + "/.local/state",
                    "XDG_CACHE_HOME": sandbox.home + "/.cache",
                ], recordsOutput: recordsOutput)
        }

        func frontPage(_ tmux: TmuxSession) async throws {
            try await tmux.waitFor("the front page of the two tags") { screen in
                screen.contains("Space · 3 unread") && screen.contains("Local · 2 unread")
                    && DrawingSessionTests.lastLine(screen) == "news › Front page ›"
            }
        }
    }

    @Test(
        "The prompt names the screen shown: a feed found by name, and next from a list", arguments: [80, 180])
    func promptFollowsTheScreen(columns: Int) async throws {
        let feeds = try await Feeds()
        let tmux = try feeds.session(columns: columns)
        try await feeds.frontPage(tmux)
        try tmux.send("feed orbit")
        try await tmux.waitFor("orbit's items under a prompt that names them") { screen in
            screen.contains("3 of 3 items") && Self.lastLine(screen) == "news › Front page › Feeds › Orbit ›"
        }
        try tmux.send("b")
        try tmux.send("b")
        try await feeds.frontPage(tmux)
        try tmux.send("c space")
        try await tmux.waitFor("news › Front page › Space ›")
        try tmux.send("next")
        try await tmux.waitFor("the first unread item under a prompt that names it") { screen in
            screen.contains("orbit story 0 v1")
                && Self.lastLine(screen) == "news › Front page › Space › Article ›"
        }
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        await feeds.server.stop()
    }

    @Test("A message longer than the terminal is wrapped between words", arguments: [80, 180])
    func messagesAreWrapped(columns: Int) async throws {
        let tmux = try TmuxSession(["--layout", "stack"], columns: columns)
        try await tmux.waitForFrontPage()
        let verb = String(repeating: "w", count: columns - 22)
        try tmux.send(verb)
        let screen = try await tmux.waitFor("Type ? for help.")
        let lines = screen.split(separator: "\n")
        #expect(lines.contains { $0 == "Unknown command “\(verb)”." })
        #expect(lines.contains { $0.hasPrefix("Type ? for help.") }, "the line breaks between words")
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("1 and Enter typed before the first screen open its first headline")
    func typeAheadIsKept() async throws {
        let tmux = try TmuxSession(["--layout", "stack"], columns: 80)
        // At once: the app has not drawn anything yet.
        try tmux.send("1")
        let opened = try await tmux.waitFor("the first headline's article") { screen in
            Self.lastLine(screen) == "news › Front page › Article ›"
        }
        #expect(!opened.contains("There are no headlines yet."))
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("r with nothing new is one line, not the front page again; save is one line, not the article again")
    func eachScreenDrawnOnce() async throws {
        let feeds = try await Feeds()
        let tmux = try feeds.session(columns: 80, recordsOutput: true)
        try await feeds.frontPage(tmux)
        try tmux.send("r")
        try await tmux.waitFor("2 feeds: 2 unchanged · 0 new")
        try tmux.send("1")
        try await tmux.waitFor("news › Front page › Article ›")
        try tmux.send("save")
        try await tmux.waitFor("Saved. Type saved to list your saved articles.")
        try tmux.send("q")
        let written = Self.text(try await tmux.recordedOutput(through: "[newsapp exited with status"))
        #expect(written.components(separatedBy: "Space · 3 unread").count == 2, "the front page drawn once")
        #expect(written.components(separatedBy: " · s share · ").count == 2, "the article drawn once")
        await feeds.server.stop()
    }

    @Test("c NAME in the sample edition draws the section once")
    func sectionDrawnOnce() async throws {
        let tmux = try TmuxSession(["--layout", "stack"], columns: 80, recordsOutput: true)
        try await tmux.waitForFrontPage()
        try tmux.send("c science")
        try await tmux.waitFor("news › Front page › Science ›")
        try tmux.send("q")
        let written = Self.text(try await tmux.recordedOutput(through: "[newsapp exited with status"))
        // The section's header: stored, then asked again, it is still drawn once (with its note).
        #expect(written.components(separatedBy: "Top stories · Science").count == 2, "the section drawn once")
    }
}
