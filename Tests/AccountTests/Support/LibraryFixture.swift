import Configuration
import Feeds
import FilterLanguage
import Foundation
import HTTPTestServer
import Logging
import Store
import TestSupport

@testable import Account

/// A urls file in a temporary folder and a store in memory, with the library and the refresh the
/// app would make of them.
struct LibraryFixture {
    let folder: TemporaryDirectory
    let store: NewsStore
    let file: SubscriptionsFile

    static let space = URL(string: "https://feeds.example/space.xml")!
    static let earth = URL(string: "https://feeds.example/earth.xml")!

    /// The urls file `urls`, and a store holding nothing yet.
    init(urls: String) throws {
        folder = try TemporaryDirectory()
        store = try NewsStore.inMemory()
        file = SubscriptionsFile(path: try folder.write(urls, to: "urls"))
    }

    /// The killfile rule `expression` (newsboat's filter language), over `feed` or every feed.
    static func killing(_ expression: String, feed: String? = nil) throws -> KillRule {
        KillRule(feed: feed, text: expression, expression: try FilterParser.parse(expression))
    }

    static let quiet = Logger(label: "account-tests") { _ in SwiftLogNoOpLogHandler() }

    func refresher(_ settings: FeedSettings = FeedSettings(), retentionDays: Int = 30) -> FeedRefreshService {
        FeedRefreshService(
            subscriptions: file, store: store, settings: settings, retentionDays: retentionDays,
            logger: Self.quiet)
    }

    func library(
        _ settings: FeedSettings = FeedSettings(), offline: Bool = false, sync: SyncService? = nil
    ) -> StoreFeedLibrary {
        StoreFeedLibrary(
            subscriptions: file, store: store, refresher: refresher(settings), offline: offline, sync: sync)
    }

    /// A feed document served with `status` and `items` (each `<guid>` and title from the name).
    static func rss(title: String, items: [String]) -> Data {
        let entries = items.map {
            "<item><title>\($0)</title><link>https://site.example/\($0)</link><guid>\($0)</guid></item>"
        }.joined()
        return Data(
            """
            <?xml version="1.0"?><rss version="2.0"><channel><title>\(title)</title>
            <link>https://site.example/</link>\(entries)</channel></rss>
            """.utf8)
    }
}

extension LibraryFixture {
    /// Feeds on 127.0.0.1: `/space.xml` (items a, b), `/earth.xml` (item c), `/old.xml` moved for
    /// good to `/new.xml` (item n), and 404 for anything else.
    static func feedServer() throws -> RawHTTPServer {
        try RawHTTPServer(
            .routed { text in
                func reply(_ status: Int = 200, headers: [String] = [], body: Data = Data())
                    -> RawHTTPServer.Behaviour
                {
                    .reply(
                        RawHTTPServer.response(
                            status: status, contentType: "application/rss+xml", headers: headers, body: body))
                }
                switch RequestHead(text).path {
                case "/space.xml": return reply(body: rss(title: "Space", items: ["a", "b"]))
                case "/earth.xml": return reply(body: rss(title: "Earth", items: ["c"]))
                case "/old.xml": return reply(301, headers: ["Location: /new.xml"])
                case "/new.xml": return reply(body: rss(title: "Moved", items: ["n"]))
                default: return reply(404, body: Data("not here".utf8))
                }
            })
    }
}
