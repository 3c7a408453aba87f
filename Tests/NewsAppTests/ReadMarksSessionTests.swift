import Foundation
import Testing

/// newsboat's habits with read marks, in a terminal: `mark read` taken back with `undo`, and an
/// item marked unread again (`mark unread`, `toggle read`).
@Suite("Read marks in a terminal session", .serialized)
struct ReadMarksSessionTests {
    @Test func undoMarkReadAndMarkUnread() async throws {
        let feeds = try await DrawingSessionTests.Feeds()
        let tmux = try feeds.session(columns: 80)
        try await feeds.frontPage(tmux)
        try tmux.send("c space")
        try await tmux.waitFor("news › Front page › Space ›")
        try tmux.send("undo")
        try await tmux.waitFor("Nothing to undo: undo takes back this list's last mark read.")
        try tmux.send("mark read")
        try await tmux.waitFor("Marked 3 items read.")
        try tmux.send("undo")
        try await tmux.waitFor("Undone: 3 items unread again.")
        try tmux.send("b")
        try await tmux.waitFor("the three unread again on the front page") { screen in
            TmuxSession.latestDraw(screen, from: "Front page · ").contains("Space · 3 unread")
                && DrawingSessionTests.lastLine(screen) == "news › Front page ›"
        }
        try tmux.send("1")
        try await tmux.waitFor("news › Front page › Article ›")
        try tmux.send("mark unread")
        try await tmux.waitFor("Marked unread.")
        try tmux.send("b")
        try await tmux.waitFor("the item unread on the front page") { screen in
            TmuxSession.latestDraw(screen, from: "Front page · ").contains("Space · 3 unread")
                && DrawingSessionTests.lastLine(screen) == "news › Front page ›"
        }
        try tmux.send("1")
        try await tmux.waitFor("news › Front page › Article ›")
        try tmux.send("toggle read")
        try await tmux.waitFor("Marked unread.")
        try tmux.send("toggle read")
        try await tmux.waitFor("Marked read.")
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        await feeds.server.stop()
    }
}
