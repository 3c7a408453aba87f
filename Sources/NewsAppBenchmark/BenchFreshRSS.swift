import Foundation
import Networking
import ReaderAPIStub

#if canImport(Glibc)
    import Glibc
#endif

/// A real FreshRSS for the benchmark, from the archive and setup script of `../shared/servers`,
/// with 10,000 unread items: 50 feeds of 200 (FreshRSS keeps at most 200 items a feed) served by
/// `python3 -m http.server` and subscribed through its API, which fetches each at once.
final class BenchFreshRSS {
    let service: BenchSyncService
    private let server: FreshRSSServer
    private let feeds: StaticFileServer
    let directory: URL

    init(archive: String, data: URL, port: Int) async throws {
        directory = data.appendingPathComponent("freshrss-\(getpid())")
        server = try await FreshRSSServer.start(archive: archive, in: directory.path, port: port)
        service = BenchSyncService(base: server.base, user: server.user, password: server.password)
        let files = directory.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        for feed in 1...50 {
            try Self.rss(feed: feed, items: 200).write(to: files.appendingPathComponent("\(feed).xml"))
        }
        feeds = try StaticFileServer(serving: files)
        let token = try await service.token()
        let client = FormPoster(base: server.base, token: token)
        for feed in 1...50 {
            try await client.quickAdd("\(feeds.base)/\(feed).xml")
        }
    }

    func stop() async {
        feeds.stop()
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// An RSS 2.0 feed of `items` items of about a kilobyte, the newest an hour old.
    static func rss(feed: Int, items: Int) -> Data {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let now = Date()
        var text = """
            <?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Feed \(feed)</title>
            <link>https://feed\(feed).example/</link>
            """
        let body = String(repeating: "Words of the item's text go on here. ", count: 24)
        for item in 0..<items {
            let date = formatter.string(from: now.addingTimeInterval(-3_600 - Double(item * 60)))
            text += """
                <item><title>Feed \(feed) item \(item)</title><link>https://feed\(feed).example/\(item)</link>
                <guid>feed\(feed)-item\(item)</guid><pubDate>\(date)</pubDate>
                <description>&lt;p&gt;\(body)&lt;/p&gt;</description></item>
                """
        }
        return Data((text + "</channel></rss>").utf8)
    }
}

/// The one write the benchmark makes itself: `subscription/quickadd`.
private struct FormPoster {
    let base: URL
    let token: String

    func quickAdd(_ feed: String) async throws {
        let response = try await CurlHTTPClient().fetch(
            HTTPRequest(
                url: URL(string: base.absoluteString + "/reader/api/0/subscription/quickadd")!, method: .post,
                body: Data("quickadd=\(QueryEncoding.encode(feed))".utf8),
                headers: ["Authorization": "GoogleLogin auth=\(token)"], timeout: 120))
        guard response.status == 200, String(decoding: response.body, as: UTF8.self).contains("streamId")
        else {
            throw BenchSyncService.Failure(description: "FreshRSS did not subscribe to \(feed)")
        }
    }
}
