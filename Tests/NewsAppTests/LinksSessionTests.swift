import Foundation
import Testing

/// Addresses as a person meets them in a terminal: never broken inside (so they can be copied
/// and clicked), and OSC 8 hyperlinks when `hyperlinks` says so.
@Suite("Links in a terminal session", .serialized)
struct LinksSessionTests {
    static let picture =
        "https://images.example.org/2026/11/23/markets/the-long-awaited-bitcoin-settlement-story/bitcoin-settlement.jpg"

    /// A feed item whose text links to a long address, refreshed from 127.0.0.1.
    private func session(
        columns: Int, layout: String = "stack", configuration: String, recordsOutput: Bool = false
    ) async throws -> (TmuxSession, FeedServer, Sandbox) {
        let sandbox = try Sandbox()
        let feed = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Ledger</title>
            <entry><id>urn:ledger:1</id><title>The settlement, at last</title>
            <link href="https://example.org/ledger/1"/><updated>2026-11-23T10:00:00Z</updated>
            <content type="html">&lt;p&gt;The court approved it. The picture: \(Self.picture)&lt;/p&gt;
            &lt;p&gt;See &lt;a href="\(Self.picture)"&gt;the picture&lt;/a&gt;.&lt;/p&gt;</content></entry>
            </feed>
            """
        let server = try FeedServer(files: [
            "/ledger.xml": FeedServer.File(body: Data(feed.utf8), contentType: "application/atom+xml")
        ])
        try sandbox.directory.write(
            """
            <?xml version="1.0"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
            <outline text="Money"><outline type="rss" text="Ledger" xmlUrl="\(server.base)/ledger.xml"/></outline>
            </body></opml>
            """, to: "mine.opml")
        #expect(try await sandbox.run(["feeds", "import", sandbox.home + "/mine.opml"]).status == 0)
        let refreshed = try await sandbox.run(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed.out) \(refreshed.err)")
        try sandbox.writeConfig("full_text = \"off\"\n" + configuration)
        let tmux = try TmuxSession(
            ["--layout", layout], columns: columns,
            environment: [
                "HOME": sandbox.home, "XDG_CONFIG_HOME": sandbox.home + "/.config",
                "XDG_STATE_HOME": sandbox.home + "/.local/state", "XDG_CACHE_HOME": sandbox.home + "/.cache",
            ], recordsOutput: recordsOutput)
        // The sandbox is returned too: its directory goes when it does.
        return (tmux, server, sandbox)
    }

    @Test("A long address is never broken: it has a line of its own", arguments: [80, 180])
    func addressesAreWhole(columns: Int) async throws {
        let (tmux, server, sandbox) = try await session(columns: columns, configuration: "")
        try await tmux.waitFor("news › Front page ›")
        try tmux.send("1")
        try await tmux.waitFor("news › Front page › Article ›")
        let screen = try tmux.joinedScreen()
        let whole = screen.split(separator: "\n").filter { $0.contains(Self.picture) }
        #expect(whole.count >= 2, "in the text and under Links, whole:\n\(screen)")
        #expect(!screen.contains("bitcoin-se\n"), "not broken inside")
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        await server.stop()
        _ = sandbox
    }

    @Test("Split layout: a long address in the right pane is whole, on a line of its own")
    func addressesAreWholeInTheSplitLayout() async throws {
        let (tmux, server, sandbox) = try await session(columns: 180, layout: "split", configuration: "")
        try await tmux.waitFor("news › Front page ›")
        try tmux.send("1")
        try await tmux.waitFor("the item in the right pane") { screen in
            screen.contains("│ The settlement, at last")
                && screen.split(separator: "\n").last == "news › Front page › Article ›"
        }
        let screen = try tmux.joinedScreen()
        // The picture's address in the text and under Links, each whole after the divider.
        let whole = screen.split(separator: "\n").filter { $0.contains("│ ") && $0.contains(Self.picture) }
        #expect(whole.count >= 2, "whole in the right pane:\n\(screen)")
        #expect(!screen.contains("bitcoin-settlement…"), "not cut")
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        await server.stop()
        _ = sandbox
    }

    @Test(
        "hyperlinks = on draws OSC 8 links; off and auto (in tmux) draw none",
        arguments: ["on", "off", "auto"])
    func hyperlinks(choice: String) async throws {
        let (tmux, server, sandbox) = try await session(
            columns: 100, configuration: "hyperlinks = \"\(choice)\"\n", recordsOutput: true)
        try await tmux.waitFor("news › Front page ›")
        try tmux.send("1")
        try await tmux.waitFor("news › Front page › Article ›")
        try tmux.send("q")
        let written = try await tmux.recordedOutput(through: "[newsapp exited with status")
        let link = Data("\u{1B}]8;;\(Self.picture)\u{1B}\\".utf8)
        #expect((written.range(of: link) != nil) == (choice == "on"))
        await server.stop()
        _ = sandbox
    }
}
