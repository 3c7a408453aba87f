import Foundation
import Testing

/// The built binary in a real pseudo-terminal under tmux: GNU readline, resizes, the works.
/// These run one at a time: each starts its own tmux server and app.
@Suite("Terminal sessions under tmux", .serialized)
struct TerminalSessionTests {
    @Test("Stack layout: open, search, sort, page, detail, back, quit")
    func stack() async throws {
        let tmux = try TmuxSession(["--page-size", "3", "--layout", "stack"], columns: 100)
        try await tmux.waitFor("news › Top stories ›")
        try tmux.send("2")
        try await tmux.waitFor("o open · s share · save · b back")
        try tmux.send("b")
        try await tmux.waitFor("1–3 open · n more")
        try tmux.send("/mars")
        try await tmux.waitFor("Search “mars” · sorted by newest")
        try tmux.send("sort relevancy")
        try await tmux.waitFor("Search “mars” · sorted by relevancy")
        try tmux.send("n")
        let paged = try await tmux.waitFor("End of results.")
        #expect(paged.contains("\n4  "), "the next page continues the numbering")
        #expect(paged.contains("1–5 open"))
        try tmux.send("5")
        try await tmux.waitFor("news › Top stories › Search “mars” › Article ›")
        try tmux.send("b")
        try tmux.send("b")
        try await tmux.waitFor("the feed's prompt again") { screen in
            screen.split(separator: "\n").last == "news › Top stories ›"
        }
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("Split layout: list and detail side by side, then collapsing and expanding keeps the article")
    func split() async throws {
        let tmux = try TmuxSession(["--layout", "split"], columns: 160)
        try await tmux.waitFor("news › Top stories ›")
        try tmux.send("1")
        let side = try await tmux.waitFor("the detail in the right pane") { screen in
            TmuxSession.latestDraw(screen).contains("│ o open · s share · save · b back")
        }
        #expect(side.contains(" 1  "), "the list stays on the left")
        try tmux.resize(columns: 90)
        try await tmux.waitFor("the detail alone at 90 columns") { screen in
            let draw = TmuxSession.latestDraw(screen)
            return draw.contains("\no open · s share · save · b back") && !draw.contains("│")
        }
        try tmux.resize(columns: 160)
        try await tmux.waitFor("side by side again") { screen in
            TmuxSession.latestDraw(screen).contains("│ o open · s share · save · b back")
        }
        try tmux.send("/mars")
        try await tmux.waitFor("5 of 5 articles")
        try tmux.send("2")
        try await tmux.waitFor("Search “mars” › Article ›")
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("Ctrl-C clears the line and never quits; Ctrl-D on an empty line quits with 0")
    func keys() async throws {
        let tmux = try TmuxSession([], columns: 100)
        try await tmux.waitFor("news › Top stories ›")
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
