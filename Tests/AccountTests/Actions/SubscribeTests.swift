import Feeds
import Foundation
import HTTPTestServer
import Networking
import Store
import Testing

@testable import Account

/// Subscribing in the urls file against a feed served on 127.0.0.1, a real file and a real store.
@Suite(.timeLimit(.minutes(1)))
struct SubscribeTests {
    static let feed = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Valley News</title>
        <link>https://valley.example/</link>
        <item><title>Rivers rise</title><link>https://valley.example/rivers</link><guid>r1</guid></item>
        <item><title>Bridge opens</title><link>https://valley.example/bridge</link><guid>r2</guid></item>
        </channel></rss>
        """

    static func probe() -> FeedProbe {
        FeedProbe(fetcher: FeedFetcher(http: CurlHTTPClient(), timeout: 30))
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "subscribe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFeedThatAnswersIsWrittenToTheFileWithItsItemsStored() async throws {
        let server = try RawHTTPServer(
            .reply(
                RawHTTPServer.response(
                    status: 200, contentType: "application/rss+xml", body: Data(Self.feed.utf8))))
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = SubscriptionsFile(path: folder.path + "/urls")
        let store = try NewsStore.inMemory()
        let url = server.baseURL.appendingPathComponent("feed.xml")
        let asked = Subscription(url: url, tags: ["local"], title: nil)

        let first = await Account(store: store).subscribe(asked, in: file, probe: Self.probe())
        let again = await Account(store: store).subscribe(asked, in: file, probe: Self.probe())
        await server.stop()

        guard case .added(let subscription, let found, let newItems) = first else {
            Issue.record("expected the feed to be added, got \(first)")
            return
        }
        #expect(subscription.url == url)
        #expect(subscription.tags == ["local"])
        #expect(found.document.title == "Valley News")
        #expect(newItems == 2)
        #expect(try file.load().subscriptions.map(\.url) == [url])
        #expect(try await store.feedSummaries(for: [url]).first?.itemCount == 2)
        guard case .alreadyThere(let listed) = again else {
            Issue.record("expected the second subscription to find the first, got \(again)")
            return
        }
        #expect(listed == url)
    }

    @Test func anAddressThatGivesNoFeedWritesNothing() async throws {
        let server = try RawHTTPServer(
            .reply(RawHTTPServer.response(status: 404, contentType: "text/plain", body: Data("gone".utf8))))
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = SubscriptionsFile(path: folder.path + "/urls")
        let store = try NewsStore.inMemory()
        let asked = Subscription(url: server.baseURL.appendingPathComponent("missing"))

        let outcome = await Account(store: store).subscribe(asked, in: file, probe: Self.probe())
        await server.stop()

        guard case .unreachable(let reason) = outcome else {
            Issue.record("expected the address to give no feed, got \(outcome)")
            return
        }
        #expect(reason.contains("404"))
        #expect(try file.load().subscriptions.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aFileThatCannotBeReadIsOneSentenceAndNothingIsFetched() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder where the file should be: reading it fails.
        try FileManager.default.createDirectory(
            atPath: folder.path + "/urls", withIntermediateDirectories: true)
        let file = SubscriptionsFile(path: folder.path + "/urls")
        let asked = Subscription(url: URL(string: "https://valley.example/feed.xml")!)

        let outcome = await Account(store: try NewsStore.inMemory()).subscribe(
            asked, in: file, probe: Self.probe())

        guard case .fileFailed(let reason) = outcome else {
            Issue.record("expected the file to fail, got \(outcome)")
            return
        }
        #expect(reason.contains("urls"))
    }

    @Test func anAddressMovedToAListedFeedIsAlreadyThere() async throws {
        let server = try LibraryFixture.feedServer()
        let new = server.baseURL.appendingPathComponent("new.xml")
        let fixture = try LibraryFixture(urls: new.absoluteString + "\n")
        let asked = Subscription(url: server.baseURL.appendingPathComponent("old.xml"))

        let outcome = await Account(store: fixture.store).subscribe(
            asked, in: fixture.file, probe: Self.probe())
        await server.stop()

        guard case .alreadyThere(let listed) = outcome else {
            Issue.record("expected the moved feed to be found listed, got \(outcome)")
            return
        }
        #expect(listed == new)
        #expect(try fixture.file.load().subscriptions.map(\.url) == [new])
    }
}
