import Foundation
import Testing

/// The words a person reads in a terminal session: a suggestion only when it is close, an empty
/// filter that says nothing matched, counts in the singular, and newsboat's `next` on the front
/// page.
@Suite("Words in a terminal session", .serialized)
struct WordsSessionTests {
    @Test("mark and next on the front page; a filter that matches nothing; one article is singular")
    func words() async throws {
        let feeds = try await DrawingSessionTests.Feeds()
        let tmux = try feeds.session(columns: 80)
        try await feeds.frontPage(tmux)
        try tmux.send("mark")
        let marked = try await tmux.waitFor("Unknown command “mark”.")
        #expect(!marked.contains("Did you mean “back”?"))
        // newsboat's next: the first unread item, in the order of the sections.
        try tmux.send("next")
        try await tmux.waitFor("the first unread item") { screen in
            screen.contains("orbit story 0 v1")
                && DrawingSessionTests.lastLine(screen) == "news › Front page › Article ›"
        }
        try tmux.send("b")
        try tmux.send("c space")
        try await tmux.waitFor("news › Front page › Space ›")
        try tmux.send("mark")
        try await tmux.waitFor("Type mark read to mark every item of the list read.")
        try tmux.send("filter title =~ \"nothing like this\"")
        let filtered = try await tmux.waitFor("Nothing in Space matches “title =~ \"nothing like this\"”.")
        #expect(!filtered.contains("they arrive when the feeds are refreshed"))
        try tmux.send("filter title =~ \"story 2\"")
        let one = try await tmux.waitFor("1 of 1 item")
        #expect(!one.contains("1 of 1 items"))
        try tmux.send("7")
        let wrong = try await tmux.waitFor("There is no article 7 here")
        #expect(wrong.contains("There is no article 7 here: choose 1."))
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        await feeds.server.stop()
    }

    @Test(
        "newsapp --tag with a tag no feed has says so, not that items arrive on a refresh",
        arguments: [80, 180])
    func unknownTag(columns: Int) async throws {
        let feeds = try await DrawingSessionTests.Feeds()
        let tmux = try feeds.session(columns: columns, arguments: ["--tag", "nosuch"])
        let screen = try await tmux.waitFor("No feed has the tag “nosuch”")
        #expect(!screen.contains("they arrive when the feeds are refreshed"))
        // Asking again cannot bring a tag no feed has: no `r retries` offered.
        #expect(!screen.contains("retries"), "\(screen)")
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        await feeds.server.stop()
    }

    @Test("cache stats counts the feed items read in a session")
    func cacheStatsCountsTheItemsRead() async throws {
        let feeds = try await DrawingSessionTests.Feeds()
        let before = try await feeds.sandbox.run(["cache", "stats"])
        #expect(before.out.split(separator: "\n").contains("Read      0"), "\(before.out)")
        let tmux = try feeds.session(columns: 80)
        try await feeds.frontPage(tmux)
        try tmux.send("c space")
        try await tmux.waitFor("the list's prompt") {
            DrawingSessionTests.lastLine($0) == "news › Front page › Space ›"
        }
        for number in ["1", "2"] {
            try tmux.send(number)
            try await tmux.waitFor("item \(number)'s prompt") { screen in
                DrawingSessionTests.lastLine(screen) == "news › Front page › Space › Article ›"
            }
            try tmux.send("b")
            try await tmux.waitFor("the list's prompt again") { screen in
                DrawingSessionTests.lastLine(screen) == "news › Front page › Space ›"
            }
        }
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        let after = try await feeds.sandbox.run(["cache", "stats"])
        #expect(after.out.split(separator: "\n").contains("Read      2"), "\(after.out)")
        await feeds.server.stop()
    }
}
