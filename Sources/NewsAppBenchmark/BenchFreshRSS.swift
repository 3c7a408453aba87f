import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#endif

/// A real FreshRSS for the benchmark, from the archive and setup script of `../shared/servers`,
/// with 10,000 unread items: 50 feeds of 200 (FreshRSS keeps at most 200 items a feed) served by
/// `python3 -m http.server` and subscribed through its API, which fetches each at once.
final class BenchFreshRSS {
    let service: BenchSyncService
    private let pid: pid_t
    private let feeds: StaticFileServer
    let directory: URL

    init(archive: String, data: URL, port: Int) async throws {
        directory = data.appendingPathComponent("freshrss-\(getpid())")
        let script = (archive as NSString).deletingLastPathComponent + "/freshrss-setup.sh"
        // Up to three tries: the script's check for PHP's modules (`php -m | grep -q` under
        // pipefail) fails now and then on a loaded machine when php dies of SIGPIPE.
        var tries = 1
        var output = ""
        while true {
            do {
                output = try Self.run(script, [directory.path, String(port)])
                break
            } catch  where tries < 3 {
                tries += 1
            }
        }
        let lines = output.split(separator: "\n").map(String.init)
        let pidText = try String(contentsOfFile: directory.path + "/php.pid", encoding: .utf8)
        guard lines.count >= 3, let base = URL(string: lines[0]),
            let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchSyncService.Failure(description: "the setup script printed: \(output)") }
        self.pid = pid
        service = BenchSyncService(base: base, user: lines[1], password: lines[2])
        let files = directory.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        for feed in 1...50 {
            try Self.rss(feed: feed, items: 200).write(to: files.appendingPathComponent("\(feed).xml"))
        }
        feeds = try StaticFileServer(serving: files)
        let token = try await service.token()
        let client = FormPoster(base: base, token: token)
        for feed in 1...50 {
            try await client.quickAdd("\(feeds.base)/\(feed).xml")
        }
    }

    func stop() {
        feeds.stop()
        kill(pid, SIGKILL)
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

    /// Runs `executable`, waits with `waitpid` (the server it leaves running inherits nothing of
    /// ours), and returns what it printed.
    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "freshrss-setup-\(getpid()).out")
        defer { try? FileManager.default.removeItem(at: out) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for descriptor in ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [])
            .compactMap({ Int32($0) }) where descriptor > 2
        {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, environ) == 0 else {
            throw BenchSyncService.Failure(description: "\(executable) could not start")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw BenchSyncService.Failure(description: "\(executable) failed (\(status))")
        }
        return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
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
