import Foundation
import Testing

/// Programs the app hands the terminal to, as a shell hands it to a foreground job, in a real
/// pseudo-terminal: `less` and `more` as the pager, `w3m` as the browser, and one killed while it
/// runs. Each must get the terminal (read its keys, draw its screen) and
/// give it back with the prompt working.
@Suite("External programs in a terminal session", .serialized)
struct ForegroundProgramSessionTests {
    static func installed(_ program: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/" + program)
    }

    /// A sample-edition article in a short terminal (so every pager has more than a screen to
    /// show), with `environment` for the pager or browser.
    private func article(columns: Int, rows: Int = 12, environment: [String: String]) async throws
        -> TmuxSession
    {
        let tmux = try TmuxSession(
            ["--layout", "stack"], columns: columns, rows: rows, environment: environment)
        try await tmux.waitForFrontPage()
        try tmux.send("1")
        try await tmux.waitFor("the article's prompt") {
            Self.lastLine($0) == "news › Front page › Article ›"
        }
        return tmux
    }

    static func lastLine(_ screen: String) -> Substring? {
        screen.split(separator: "\n").last
    }

    /// The prompt is back, last on screen, with no complaint about the program above it.
    private func backAtThePrompt(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let back = try await tmux.waitFor("the article's prompt again", sourceLocation: sourceLocation) {
            Self.lastLine($0) == "news › Front page › Article ›"
        }
        #expect(!back.contains("failed"), sourceLocation: sourceLocation)
        // The prompt takes keys again: back to the front page.
        try tmux.send("b")
        try await tmux.waitFor("the front page's prompt", sourceLocation: sourceLocation) {
            Self.lastLine($0) == "news › Front page ›"
        }
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0, sourceLocation: sourceLocation)
    }

    @Test(
        "pager with less: less gets the terminal, pages on Space, and q is back at the prompt",
        .enabled(if: installed("less"), "less is not installed: the less session is skipped"),
        arguments: [80, 180])
    func less(columns: Int) async throws {
        let tmux = try await article(columns: columns, environment: ["PAGER": "less"])
        try tmux.send("pager")
        let first = try await tmux.waitFor("less's first page and its prompt") { Self.lastLine($0) == ":" }
        #expect(!first.contains("news ›"), "less draws over the whole screen")
        try tmux.press("Space")
        try await tmux.waitFor("less's next page") { screen in
            screen != first && (Self.lastLine(screen) == ":" || screen.contains("(END)"))
        }
        try tmux.press("q")
        try await backAtThePrompt(tmux)
    }

    @Test(
        "pager with more: more gets the terminal, and q is back at the prompt",
        .enabled(if: installed("more"), "more is not installed: the more session is skipped"),
        arguments: [80, 180])
    func more(columns: Int) async throws {
        let tmux = try await article(columns: columns, rows: 6, environment: ["PAGER": "more"])
        try tmux.send("pager")
        try await tmux.waitFor("--More--")
        try tmux.press("q")
        try await backAtThePrompt(tmux)
    }

    @Test(
        "A pager killed while it runs is one sentence, and the prompt works",
        .enabled(if: installed("less"), "less is not installed: the killed-pager session is skipped"))
    func killedPager() async throws {
        let tmux = try await article(columns: 80, environment: ["PAGER": "less"])
        try tmux.send("pager")
        try await tmux.waitFor("less's prompt") { Self.lastLine($0) == ":" }
        let app = try #require(try tmux.appPID())
        let pager = try #require(Self.children(of: app, named: "less").first)
        kill(pager, SIGKILL)
        let said = try await tmux.waitFor("the sentence and the prompt") {
            $0.contains("The pager failed: less was ended by SIGKILL.")
                && Self.lastLine($0) == "news › Front page › Article ›"
        }
        #expect(said.components(separatedBy: "The pager failed").count == 2, "said once")
        try tmux.send("b")
        try await tmux.waitFor("the front page's prompt") { Self.lastLine($0) == "news › Front page ›" }
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test(
        "o with w3m (the browser key, %u): w3m shows the page, and q is back at the prompt",
        .enabled(if: installed("w3m"), "w3m is not installed: the w3m session is skipped"),
        arguments: [80, 180])
    func w3m(columns: Int) async throws {
        let sandbox = try Sandbox()
        let page = """
            <!doctype html><html><head><title>Quarry floods</title></head>
            <body><h1>Quarry floods after the storm</h1><p>Divers searched the pit until dawn.</p></body></html>
            """
        let feed = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Valley Post</title>
            <entry><id>urn:valley:1</id><title>Quarry floods after the storm</title>
            <link href="/2026/quarry"/><updated>2026-11-23T10:00:00Z</updated>
            <content>The old quarry filled overnight.</content></entry>
            </feed>
            """
        let server = try FeedServer(files: [
            "/2026/quarry": FeedServer.File(body: Data(page.utf8), contentType: "text/html; charset=utf-8"),
            "/valley.xml": FeedServer.File(body: Data(feed.utf8), contentType: "application/atom+xml"),
        ])
        try sandbox.directory.write(server.base + "/valley.xml\n", to: ".config/newsapp/urls")
        let configuration = "full_text = \"off\"\nbrowser = \"w3m -o confirm_qq=false %u\"\n"
        try sandbox.writeConfig(configuration)
        let refreshed = try await sandbox.run(["refresh"])
        #expect(refreshed.status == 0)
        let tmux = try TmuxSession(
            ["--layout", "stack"], columns: columns, rows: 24,
            environment: [
                "HOME": sandbox.home, "XDG_CONFIG_HOME": sandbox.home + "/.config",
                "XDG_STATE_HOME": sandbox.home + "/.local/state", "XDG_CACHE_HOME": sandbox.home + "/.cache",
            ])
        try await tmux.waitFor("the front page's prompt") { Self.lastLine($0) == "news › Front page ›" }
        try tmux.send("1")
        try await tmux.waitFor("the item's prompt") { Self.lastLine($0) == "news › Front page › Article ›" }
        try tmux.send("o")
        let browsing = try await tmux.waitFor("the page in w3m") {
            $0.contains("Divers searched the pit until dawn.") && !$0.contains("news ›")
        }
        #expect(browsing.contains("Quarry floods after the storm"))
        try tmux.press("q")
        try await tmux.waitFor("Opened in w3m.")
        try await backAtThePrompt(tmux)
        await server.stop()
    }

    @Test(
        "play with a terminal player: it gets the terminal and its keys, and the prompt comes back",
        arguments: [80, 180])
    func terminalPlayer(columns: Int) async throws {
        let sandbox = try Sandbox()
        let audio = try FeedServer(files: [
            "/episode-1.mp3": FeedServer.File(
                body: Data(repeating: 0x55, count: 4096), contentType: "audio/mpeg")
        ])
        let feed = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>Pass Radio</title><link>https://example.org/</link>
            <description>Talk from the pass</description>
            <item><title>Episode 1</title><link>https://example.org/episode-1</link><guid>urn:pass:1</guid>
            <pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate><description>The first episode.</description>
            <enclosure url="\(audio.base)/episode-1.mp3" type="audio/mpeg" length="4096"/></item>
            </channel></rss>
            """
        let server = try FeedServer(files: [
            "/radio.xml": FeedServer.File(body: Data(feed.utf8), contentType: "application/rss+xml")
        ])
        try sandbox.directory.write(server.base + "/radio.xml\n", to: ".config/newsapp/urls")
        // A player that reads a line from its terminal, as mpv reads its keys.
        let player = sandbox.directory.url.appendingPathComponent("player")
        try ExecutableScript.write(
            "#!/bin/sh\nprintf 'Player ready, a line to stop: '\nread answer\n"
                + "printf '%s\\n' \"$answer\" > \"$HOME/player-read\"\n",
            to: player)
        try sandbox.writeConfig(
            "full_text = \"off\"\nplayer = \"\(player.path)\"\ndownload_dir = \"\(sandbox.home)/Podcasts\"\n")
        #expect(try await sandbox.run(["refresh"]).status == 0)
        let tmux = try TmuxSession(
            ["--layout", "stack"], columns: columns, rows: 24,
            environment: [
                "HOME": sandbox.home, "XDG_CONFIG_HOME": sandbox.home + "/.config",
                "XDG_STATE_HOME": sandbox.home + "/.local/state", "XDG_CACHE_HOME": sandbox.home + "/.cache",
            ])
        try await tmux.waitFor("the front page's prompt") { Self.lastLine($0) == "news › Front page ›" }
        try tmux.send("1")
        try await tmux.waitFor("the item's prompt") { Self.lastLine($0) == "news › Front page › Article ›" }
        try tmux.send("download")
        try await tmux.waitFor("Downloaded “Episode 1”")
        try tmux.send("play")
        try await tmux.waitFor("Player ready, a line to stop:")
        try tmux.send("typed in the player")
        try await tmux.waitFor("the sentence and the prompt") { screen in
            screen.contains("Played “Episode 1” with player.")
                && Self.lastLine(screen) == "news › Front page › Article ›"
        }
        let read = try String(contentsOfFile: sandbox.home + "/player-read", encoding: .utf8)
        #expect(read == "typed in the player\n")
        try await backAtThePrompt(tmux)
        await server.stop()
        await audio.stop()
    }

    /// The processes whose parent is `pid` and whose name is `name`, from /proc (any of its
    /// threads may have started them).
    static func children(of pid: pid_t, named name: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid && stat.contains("(\(name))")
        }
    }
}
