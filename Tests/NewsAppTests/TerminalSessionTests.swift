import Foundation
import NewsModels
import SampleEdition
import Testing

/// The built binary in a real pseudo-terminal under tmux: GNU readline, resizes, the works.
/// These run one at a time: each starts its own tmux server and app.
@Suite("Terminal sessions under tmux", .serialized)
struct TerminalSessionTests {
    @Test(
        "Ctrl-Z stops the app; continued, it draws the prompt and the half-typed line again, and editing goes on"
    )
    func suspendAndResume() async throws {
        let tmux = try TmuxSession(["--page-size", "3", "--layout", "stack"], columns: 100)
        // The whole front page drawn, its prompt last: nothing more is drawn while the line is typed.
        try await tmux.waitForFrontPage()
        try tmux.press("/")
        try tmux.press("m")
        try tmux.press("a")
        try await tmux.waitFor("news › Front page › /ma")
        let app = try #require(try tmux.appPID())
        // The terminal sends SIGTSTP; the app gives the terminal back, and stops. (The shell in
        // the pane has no job control, so the test continues the app as `fg` would.)
        try tmux.press("C-z")
        try await tmux.waitForProcess(app, state: "T")
        kill(app, SIGCONT)
        let resumed = try await tmux.waitFor("the prompt and the line drawn again on a line of their own") {
            $0.components(separatedBy: "news › Front page › /ma").count == 3
        }
        #expect(resumed.split(separator: "\n").last == "news › Front page › /ma")
        try tmux.send("rs")
        try await tmux.waitFor("Search “mars” · sorted by newest")
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("The tmux server keeps no descriptor of the test process: another test's pipe still ends")
    func theTmuxServerHoldsNoPipeOfTheTests() throws {
        // A pipe like the one a concurrent test makes for its own newsapp (not close-on-exec).
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let tmux = try TmuxSession(["--page-size", "3"], columns: 100)
        close(ends[1])
        // With every write end closed the read end is at its end (0); a server holding a copy
        // makes the non-blocking read say "try again" (-1) instead, and the other test hung.
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
        withExtendedLifetime(tmux) {}
    }

    @Test("Stack layout: open, search, sort, page, detail, back, quit")
    func stack() async throws {
        let tmux = try TmuxSession(["--page-size", "3", "--layout", "stack"], columns: 100)
        try await tmux.waitForFrontPage()
        try tmux.send("2")
        try await tmux.waitFor("o open · s share · save · b back")
        try tmux.send("b")
        try await tmux.waitFor("1–21 open · c NAME a whole section")
        try tmux.send("/mars")
        try await tmux.waitFor("Search “mars” · sorted by newest")
        try tmux.send("sort relevancy")
        try await tmux.waitFor("Search “mars” · sorted by relevancy")
        try tmux.send("n")
        let paged = try await tmux.waitFor("End of results.")
        #expect(paged.contains("\n4  "), "the next page continues the numbering")
        #expect(paged.contains("1–5 open"))
        try tmux.send("5")
        try await tmux.waitFor("news › Front page › Search “mars” › Article ›")
        try tmux.send("b")
        try tmux.send("b")
        try await tmux.waitFor("the feed's prompt again") { screen in
            screen.split(separator: "\n").last == "news › Front page ›"
        }
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("Split layout: open, back, search, sort, page, detail, back, quit; no escapes from the news")
    func split() async throws {
        let sample = SampleNewsService(edition: try SampleEdition.bundled())
        // The front page's first section: the newest business headlines.
        let feed = try await sample.topHeadlines(
            HeadlinesRequest(country: "us", category: .business, pageSize: 3))
        let newest = try await sample.search(SearchRequest(query: "mars", sortBy: .publishedAt, pageSize: 3))
        let relevant = try await sample.search(SearchRequest(query: "mars", sortBy: .relevancy, pageSize: 3))
        let more = try await sample.search(
            SearchRequest(query: "mars", sortBy: .relevancy, page: 2, pageSize: 3))
        try #require(feed.articles.count == 3 && relevant.articles.count == 3 && more.articles.count == 2)
        let first = feed.articles[0]
        let fifth = more.articles[1]
        // NewsAPI's articles are cut off: the keys offer reader mode's `full`.
        let footer = "o open · full · s share · save · b back"
        let placeholder = "│ Type an article’s number to read it here."

        try await withRunningStub(serving: LacedNewsService(wrapped: sample)) { stub in
            let tmux = try TmuxSession(
                ["--page-size", "3", "--layout", "split"], columns: 160, environment: stub.environment)
            let feedHeader = "Front page · "
            try await tmux.waitFor("the front page, with an empty right pane") { screen in
                let draw = TmuxSession.latestDraw(screen, from: feedHeader)
                return draw.contains("Business · 3 unread") && draw.contains("Technology · 3 unread")
                    && draw.contains(placeholder) && draw.contains("1–21 open · c NAME a whole section")
            }
            try tmux.startRecording()

            // Open: the article on the right, the front page staying on the left.
            try tmux.send("1")
            let opened = try await tmux.waitFor("the first article beside the list") { screen in
                TmuxSession.latestDraw(screen, from: feedHeader).contains("│ " + footer)
            }
            let besideFeed = Self.lines(TmuxSession.latestDraw(opened, from: feedHeader))
            let feedTop = try #require(besideFeed.first.flatMap(Self.panes))
            #expect(feedTop.left.hasPrefix(feedHeader))
            #expect(feedTop.right.hasPrefix(Self.fragment(first.title)), "the title heads the right pane")
            #expect(besideFeed.contains { $0.hasPrefix(" 1  " + Self.fragment(first.title)) })
            let feedRight = besideFeed.compactMap { Self.panes($0)?.right }
            #expect(feedRight.contains(Substring(Self.byline(first))))
            #expect(
                feedRight.contains { $0.contains(Self.fragment(first.summary ?? "")) }, "the description")

            try tmux.resize(columns: 90)
            try await tmux.waitFor("the article alone at 90 columns") { screen in
                Self.lines(screen[...]).last { $0.contains("· s share ·") }.map(String.init) == footer
            }
            try tmux.resize(columns: 160)
            try await tmux.waitFor("side by side again") { screen in
                Self.lines(screen[...]).last { $0.contains("· s share ·") }?.contains("│ " + footer)
                    == true
            }

            // Back: the front page alone, the article marked read and counted.
            try tmux.send("b")
            try await tmux.waitFor("the front page again, the first article read") { screen in
                let draw = TmuxSession.latestDraw(screen, from: feedHeader)
                return Self.lines(screen[...]).last == "news › Front page ›" && draw.contains(placeholder)
                    && !draw.contains(footer) && draw.contains("Business · 2 unread")
            }

            // Search, newest first.
            let newestHeader = "Search “mars” · sorted by newest"
            try tmux.send("/mars")
            let searched = try await tmux.waitFor("the results by date") { screen in
                let draw = TmuxSession.latestDraw(screen, from: newestHeader)
                return draw.contains("1–3 open · n more · sort order · ? help") && draw.contains(placeholder)
            }
            let byDate = Self.lines(TmuxSession.latestDraw(searched, from: newestHeader))
            #expect(byDate.contains { $0.hasPrefix("3 of \(newest.totalResults) articles") })
            #expect(byDate.contains { $0.hasPrefix("1  " + Self.fragment(newest.articles[0].title)) })

            // Sort: the header says the order, and the list is in it from page 1.
            let relevantHeader = "Search “mars” · sorted by relevancy"
            try tmux.send("sort relevancy")
            let sorted = try await tmux.waitFor("the results by relevancy") { screen in
                TmuxSession.latestDraw(screen, from: relevantHeader).contains("1–3 open · n more")
            }
            let byRelevancy = Self.lines(TmuxSession.latestDraw(sorted, from: relevantHeader))
            #expect(byRelevancy.contains { $0.hasPrefix("3 of \(relevant.totalResults) articles") })
            #expect(byRelevancy.contains { $0.hasPrefix("1  " + Self.fragment(relevant.articles[0].title)) })
            #expect(relevant.articles[0].url != newest.articles[0].url, "the two orders differ at the top")

            // Page: the next page continues the numbering, to the end.
            try tmux.send("n")
            let paged = try await tmux.waitFor("the second page") { screen in
                TmuxSession.latestDraw(screen, from: relevantHeader).contains("End of results.")
            }
            let bothPages = Self.lines(TmuxSession.latestDraw(paged, from: relevantHeader))
            #expect(bothPages.contains { $0.hasPrefix("5 of \(more.totalResults) articles") })
            #expect(bothPages.contains { $0.hasPrefix("1–5 open · sort order · ? help") })
            let numbers = bothPages.compactMap { line in
                ["1", "2", "3", "4", "5"].first { line.hasPrefix($0 + "  ") }
            }
            #expect(numbers == ["1", "2", "3", "4", "5"])
            for (number, article) in zip(4...5, more.articles) {
                #expect(
                    bothPages.contains {
                        $0.hasPrefix("\(number)  ") && $0.contains(Self.fragment(article.title))
                    })
            }

            // Detail: the fifth article on the right, beside the whole list.
            try tmux.send("5")
            let detail = try await tmux.waitFor("the fifth article beside the results") { screen in
                Self.lines(screen[...]).last == "news › Front page › Search “mars” › Article ›"
                    && TmuxSession.latestDraw(screen, from: relevantHeader).contains("│ " + footer)
            }
            let besideResults = Self.lines(TmuxSession.latestDraw(detail, from: relevantHeader))
            let resultsTop = try #require(besideResults.first.flatMap(Self.panes))
            #expect(resultsTop.left.hasPrefix(relevantHeader))
            #expect(resultsTop.right.contains(Self.fragment(fifth.title)), "the title heads the right pane")
            let resultsRight = besideResults.compactMap { Self.panes($0)?.right }
            #expect(resultsRight.contains(Substring(Self.byline(fifth))))
            #expect(besideResults.contains { $0.hasPrefix("End of results.") })
            #expect(
                besideResults.contains { $0.hasPrefix("1  " + Self.fragment(relevant.articles[0].title)) })

            // Back: the results alone, the fifth read.
            try tmux.send("b")
            try await tmux.waitFor("the results again, the fifth read") { screen in
                let draw = TmuxSession.latestDraw(screen, from: relevantHeader)
                return Self.lines(screen[...]).last == "news › Front page › Search “mars” ›"
                    && draw.contains(placeholder) && draw.contains("5 of \(more.totalResults) articles")
                    && draw.contains(" · read")
            }

            try tmux.send("q")
            #expect(try await tmux.exitStatus() == 0)

            // What reached the terminal: the articles' text, and none of the escape sequences,
            // C1 control or bidi override laced into it. In this terminal (no OSC 8 support) the
            // app itself writes no OSC, DCS or screen clear either.
            let written = try await tmux.recordedOutput(through: "[newsapp exited with status")
            #expect(written.range(of: Data(Self.fragment(first.title).utf8)) != nil)
            #expect(written.range(of: Data(Self.fragment(fifth.title).utf8)) != nil)
            for forbidden in LacedNewsService.mustNotReachTheTerminal {
                #expect(
                    written.range(of: Data(forbidden.utf8)) == nil,
                    "\(forbidden.debugDescription) reached the terminal")
            }
        }
    }

    /// The first three words of `title` from its first letter: a leading emoji is left out, since
    /// tmux may measure it differently from the app.
    static func fragment(_ title: String) -> String {
        let words = title.split(separator: " ").drop { word in
            !(word.unicodeScalars.first?.properties.isAlphabetic ?? false)
        }
        return words.prefix(3).joined(separator: " ")
    }

    /// `Kestrel Wire Service · by Priya Raman`, as the article screen shows it.
    static func byline(_ article: Article) -> String {
        ([article.source.name] + (article.author.map { ["by " + $0] } ?? [])).joined(separator: " · ")
    }

    /// A line of the split layout as its two panes, without the divider and the padding; nil for
    /// a line that is not split.
    static func panes(_ line: Substring) -> (left: Substring, right: Substring)? {
        guard let divider = line.firstIndex(of: "│") else { return nil }
        var left = line[..<divider]
        while left.last == " " { left = left.dropLast() }
        return (left, line[line.index(after: divider)...].drop { $0 == " " })
    }

    /// The screen's lines, without the empty ones.
    static func lines(_ screen: Substring) -> [Substring] {
        screen.split(separator: "\n")
    }

    @Test("Ctrl-C clears the line and never quits; Ctrl-D on an empty line quits with 0")
    func keys() async throws {
        let tmux = try TmuxSession([], columns: 100)
        try await tmux.waitForFrontPage()
        try tmux.press("x")
        try tmux.press("C-c")
        try await tmux.waitFor("^C")
        try tmux.send("2")
        try await tmux.waitFor("o open · s share · save · b back")
        try tmux.press("C-d")
        let status = try await tmux.exitStatus()
        let screen = try tmux.screen()
        #expect(status == 0, "the screen was:\n\(screen)")
    }
}

