import Foundation
import Store
import Testing

@testable import NewsApp

/// `newsapp feeds …` and `newsapp refresh`, run as the built binary against feed files served on
/// 127.0.0.1.
@Suite(.timeLimit(.minutes(10)))
struct FeedCommandTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    var urlsFile: String { sandbox.configDirectory + "/urls" }

    func json(_ output: NewsAppProcess.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
    }

    @Test func addingAPageFollowsItsFeedThenShowListsAndRefreshAsksConditionally() async throws {
        let server = try FeedServer(files: [
            "/blog/": FeedServer.page(announcing: "/blog/feed.atom"),
            "/blog/feed.atom": FeedServer.atom("orbit", count: 5),
        ])
        let add = try await sandbox.run([
            "feeds", "add", server.base + "/blog/", "--tag", "space", "--tag", "science",
        ])
        #expect(add.status == 0)
        #expect(add.err == "")
        #expect(add.out.hasPrefix("Added “orbit” (\(server.base)/blog/feed.atom) · 5 items\n"))
        #expect(add.out.contains("Found through the page \(server.base)/blog/, which announces it."))
        let urls = try String(contentsOfFile: urlsFile, encoding: .utf8)
        #expect(urls == "\(server.base)/blog/feed.atom space science\n")

        let list = try await sandbox.run(["feeds", "--json"])
        #expect(list.status == 0)
        let feeds = try #require(try json(list)["feeds"] as? [[String: Any]])
        #expect(feeds.count == 1)
        #expect(feeds[0]["title"] as? String == "orbit")
        #expect(feeds[0]["tags"] as? [String] == ["space", "science"])
        #expect(feeds[0]["items"] as? Int == 5)
        #expect(feeds[0]["unread"] as? Int == 5)
        #expect(feeds[0]["lastError"] is NSNull)

        let show = try await sandbox.run(["feeds", "show", "1", "--json"])
        #expect(show.status == 0)
        let document = try json(show)
        #expect(document["url"] as? String == server.base + "/blog/feed.atom")
        #expect(document["title"] as? String == "orbit")
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.count == 5)
        let first = items[0]
        #expect(
            Set(first.keys) == [
                "id", "title", "link", "author", "published", "updated", "summary", "content", "links",
                "enclosures", "image",
                "read",
            ])
        #expect(first["id"] as? String == "urn:orbit:0")
        #expect(first["title"] as? String == "orbit story 0 v1")
        #expect(first["link"] as? String == "https://example.org/orbit/0")
        #expect(first["author"] as? String == "Ada")
        #expect(first["updated"] as? String == "2026-11-23T10:59:00Z")
        #expect(first["summary"] as? String == "Story 0 of orbit, with more [1].")
        #expect(first["links"] as? [String] == [server.base + "/more/0"])
        let enclosure = try #require((first["enclosures"] as? [[String: Any]])?.first)
        #expect(enclosure["url"] as? String == "https://example.org/orbit/0.mp3")
        #expect(enclosure["type"] as? String == "audio/mpeg")
        #expect(enclosure["length"] as? Int == 1234)
        #expect(first["read"] as? Bool == false)

        let refresh = try await sandbox.run(["refresh"])
        #expect(refresh.status == 0)
        #expect(refresh.out.hasPrefix("1 feed: 1 unchanged · 0 new in "))
        #expect(!refresh.containsEscape)
        let last = try #require(server.requestHeads.last)
        #expect(last.header("If-None-Match") != nil)
        #expect(last.header("If-Modified-Since") == FeedServer.lastModified)
        await server.stop()
    }

    @Test func aRefreshReportsEachFeedMovesThePermanentlyMovedAndLogsFailures() async throws {
        let server = try FeedServer(
            files: [
                "/a.xml": FeedServer.atom("alpha", count: 3), "/b2.xml": FeedServer.atom("beta", count: 2),
                "/c.xml": FeedServer.atom("gamma", count: 4),
            ],
            moves: ["/b.xml": (301, "/b2.xml"), "/c-temp.xml": (302, "/c.xml")], statuses: ["/gone.xml": 404])
        try sandbox.directory.write(
            """
            # my feeds
            \(server.base)/a.xml news
            \(server.base)/b.xml "~Beta, renamed"
            \(server.base)/c-temp.xml
            \(server.base)/gone.xml
            "query:Broken:unread = "

            """, to: ".config/newsapp/urls")
        let key = "secret-key-0123456789abcdef"
        let refresh = try await sandbox.run(["refresh"], extra: ["NEWSAPI_KEY": key])
        #expect(refresh.status == 0)
        #expect(
            refresh.out.contains(
                "Moved permanently: \(server.base)/b.xml → \(server.base)/b2.xml (~/.config/newsapp/urls updated)"
            ))
        #expect(refresh.out.contains("4 feeds: 3 updated, 1 failed (newsapp feeds shows why) · 9 new in "))
        #expect(refresh.err.contains("line 6 skipped"))
        let urls = try String(contentsOfFile: urlsFile, encoding: .utf8)
        #expect(urls.contains("\(server.base)/b2.xml \"~Beta, renamed\"\n"))
        #expect(urls.contains("\(server.base)/c-temp.xml\n"))
        #expect(urls.hasPrefix("# my feeds\n"))

        // The skipped line is said once.
        let again = try await sandbox.run(["refresh"])
        #expect(!again.err.contains("skipped"))

        let list = try await sandbox.run(["feeds"])
        #expect(list.out.contains("✗ The feed is not there any more (404 Not Found)."))
        #expect(list.out.contains("Beta, renamed"))
        #expect(list.out.contains("line 6: "))

        let log = try String(
            contentsOfFile: sandbox.home + "/.local/state/newsapp/newsapp.log", encoding: .utf8)
        #expect(
            log.contains(
                "refresh failed reason=\"The feed is not there any more (404 Not Found).\" url=\(server.base)/gone.xml"
            ))
        #expect(!log.contains(key))
        await server.stop()
    }

    /// Issue 20: a feed that breaks keeps what was read, and says so in `newsapp feeds` and the log.
    @Test func aFeedThatEndsEarlyIsReadInPartWithAWarning() async throws {
        let whole = String(decoding: FeedServer.atom("cut", count: 25).body, as: UTF8.self)
        // Cut inside the fifth entry, as a dropped connection or a full disk on the server does.
        let cut = try #require(whole.range(of: "<id>urn:cut:4</id>"))
        let server = try FeedServer(files: [
            "/cut.atom": FeedServer.File(
                body: Data(whole[..<cut.upperBound].utf8), contentType: "application/atom+xml")
        ])
        let add = try await sandbox.run(["feeds", "add", server.base + "/cut.atom"])
        #expect(add.status == 0)
        #expect(add.out.hasPrefix("Added “cut” (\(server.base)/cut.atom) · 4 items\n"))
        let refresh = try await sandbox.run(["refresh"])
        #expect(refresh.status == 0)

        let list = try await sandbox.run(["feeds"])
        #expect(list.out.contains("! The feed ended early at line "))
        #expect(list.out.contains(": 4 of at least 5 items read."))
        let json = try await sandbox.run(["feeds", "--json"])
        let feeds = try #require(try self.json(json)["feeds"] as? [[String: Any]])
        #expect((feeds.first?["lastWarning"] as? String)?.hasSuffix("4 of at least 5 items read.") == true)
        #expect(feeds.first?["items"] as? Int == 4)
        let log = try String(
            contentsOfFile: sandbox.home + "/.local/state/newsapp/newsapp.log", encoding: .utf8)
        #expect(log.contains("feed read in part reason=\"The feed ended early at line "))
        // Not asked conditionally again: the validators of a broken document are not kept.
        let heads = server.requestHeads.filter { $0.path == "/cut.atom" }
        #expect(heads.count == 2)
        #expect(heads.last?.header("If-None-Match") == nil)
        #expect(heads.last?.header("If-Modified-Since") == nil)
        await server.stop()
    }

    @Test func whenEveryFeedFailsTheStatusIsOneAndUsageErrorsAreTwo() async throws {
        let server = try FeedServer(files: [:], statuses: ["/x.xml": 500])
        try sandbox.directory.write("\(server.base)/x.xml\n", to: ".config/newsapp/urls")
        let refresh = try await sandbox.run(["refresh", "--json"])
        #expect(refresh.status == 1)
        let document = try json(refresh)
        #expect(document["failed"] as? Int == 1)
        let result = try #require((document["results"] as? [[String: Any]])?.first)
        #expect(result["status"] as? String == "failed")
        #expect(result["error"] as? String == "The server failed (500 Internal Server Error).")
        #expect(try await sandbox.run(["feeds", "show"]).status == 2)
        #expect(try await sandbox.run(["refresh", "--bogus"]).status == 2)
        #expect(try await sandbox.run(["feeds", "add", "ftp://example.org/x"]).status == 2)
        let missing = try await sandbox.run(["feeds", "show", "7"])
        #expect(missing.status == 1)
        #expect(missing.err == "newsapp: There is no feed 7: choose 1.\n")
        await server.stop()
    }

    @Test func anOPMLFileOfAHundredThousandFeedsImportsWhole() async throws {
        // One read and one write of the urls file (UrlsFileImportTests counts the passes): an
        // import that re-read the file for each outline would be quadratic in the feeds.
        var text = #"<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="All">"#
        for index in 0..<100_000 {
            text +=
                #"<outline type="rss" text="Feed number \#(index)" xmlUrl="https://f\#(index).example/rss"/>"#
        }
        try sandbox.directory.write(text + "</outline></body></opml>", to: "many.opml")
        let imported = try await sandbox.run(["feeds", "import", sandbox.home + "/many.opml"])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(
            imported.out.hasPrefix("Imported 100,000 feeds from an OPML file into ~/.config/newsapp/urls."))
        let urls = try String(contentsOfFile: urlsFile, encoding: .utf8)
        #expect(urls.split(separator: "\n").count == 100_000)
        // More than the 4 MiB the file was once read to: the next command reads it all.
        #expect(urls.utf8.count > 4 << 20)
        let list = try await sandbox.run(["feeds"])
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out.hasPrefix("Feeds · 100000 in ~/.config/newsapp/urls"))
        let again = try await sandbox.run(["feeds", "import", sandbox.home + "/many.opml"])
        #expect(
            again.out.hasPrefix(
                "Imported 0 feeds from an OPML file into ~/.config/newsapp/urls (100,000 already there)."))
    }

    @Test func anOPMLImportExportsAndImportsBackAsTheSameFeeds() async throws {
        try sandbox.directory.write(
            """
            <?xml version="1.0"?>
            <opml version="1.0"><head><title>Mine</title></head><body>
              <outline text="Tech">
                <outline text="Lobsters" type="rss" xmlUrl="https://lobste.rs/rss"/>
                <outline text="Science"><outline text="Orbit" type="rss" xmlUrl="https://orbit.example/feed"/></outline>
              </outline>
              <outline type="rss" text="https://plain.example/atom" xmlUrl="https://plain.example/atom"/>
            </body></opml>
            """, to: "mine.opml")
        let imported = try await sandbox.run(["feeds", "import", sandbox.home + "/mine.opml"])
        #expect(imported.status == 0)
        #expect(imported.out.hasPrefix("Imported 3 feeds from an OPML file into ~/.config/newsapp/urls."))
        let first = try await sandbox.run(["feeds", "--json"])
        let export = try await sandbox.run(["feeds", "export"])
        #expect(export.status == 0)
        #expect(export.out.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))

        let other = try Sandbox()
        try other.directory.write(export.out, to: "export.opml")
        _ = try await other.run(["feeds", "import", other.home + "/export.opml"])
        let second = try await other.run(["feeds", "--json"])
        let feeds = { (output: NewsAppProcess.Output) throws -> [[String]] in
            let list = try #require(try self.json(output)["feeds"] as? [[String: Any]])
            return list.map {
                [$0["url"] as? String ?? "", $0["title"] as? String ?? ""] + ($0["tags"] as? [String] ?? [])
            }
        }
        #expect(
            try feeds(first) == [
                ["https://lobste.rs/rss", "Lobsters", "Tech"],
                ["https://orbit.example/feed", "Orbit", "Tech", "Science"],
                ["https://plain.example/atom", "plain.example"],
            ])
        #expect(try feeds(second) == feeds(first))
        // Importing again adds nothing.
        let twice = try await sandbox.run(["feeds", "import", sandbox.home + "/mine.opml"])
        #expect(
            twice.out.hasPrefix(
                "Imported 0 feeds from an OPML file into ~/.config/newsapp/urls (3 already there)."))
    }

    @Test func aNewsboatUrlsFileImportsWithItsSkippedLinesNamed() async throws {
        try sandbox.directory.write(
            """
            https://a.example/feed.xml tech "~A feed"
            query:Unread:unread = "yes"
            exec:~/bin/feed.sh
            https://b.example/rss
            """, to: "urls")
        let imported = try await sandbox.run(["feeds", "import", sandbox.home + "/urls"])
        #expect(imported.status == 0)
        #expect(
            imported.out.hasPrefix("Imported 2 feeds from a newsboat urls file into ~/.config/newsapp/urls."))
        #expect(imported.out.contains("Skipped line 2: "))
        // A command is not a skipped line: it waits for a yes.
        #expect(imported.out.contains("Not added: 1 feed that runs a command (exec:~/bin/feed.sh)"))
        let removed = try await sandbox.run(["feeds", "remove", "1"])
        #expect(removed.status == 0)
        #expect(removed.out.hasPrefix("Removed “A feed” (https://a.example/feed.xml)"))
        #expect(try String(contentsOfFile: urlsFile, encoding: .utf8) == "https://b.example/rss\n")
    }
}
