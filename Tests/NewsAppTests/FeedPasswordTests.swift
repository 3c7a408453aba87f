import Foundation
import Testing

@testable import Console

/// A password written in a feed's address (`http://alice:secret@host/feed`) goes with the request
/// only: everywhere NewsApp shows or keeps the address (the screen, `--json`, errors, refresh
/// summaries, the log, the state it keeps) it is `http://alice:•••@host/feed`. Only the urls file
/// and `feeds export` hold it, and the export says so on standard error.
@Suite(.timeLimit(.minutes(10)))
struct FeedPasswordTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    static let password = "s3cret-Pa55"

    /// `base` with the user `alice` and ``password`` in it.
    static func withPassword(_ base: String, _ path: String) -> (url: String, shown: String) {
        let rest = base.dropFirst("http://".count)
        return ("http://alice:\(password)@\(rest)\(path)", "http://alice:•••@\(rest)\(path)")
    }

    /// Every file NewsApp wrote outside the urls file (the log, what it remembers), as text.
    func keptFiles() throws -> String {
        let state = URL(fileURLWithPath: sandbox.home + "/.local/state/newsapp")
        let names = try FileManager.default.contentsOfDirectory(atPath: state.path)
        return try names.map { try String(contentsOf: state.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
    }

    @Test func thePasswordIsNeverShownLoggedOrPrinted() async throws {
        let server = try FeedServer(
            files: [
                "/feed.xml": FeedServer.atom("guarded", count: 2),
                "/new.xml": FeedServer.atom("moved", count: 1),
            ],
            moves: ["/old.xml": (301, "/new.xml")], statuses: ["/broken.xml": 500, "/missing.xml": 404])
        let feed = Self.withPassword(server.base, "/feed.xml")
        var outputs: [NewsAppProcess.Output] = []

        let add = try await sandbox.run(["feeds", "add", feed.url])
        outputs.append(add)
        #expect(add.status == 0)
        #expect(add.out.contains("(\(feed.shown)) · 2 items"), "\(add.out)")
        let urls = try String(contentsOfFile: sandbox.configDirectory + "/urls", encoding: .utf8)
        #expect(urls.contains(feed.url), "the request needs it: the urls file keeps it")

        // A failed add: the error and the log.
        let missing = Self.withPassword(server.base, "/missing.xml")
        let failed = try await sandbox.run(["feeds", "add", missing.url])
        outputs.append(failed)
        #expect(failed.status == 1)
        #expect(failed.err.contains("\(missing.shown): The feed is not there any more (404 Not Found)."))

        // A refresh with a failing feed, a moved one and a repeated line.
        let broken = Self.withPassword(server.base, "/broken.xml")
        let old = Self.withPassword(server.base, "/old.xml")
        let new = Self.withPassword(server.base, "/new.xml")
        try sandbox.directory.write(
            "\(feed.url)\n\(broken.url)\n\(old.url)\n\(feed.url) again\n", to: ".config/newsapp/urls")
        let refresh = try await sandbox.run(["refresh"])
        outputs.append(refresh)
        #expect(refresh.out.contains("Moved permanently: \(old.shown) → \(new.shown)"), "\(refresh.out)")
        let json = try await sandbox.run(["refresh", "--json"])
        outputs.append(json)
        #expect(try Self.urls(json, at: "results").contains(broken.shown), "\(json.out)")

        let list = try await sandbox.run(["feeds"])
        outputs.append(list)
        #expect(list.out.contains(feed.shown))
        #expect(list.out.contains("✗ The server failed (500 Internal Server Error)."))
        #expect(list.out.contains("line 4: \(feed.shown) again"), "the skipped line too: \(list.out)")
        let listJSON = try await sandbox.run(["feeds", "--json"])
        outputs.append(listJSON)
        #expect(try Self.urls(listJSON, at: "feeds").contains(feed.shown))
        let show = try await sandbox.run(["feeds", "show", "1", "--json"])
        outputs.append(show)
        let shown = try #require(try JSONSerialization.jsonObject(with: show.stdout) as? [String: Any])
        #expect(shown["url"] as? String == feed.shown)
        // Its items' links, resolved against the feed's address, do not carry the password on.
        let links = (shown["items"] as? [[String: Any]] ?? []).flatMap { $0["links"] as? [String] ?? [] }
        #expect(links.contains("\(server.base)/more/0"), "\(links)")
        outputs.append(try await sandbox.run(["feeds", "show", "1"]))
        outputs.append(try await sandbox.run(["feeds", "remove", broken.url]))

        for output in outputs {
            #expect(!output.out.contains(Self.password), "printed: \(output.out.prefix(400))")
            #expect(!output.err.contains(Self.password), "said: \(output.err.prefix(400))")
        }
        let kept = try keptFiles()
        #expect(kept.contains("refresh failed"), "the log has the failure")
        #expect(kept.contains(broken.shown))
        #expect(!kept.contains(Self.password), "kept: \(kept)")

        // The export is the one place besides the urls file, and it says so.
        let export = try await sandbox.run(["feeds", "export"])
        #expect(export.status == 0)
        #expect(export.out.contains(Self.password))
        #expect(export.err.contains("the export holds the passwords written in 2 feeds' addresses"))
        await server.stop()
    }

    /// The `url` of each object in the list `key` of a JSON output.
    static func urls(_ output: NewsAppProcess.Output, at key: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
        return (object[key] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
    }

    @Test func anExportWithoutPasswordsSaysNothing() async throws {
        try sandbox.directory.write("https://example.org/feed.xml\n", to: ".config/newsapp/urls")
        let export = try await sandbox.run(["feeds", "export"])
        #expect(export.status == 0)
        #expect(export.err.isEmpty)
    }
}

/// What `--json` prints is what the screen shows: a feed's text, sanitised the same way.
@Suite(.timeLimit(.minutes(10)))
struct JSONSanitisingTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    @Test func bidiOverridesAndEscapesAreNotInJSONOutput() async throws {
        let title = "invoice\u{202E}fdp.exe red \u{2066}isolated\u{2069}"
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Bidi</title>
            <entry><id>urn:1</id><title>\(title)</title><updated>2026-11-24T08:00:00Z</updated>
            <content type="text">Line one\u{202E}
            Line two</content></entry></feed>
            """
        let server = try FeedServer(
            files: ["/bidi.xml": FeedServer.File(body: Data(body.utf8), contentType: "application/atom+xml")])
        let add = try await sandbox.run(["feeds", "add", server.base + "/bidi.xml"])
        #expect(add.status == 0, "\(add.err)")
        let screen = try await sandbox.run(["feeds", "show", "1"])
        let json = try await sandbox.run(["feeds", "show", "1", "--json"])
        await server.stop()
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let item = try #require((document["items"] as? [[String: Any]])?.first)
        let shownTitle = try #require(item["title"] as? String)
        #expect(shownTitle == "invoicefdp.exe red isolated")
        #expect(screen.out.contains(shownTitle), "the screen says the same: \(screen.out)")
        #expect(item["content"] as? String == "Line one\nLine two")
        for scalar in json.out.unicodeScalars {
            #expect(![0x1B, 0x202E, 0x2066, 0x2069].contains(scalar.value))
        }
        #expect(!json.out.contains("\\u202E") && !json.out.contains("\\u001B"))
    }
}
