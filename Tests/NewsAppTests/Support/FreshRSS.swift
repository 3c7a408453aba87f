import Foundation
import Networking
import ReaderAPIStub
import TestSupport

/// A real FreshRSS (its Google Reader API at `/api/greader.php`), started for one test from the
/// archive `FRESHRSS_ARCHIVE` names with the setup script beside it, on a free port of 127.0.0.1,
/// in a folder of its own, and stopped after. Without the archive the tests that need it are
/// skipped, each saying so in one line.
final class FreshRSS: Sendable {
    /// The archive, when the environment names one that exists.
    static let archive: String? = {
        guard let path = ProcessInfo.processInfo.environment["FRESHRSS_ARCHIVE"], !path.isEmpty,
            FileManager.default.fileExists(atPath: path)
        else { return nil }
        return path
    }()

    static var isAvailable: Bool { archive != nil }

    let directory: TemporaryDirectory
    let server: FreshRSSServer
    var base: URL { server.base }
    var user: String { server.user }
    var password: String { server.password }

    typealias Failure = FreshRSSServer.Failure

    private init(directory: TemporaryDirectory, server: FreshRSSServer) {
        self.directory = directory
        self.server = server
    }

    /// Installs and starts an instance in a folder of its own, on a free port.
    static func start() async throws -> FreshRSS {
        guard let archive else { throw Failure(description: "FRESHRSS_ARCHIVE is not set") }
        let directory = try TemporaryDirectory()
        let server = try await FreshRSSServer.startOnAFreePort(
            archive: archive, in: directory.path + "/instance")
        return FreshRSS(directory: directory, server: server)
    }

    /// Runs `body` with a new instance and stops it after, also on a throw.
    static func whileRunning<T>(_ body: (FreshRSS) async throws -> T) async throws -> T {
        let instance = try await start()
        do {
            let value = try await body(instance)
            await instance.stop()
            return value
        } catch {
            await instance.stop()
            throw error
        }
    }

    func stop() async { await server.stop() }

    /// Fetches every feed of the user now, as FreshRSS's cron would.
    func actualize() async throws { try await server.actualize() }

    // MARK: - The API, as another client sees it

    /// The login token, through ClientLogin.
    func token() async throws -> String {
        let response = try await CurlHTTPClient().fetch(
            HTTPRequest(
                url: base.appendingPathComponent("accounts/ClientLogin"), method: .post,
                body: Data("Email=\(user)&Passwd=\(password)".utf8), timeout: 30))
        let text = String(decoding: response.body, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Auth=") }) else {
            throw Failure(description: "no Auth in \(text)")
        }
        return String(line.dropFirst(5))
    }

    /// A GET of the API at `path` (below `/reader/api/0/`) with `query`, as text.
    func get(_ path: String, _ query: String) async throws -> String {
        let token = try await token()
        let url = URL(string: base.absoluteString + "/reader/api/0/" + path + "?" + query)!
        let response = try await CurlHTTPClient().fetch(
            HTTPRequest(url: url, headers: ["Authorization": "GoogleLogin auth=\(token)"], timeout: 30))
        return String(decoding: response.body, as: UTF8.self)
    }

    /// A POST of the API at `path` with `form` (the write token added), as another client sends
    /// a change; the answer as text.
    func post(_ path: String, _ form: [(String, String)]) async throws -> String {
        let token = try await token()
        let headers = ["Authorization": "GoogleLogin auth=\(token)"]
        let write = try await CurlHTTPClient().fetch(
            HTTPRequest(
                url: URL(string: base.absoluteString + "/reader/api/0/token")!, headers: headers, timeout: 30)
        )
        let writeToken = String(decoding: write.body, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let body = (form + [("T", writeToken)]).map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
        }.joined(separator: "&")
        let response = try await CurlHTTPClient().fetch(
            HTTPRequest(
                url: URL(string: base.absoluteString + "/reader/api/0/" + path)!, method: .post,
                body: Data(body.utf8), headers: headers, timeout: 30))
        return String(decoding: response.body, as: UTF8.self)
    }

    /// The stream ids of the subscriptions (`feed/2`).
    func streamIDs() async throws -> [String] {
        let text = try await get("subscription/list", "output=json")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return (object?["subscriptions"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    /// The short ids of the items of the reading list with `tag` (`read`, `starred`).
    func ids(tagged tag: String) async throws -> Set<Int64> {
        let text = try await get(
            "stream/items/ids",
            "s=user/-/state/com.google/reading-list&it=user/-/state/com.google/\(tag)&n=10000&output=json")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let refs = object?["itemRefs"] as? [[String: Any]] ?? []
        return Set(refs.compactMap { ($0["id"] as? String).flatMap { Int64($0) } })
    }

    /// The subscriptions' addresses and labels.
    func subscriptions() async throws -> [(url: String, labels: [String])] {
        let text = try await get("subscription/list", "output=json")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return (object?["subscriptions"] as? [[String: Any]] ?? []).map { feed in
            let labels = (feed["categories"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
            return (feed["url"] as? String ?? "", labels)
        }
    }

    /// The short id of a stored item's long id.
    static func shortID(_ longID: String) -> Int64? {
        UInt64(longID.split(separator: "/").last ?? "", radix: 16).map { Int64(bitPattern: $0) }
    }
}
