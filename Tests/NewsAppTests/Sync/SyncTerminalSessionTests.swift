import Foundation
import ReaderAPIStub
import TerminalText
import Testing

/// The app syncing in the background, in a real pseudo-terminal: the front page of the service's
/// labels, an item read, and `r`, whose sync holds while the service is slow without holding the
/// prompt, then sends the read mark and brings the new items.
@Suite("Sync in a terminal session", .serialized)
struct SyncTerminalSessionTests {
    @Test func theFrontPageShowsTheLabelsAndASyncRunsBehindThePrompt() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("full_text = \"off\"\n")
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 2, items: 3)).whileRunning {
            server in
            let login = try await sandbox.run(
                ["sync", "login", server.baseURL.absoluteString, "--user", "reader"], input: "api-password\n")
            try #require(login.status == 0)
            try #require(try await sandbox.run(["sync"]).status == 0)

            let tmux = try TmuxSession(
                ["--layout", "stack"], columns: 100,
                environment: [
                    "HOME": sandbox.home, "XDG_CONFIG_HOME": sandbox.home + "/.config",
                    "XDG_STATE_HOME": sandbox.home + "/.local/state",
                    "XDG_CACHE_HOME": sandbox.home + "/.cache",
                ])
            try await tmux.waitFor("the front page of the service's labels") { screen in
                screen.contains("Space · 3 unread") && screen.contains("Local · 3 unread")
                    && screen.contains("news › Front page ›")
            }
            try tmux.send("1")
            try await tmux.waitFor("news › Front page › Article ›")
            try tmux.send("b")
            try await tmux.waitFor("Space · 2 unread")

            // The service is slow: its answers wait, and so does the sync, not the prompt.
            let streams = server.account { $0.feeds.map(\.streamID) }
            server.account { $0.addItems(to: streams[1], count: 2, title: { "Late \($0)" }) }
            let before = server.requestCount
            server.holdAnswers(afterRequests: before)
            try tmux.send("r")
            await server.waitForRequests(before + 1)
            try await tmux.waitFor("Syncing with 127.0.0.1:\(server.port)")
            try tmux.send("c local")
            try await tmux.waitFor("the section opened while the sync waits") { screen in
                screen.contains("news › Front page › Local ›")
            }
            try tmux.send("b")
            server.release()
            try await tmux.waitFor("the sync's summary and the new items") { screen in
                screen.contains("Synced with 127.0.0.1:\(server.port): 1 change sent · 2 feeds · 2 new items")
                    && screen.contains("Local · 5 unread")
            }
            #expect(server.account { $0.items.filter(\.read).count } == 1)
            try tmux.send("q")
            #expect(try await tmux.exitStatus() == 0)
        }
    }

    @Test(
        "r with sync on: the summary of 43 synced and 43 local feeds is wrapped between words",
        arguments: [80, 180])
    func refreshSummaryIsWrappedToTheWidth(columns: Int) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("full_text = \"off\"\n")
        var files: [String: FeedServer.File] = [:]
        for index in 1...43 { files["/blog\(index).xml"] = FeedServer.atom("blog\(index)", count: 1) }
        let feeds = try FeedServer(files: files)
        let urls = files.keys.sorted().map { feeds.base + $0 }.joined(separator: "\n")
        try sandbox.directory.write(urls + "\n", to: ".config/newsapp/urls")
        try #require(try await sandbox.run(["refresh"]).status == 0)
        try await ReaderAPIStubServer(account: ReaderAPIAccount.sample(feeds: 43, items: 1)).whileRunning {
            server in
            let login = try await sandbox.run(
                ["sync", "login", server.baseURL.absoluteString, "--user", "reader"], input: "api-password\n")
            try #require(login.status == 0)
            try #require(try await sandbox.run(["sync"]).status == 0)

            let tmux = try TmuxSession(
                ["--layout", "stack"], columns: columns, rows: 60,
                environment: [
                    "HOME": sandbox.home, "XDG_CONFIG_HOME": sandbox.home + "/.config",
                    "XDG_STATE_HOME": sandbox.home + "/.local/state",
                    "XDG_CACHE_HOME": sandbox.home + "/.cache",
                ])
            try await tmux.waitFor("the front page") { screen in
                screen.contains("Space · 22 unread")
                    && screen.split(separator: "\n").last == "news › Front page ›"
            }
            try tmux.send("r")
            try await tmux.waitFor("the summary of the sync and the refresh") { screen in
                screen.contains(" new in ") && screen.split(separator: "\n").last == "news › Front page ›"
            }
            // Joined, the lines the terminal wrapped are one again: each line is the app's own.
            let rows = try tmux.joinedScreen().split(separator: "\n")
            let first = try #require(
                rows.lastIndex { $0.hasPrefix("Synced with 127.0.0.1:\(server.port): ") })
            let last = try #require(rows[first...].firstIndex { $0.contains(" new in ") })
            let summary = rows[first...last]
            for row in summary {
                #expect(DisplayWidth.of(String(row)) <= columns, "“\(row)” is wider than \(columns) columns")
            }
            #expect(summary.joined(separator: " ").contains("43 feeds: 43 unchanged · 0 new in "))
            #expect(summary.count == (columns < 100 ? 2 : 1), "\(summary.joined(separator: "\n"))")
            try tmux.send("q")
            #expect(try await tmux.exitStatus() == 0)
        }
        await feeds.stop()
    }
}
