import Foundation
import ReaderAPIStub
import Testing

/// The app syncing in the background, in a real pseudo-terminal: the front page of the service's
/// labels, an item read, and `r`, whose sync holds while the service is slow without holding the
/// prompt, then sends the read mark and brings the new items.
@Suite("Sync in a terminal session", .serialized)
struct SyncTerminalSessionTests {
    @Test func theFrontPageShowsTheLabelsAndASyncRunsBehindThePrompt() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("full_text = \"off\"\n")
        try await ReaderAPIStubServer(account: SyncHarness.account(feeds: 2, items: 3)).whileRunning {
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
}
