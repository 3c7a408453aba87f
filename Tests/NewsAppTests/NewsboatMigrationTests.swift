import Foundation
import HTTPTestServer
import Testing

@testable import NewsApp

/// A newsboat user's files carried over, as the built binary reads them: a urls file with query:,
/// exec: and filter: lines and a config file with ignore-article rules, imported and refreshed
/// against feeds on 127.0.0.1; then the killfile's display mode, `search --filter`, and a podcast
/// queued in the app and downloaded by `newsapp downloads run`.
@Suite(.timeLimit(.minutes(10)))
struct NewsboatMigrationTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    func json(_ output: NewsAppProcess.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
    }

    @Test func aNewsboatUrlsAndConfigFileBehaveAsInNewsboat() async throws {
        let podcast = Data(repeating: 0x2A, count: 50_000)
        let server = try FeedServer(files: [
            "/linux.atom": FeedServer.atom("linux", count: 6),
            "/world.atom": FeedServer.atom("world", count: 4),
            "/pod.mp3": FeedServer.File(body: podcast, contentType: "audio/mpeg"),
        ])
        let feedFile = try sandbox.directory.write(
            String(decoding: FeedServer.atom("scripted", count: 3).body, as: UTF8.self), to: "scripted.atom")
        let urls = try sandbox.directory.write(
            """
            # newsboat urls
            \(server.base)/linux.atom linux "~Linux News"
            \(server.base)/world.atom world
            "exec:cat \(feedFile)" scripted
            "filter:sed s/world/earth/g:\(server.base)/world.atom" filtered
            "query:Early stories:title =~ \\"story [0-2] \\" and unread = \\"yes\\"" picks
            "query:Broken:titl =~ \\"x\\""
            """, to: "newsboat/urls")
        let config = try sandbox.directory.write(
            """
            ignore-article "*" "title =~ \\"story 5\\""
            ignore-article "\(server.base)/world.atom" "title =~ \\"story 3\\""
            reload-time 45
            bind-key j down
            """, to: "newsboat/config")

        let refused = try await sandbox.run(["feeds", "import", urls])
        #expect(refused.status == 0)
        #expect(refused.out.contains("Not added: 2 feeds that run a command"))
        let imported = try await sandbox.run(["feeds", "import", urls, "--allow-commands"])
        #expect(imported.out.hasPrefix("Imported 2 feeds from a newsboat urls file"))
        #expect(
            imported.out.contains(
                "Skipped line 7: \"query:Broken:titl =~ \\\"x\\\"\" — At column 1 of the filter"))
        let carried = try await sandbox.run(["feeds", "import", config])
        #expect(carried.status == 0)
        #expect(carried.out.contains("reload-time → refresh_interval = 45"))
        #expect(carried.out.contains("ignore-article → 2 [[ignore_article]] rules"))
        #expect(carried.out.contains("line 4: bind-key j down — NewsApp has its own commands and colours."))

        let refresh = try await sandbox.run(["refresh"])
        #expect(refresh.status == 0, "\(refresh.err)")
        let list = try json(try await sandbox.run(["feeds", "--json"]))
        let feeds = try #require(list["feeds"] as? [[String: Any]])
        let counts = feeds.map {
            "\($0["kind"] as? String ?? "") \($0["title"] as? String ?? "") \($0["items"] as? Int ?? -1)"
        }
        // The killfile: story 5 nowhere (linux has one), story 3 not in world.atom but in the filter
        // of the same document, which is another feed.
        #expect(
            counts == [
                "web Linux News 5", "web world 3", "query Early stories 12", "exec scripted 3",
                "filter earth 4",
            ])
        let settings = try #require(feeds[0]["settings"] as? [String: Any])
        #expect(settings["refreshInterval"] as? Int == 45)

        let query = try await sandbox.run(["feeds", "show", "Early stories", "--json"])
        let items = try #require(try json(query)["items"] as? [[String: Any]])
        #expect(items.count == 12)
        #expect(items.allSatisfy { ($0["title"] as? String)?.contains(#/story [0-2] /#) == true })

        let search = try await sandbox.run([
            "search", "--filter", #"feedtitle = "earth" and title =~ "story 3""#, "--json",
        ])
        #expect(search.status == 0)
        let found = try #require(try json(search)["articles"] as? [[String: Any]])
        #expect(found.map { $0["title"] as? String } == ["earth story 3 v1"])

        // Display mode: the same rules hide instead of dropping, and a removed rule brings back.
        try sandbox.writeConfig(
            """
            ignore_mode = "display"
            [[ignore_article]]
            feed = "*"
            filter = 'title =~ "story [01] "'
            """)
        let hidden = try json(try await sandbox.run(["feeds", "--json"]))
        let hiddenCounts = try #require(hidden["feeds"] as? [[String: Any]]).map { $0["items"] as? Int ?? -1 }
        #expect(hiddenCounts == [3, 1, 4, 1, 2])
        try sandbox.writeConfig("ignore_mode = \"display\"\n")
        let shown = try json(try await sandbox.run(["feeds", "--json"]))
        #expect(
            try #require(shown["feeds"] as? [[String: Any]]).map { $0["items"] as? Int ?? -1 } == [
                5, 3, 12, 3, 4,
            ])

        // A podcast: queued in the app, downloaded with downloads run, never over a file.
        let pod = try sandbox.directory.write(
            """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Pod</title>
            <item><title>Episode 1: /etc/passwd</title><guid>e1</guid>
            <enclosure url="\(server.base)/pod.mp3" type="audio/mpeg" length="50000"/></item>
            </channel></rss>
            """, to: "pod.xml")
        _ = try await sandbox.run([
            "feeds", "import", try sandbox.directory.write("\"exec:cat \(pod)\"\n", to: "more"),
            "--allow-commands",
        ])
        _ = try await sandbox.run(["refresh"])
        try FileManager.default.createDirectory(
            atPath: sandbox.home + "/Downloads/podcasts", withIntermediateDirectories: true)
        let existing = sandbox.home + "/Downloads/podcasts/Episode 1- -etc-passwd.mp3"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: existing))
        // The app runs the queue in the background; a piped session waits for it before quitting.
        let session = try await sandbox.run([], input: "feed Pod\n1\ndownload\nq\n")
        #expect(
            session.out.contains("Queued “Episode 1: /etc/passwd” · 48.8 KB for ~/Downloads/podcasts."),
            "\(session.out)")
        let saved = sandbox.home + "/Downloads/podcasts/Episode 1- -etc-passwd (2).mp3"
        #expect(
            session.out.contains(
                "Downloaded “Episode 1: /etc/passwd” (48.8 KB) to ~/Downloads/podcasts/Episode 1- -etc-passwd (2).mp3."
            ))
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved)) == podcast)
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "mine")
        let run = try await sandbox.run(["downloads", "run"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == "Nothing is queued.\n")
        let queue = try json(try await sandbox.run(["downloads", "--json"]))
        let downloads = try #require(queue["downloads"] as? [[String: Any]])
        #expect(downloads.first?["state"] as? String == "done")
        #expect(downloads.first?["path"] as? String == saved)
        await server.stop()
    }
}