/// The sample edition with escape sequences (a screen clear, a window title, a clipboard write, a
/// DCS query), an 8-bit CSI and a right-to-left override slipped into every article's title,
/// description, author and content. Cleaned, each field reads exactly as in the sample edition.
struct LacedNewsService: NewsService {
    static let payload =
        "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}P+qpwned\u{1B}\\\u{9B}31m\u{202E}"
    /// Byte sequences of the payload that must not reach the terminal.
    static let mustNotReachTheTerminal = [
        "\u{1B}[2J", "\u{1B}]", "\u{1B}P", "pwned", "cHduZWQ", "\u{9B}", "\u{202E}",
    ]

    let wrapped: SampleNewsService

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        Self.laced(try await wrapped.topHeadlines(request))
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        Self.laced(try await wrapped.search(request))
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        try await wrapped.sources(request)
    }

    private static func laced(_ page: ArticlePage) -> ArticlePage {
        var page = page
        for index in page.articles.indices {
            page.articles[index].title = lace(page.articles[index].title)
            page.articles[index].summary = page.articles[index].summary.map(lace)
            page.articles[index].author = page.articles[index].author.map(lace)
            page.articles[index].content = page.articles[index].content.map(lace)
        }
        return page
    }

    /// `text` with the payload before its first space.
    private static func lace(_ text: String) -> String {
        guard let space = text.firstIndex(of: " ") else { return text + payload }
        return text[..<space] + payload + text[space...]
    }
}
