import Foundation
import Testing

/// A feed's items as a person meets them in a real terminal: an item of another year says its
/// year, and a feed that puts the whole post in `<description>` gets a lead of a few lines, block
/// quotes marked on every line, and no reader mode of its own (so, offline, no complaint that the
/// page could not be read).
@Suite("Feed items in a terminal session", .serialized)
struct FeedItemsSessionTests {
    static let opening =
        "Snow closed the road over the pass again on Sunday night, the third time this winter, and the "
        + "ploughs from the valley could not reach the upper bends before the drifts had set hard."
    static let quote =
        "We have cleared this road every winter for forty years, and we have never seen the drifts "
        + "come back within the hour the way they did on Sunday night above the second bend"
    static let closing = "The council meets on Thursday to decide whether the road stays shut until March."

    /// The whole post, as some feeds put it in `<description>`: far longer than a teaser, with a
    /// quote, not ending cut.
    static var wholePost: String {
        let middle = [
            "Farmers above the pass were cut off from the market town for two days, and the school bus "
                + "turned back at the chapel. The post came up on foot, a sack on each shoulder, and the "
                + "shop at the top of the road sold out of bread and candles by noon on Monday.",
            "The road crew worked through the night with two ploughs and a loader borrowed from the quarry. "
                + "By Tuesday morning one lane was open as far as the second bend, but the wind filled it again "
                + "within the hour, and the crew pulled back to the depot to wait for the gale to drop.",
            "The foreman, who has driven the plough on this road since he left school, said as much to "
                + "anyone who would listen at the depot gate:",
        ]
        let paragraphs =
            ["<p>\(opening)</p>"] + middle.map { "<p>\($0)</p>" }
            + ["<blockquote><p>\(quote)</p></blockquote>", "<p>\(closing)</p>"]
        return paragraphs.joined()
    }

    @Test(
        "An item of another year says its year: at 80 columns, and in the split layout's short form",
        arguments: [80, 180])
    func anOldItemSaysItsYear(columns: Int) async throws {
        let hills = try await Hills()
        // At 180 columns, the split layout in a short terminal: the list on the left is drawn in
        // its compact form, a line an item, with short dates.
        let split = columns >= 100
        let tmux = try hills.session(
            columns: columns, rows: split ? 10 : 50, layout: split ? "split" : "stack")
        let front = try await hills.frontPage(tmux)
        #expect(Self.item("Winter on the old pass road", in: front).contains("2019"), "\(front)")
        try tmux.send("c hills")
        let list = try await tmux.waitFor("the list of Hills") { screen in
            DrawingSessionTests.lastLine(screen) == "news › Front page › Hills ›"
                && TmuxSession.latestDraw(screen, from: "Hills").contains("Winter on the old pass road")
        }
        let draw = String(TmuxSession.latestDraw(list, from: "Hills"))
        #expect(Self.item("Winter on the old pass road", in: draw).contains("2019"), "\(draw)")
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        await hills.server.stop()
    }

    /// The line of `screen` with `title` and the line after it (where the full form puts the date).
    static func item(_ title: String, in screen: String) -> String {
        let lines = screen.split(separator: "\n")
        guard let index = lines.lastIndex(where: { $0.contains(title) }) else { return "" }
        return lines[index...].prefix(2).joined(separator: "\n")
    }

