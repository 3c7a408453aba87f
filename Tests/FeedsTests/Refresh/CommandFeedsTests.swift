import FilterLanguage
import Foundation
import HTTPTestServer
import Logging
import Networking
import NewsModels
import Testing

@testable import Feeds

/// `exec:` and `filter:` feeds through a refresh, and the killfile as items arrive.
@Suite("Refreshing exec: and filter: feeds, and the killfile", .timeLimit(.minutes(1)))
struct CommandFeedsTests {
    static func refresher(_ storage: MemoryFeedStorage, killfile: Killfile = Killfile()) -> FeedRefresher {
        FeedRefresher(
            fetcher: FeedFetcher(http: CurlHTTPClient(), timeout: 10), storage: storage,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, killfile: killfile)
    }

    func feedFile(_ entries: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feed-\(UUID().uuidString).xml")
        try RefreshTests.atom("Scripted", entries: entries).write(to: url)
        return url
    }

    @Test func anExecFeedIsItsCommandsOutputAndAFailureIsASentence() async throws {
        let file = try feedFile(3)
        defer { try? FileManager.default.removeItem(at: file) }
        let storage = MemoryFeedStorage()
        let subscriptions = [
            Subscription(source: .command("cat \(file.path)")),
            Subscription(source: .command("sh -c 'echo broken pipe >&2; exit 1'")),
            Subscription(source: .command("printf 'not a feed'")),
        ]
        let report = await Self.refresher(storage).refresh(subscriptions)
        #expect(report.feeds[0].status == .updated)
        #expect(report.feeds[0].counts.new == 3)
        #expect(report.feeds[0].title == "Scripted")
        #expect(report.feeds[1].status == .failed("The command exited with status 1: broken pipe."))
        guard case .failed(let sentence) = report.feeds[2].status else {
            Issue.record("\(report.feeds[2].status)")
            return
        }
        #expect(sentence.hasPrefix("The command's output is not a feed: "))
    }

    @Test func aFilterFeedPassesTheDocumentThroughItsCommand() async throws {
        let server = try RawHTTPServer(RefreshTests.reply(body: RefreshTests.atom("Piped", entries: 2)))
        let storage = MemoryFeedStorage()
        let subscription = Subscription(
            source: .filter(
                command: "sed s/Piped/Filtered/g", url: server.baseURL.appendingPathComponent("f.xml")))
        let fetcher = FeedFetcher(http: CurlHTTPClient(), timeout: 10)
        let outcome = await fetcher.fetch(subscription, state: nil)
        guard case .fetched(let document, _) = outcome.result else {
            Issue.record("\(outcome.result)")
            return
        }
        #expect(document.title == "Filtered")
        #expect(document.items.map(\.title) == ["Filtered entry 0", "Filtered entry 1"])
        #expect(outcome.movedTo == nil)
        let report = await Self.refresher(storage).refresh([subscription])
        #expect(report.feeds[0].counts.new == 2)
        await server.stop()
    }

    @Test func theKillfileIgnoresItemsAsTheyArrive() async throws {
        let file = try feedFile(5)
        defer { try? FileManager.default.removeItem(at: file) }
        let tagged = Subscription(source: .command("cat \(file.path)"), tags: ["noisy"])
        let other = Subscription(source: .command("cat \(file.path) "))
        let rules = [
            Killfile.Rule(feed: nil, expression: try FilterParser.parse(#"title =~ "entry [01]$""#)),
            Killfile.Rule(feed: other.address, expression: try FilterParser.parse(#"title =~ "entry 4""#)),
            Killfile.Rule(
                feed: nil, expression: try FilterParser.parse(#"tags # "noisy" and title =~ "entry 2""#)),
        ]
        let feeds = [
            tagged.url: FilterFeed(url: tagged.address, title: "Scripted", tags: ["noisy"]),
            other.url: FilterFeed(url: other.address, title: "Scripted"),
        ]
        let storage = MemoryFeedStorage()
        let killfile = Killfile(rules: rules, mode: .download, feeds: feeds)
        let report = await Self.refresher(storage, killfile: killfile).refresh([tagged, other])
        #expect(report.feeds[0].counts.new == 2)  // 3 and 4 kept: 0, 1 everywhere, 2 by its tag
        #expect(report.feeds[1].counts.new == 2)  // 2 and 3 kept: 0, 1 everywhere, 4 by its address
        #expect(await storage.items[tagged.url] == ["urn:Scripted:3", "urn:Scripted:4"])

        var outcome = await FeedFetcher(http: CurlHTTPClient()).fetch(tagged, state: nil)
        let display = Killfile(rules: rules, mode: .display, feeds: feeds)
        #expect(display.apply(to: &outcome) == 3)
        #expect(outcome.hiddenItems == ["urn:Scripted:0", "urn:Scripted:1", "urn:Scripted:2"])
        #expect(outcome.itemCount == 5)  // stored, hidden
    }
}