    @Test(
        "A whole post in <description>: a lead of a few lines at 80 columns, quotes marked on each line",
        arguments: [80, 180])
    func wholePostInTheDescription(columns: Int) async throws {
        let hills = try await Hills()
        let tmux = try hills.session(columns: columns, layout: "stack")
        let front = try await hills.frontPage(tmux)
        let lines = front.split(separator: "\n", omittingEmptySubsequences: false)
        let title = try #require(lines.firstIndex { $0.contains("Snow closes the pass road again") })
        let lead = lines[(title + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(
            lead.count <= (columns < 100 ? 5 : 3),
            "a few lines, not the whole post:\n\(lead.joined(separator: "\n"))")
        #expect(!front.contains("The council meets on Thursday"), "the lead is not the whole post")
        // A quote is marked on each of its lines or on none: never its first line alone.
        for (index, line) in lines.enumerated()
        where line.trimmingCharacters(in: .whitespaces).hasPrefix("> ") {
            let next = index + 1 < lines.count ? lines[index + 1].trimmingCharacters(in: .whitespaces) : ""
            #expect(next.isEmpty || next.hasPrefix(">"), "a quote's wrapped line lost its mark: “\(next)”")
        }
        try tmux.send("1")
        let article = try await tmux.waitFor("the post, its quote and the prompt") { screen in
            screen.contains("The council meets on Thursday")
                && DrawingSessionTests.lastLine(screen) == "news › Front page › Article ›"
        }
        // Each of the quote's lines is marked.
        let rows = article.split(separator: "\n")
        let first = try #require(rows.lastIndex { $0.contains("We have cleared this road") })
        let last = try #require(rows.lastIndex { $0.contains("the second bend") })
        try #require(last >= first)
        #expect((last > first) == (columns < 100), "the quote wraps at 80 columns, not at 180")
        for row in rows[first...last] {
            #expect(row.hasPrefix("> ") || row.hasPrefix("  > "), "a quote's line without its mark: “\(row)”")
        }
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        await hills.server.stop()
    }

    @Test("A whole post is not read again as a page: no reader mode as it opens, offline no complaint")
    func noReaderModeForAWholePost() async throws {
        let hills = try await Hills()
        // Offline: nothing answers at the post's address any more.
        await hills.server.stop()
        let tmux = try hills.session(columns: 80, layout: "stack")
        try await hills.frontPage(tmux)
        try tmux.send("1")
        let article = try await tmux.waitFor("the post and the prompt") { screen in
            screen.contains("The council meets on Thursday")
                && DrawingSessionTests.lastLine(screen) == "news › Front page › Article ›"
        }
        // `full` is offered only for a text that is cut off, and reader mode runs only for one.
        let hints = try #require(article.split(separator: "\n").last { $0.contains(" s share ") })
        #expect(!hints.contains("· full ·"), "\(hints)")
        #expect(!article.contains("Could not show the whole article"))
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        let ended = try tmux.screen()
        #expect(!ended.contains("Could not show the whole article"))
    }

    /// One feed of two items: this year's whole post, and a note from January 2019. Its links are
    /// relative: they resolve against the feed's address on the test server.
    static func feed(now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let recent = formatter.string(from: now.addingTimeInterval(-3600))
        let escaped = wholePost.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>Hill Notes</title><link>/</link>
            <description>Notes from the hills</description>
            <item><title>Snow closes the pass road again</title><link>/2026/pass</link>
            <guid>urn:hill:2</guid><pubDate>\(recent)</pubDate><description>\(escaped)</description></item>
            <item><title>Winter on the old pass road</title><link>/2019/pass</link>
            <guid>urn:hill:1</guid><pubDate>Thu, 31 Jan 2019 09:00:00 GMT</pubDate>
            <description>A short note from the pass.</description></item>
            </channel></rss>
            """
    }

    /// The feed refreshed from 127.0.0.1 into a clean home, with reader mode as an item opens
    /// (`full_text = "auto"`); the server still answers, and serves the post's page too.
    struct Hills {
        let sandbox: Sandbox
        let server: FeedServer

        init() async throws {
            sandbox = try Sandbox()
            let page = """
                <!doctype html><html><head><title>Snow closes the pass road again</title></head>
                <body><article><h1>Snow closes the pass road again</h1>
                <p>Words that only the page holds, never the feed.</p></article></body></html>
                """
            server = try FeedServer(files: [
                "/2026/pass": FeedServer.File(body: Data(page.utf8), contentType: "text/html; charset=utf-8"),
                "/hills.xml": FeedServer.File(
                    body: Data(FeedItemsSessionTests.feed().utf8), contentType: "application/rss+xml"),
            ])
            try sandbox.directory.write(
                """
                <?xml version="1.0"?>
                <opml version="2.0"><head><title>Mine</title></head><body>
                <outline text="Hills"><outline type="rss" text="Hill Notes" xmlUrl="\(server.base)/hills.xml"/></outline>
                </body></opml>
                """, to: "mine.opml")
            #expect(try await sandbox.run(["feeds", "import", sandbox.home + "/mine.opml"]).status == 0)
            let refreshed = try await sandbox.run(["refresh"])
            #expect(refreshed.status == 0, "\(refreshed.out) \(refreshed.err)")
            try sandbox.writeConfig("full_text = \"auto\"\n")
        }

        func session(columns: Int, rows: Int = 50, layout: String) throws -> TmuxSession {
            try TmuxSession(
                ["--layout", layout], columns: columns, rows: rows,
                environment: [
                    "HOME": sandbox.home, "XDG_CONFIG_HOME": sandbox.home + "/.config",
                    "XDG_STATE_HOME": sandbox.home + "/.local/state",
                    "XDG_CACHE_HOME": sandbox.home + "/.cache",
                ])
        }

        /// The front page, its prompt last.
        @discardableResult
        func frontPage(_ tmux: TmuxSession) async throws -> String {
            try await tmux.waitFor("the front page of Hills") { screen in
                screen.contains("Winter on the old pass road")
                    && DrawingSessionTests.lastLine(screen) == "news › Front page ›"
            }
        }
    }
}
