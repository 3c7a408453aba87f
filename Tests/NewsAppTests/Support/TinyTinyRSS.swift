import Foundation
import Networking
import ReaderAPIStub
import TestSupport
import Testing

/// A real Tiny Tiny RSS for one test, from the setup script `TTRSS_SETUP` names (`.ci/run` sets
/// it when `../shared/servers` holds the script and Debian's packages install), in a folder of its
/// own on a free port, stopped after. Without it the tests that need it are skipped, saying so in
/// one line.
final class TinyTinyRSS: Sendable {
    static var isAvailable: Bool { TinyTinyRSSServer.setupScript != nil }

    let directory: TemporaryDirectory
    let server: TinyTinyRSSServer
    var base: URL { server.base }
    var user: String { server.user }
    var password: String { server.password }

    private init(directory: TemporaryDirectory, server: TinyTinyRSSServer) {
        self.directory = directory
        self.server = server
    }

    /// Runs `body` with a new instance and stops it after, also on a throw.
    static func whileRunning<T>(_ body: (TinyTinyRSS) async throws -> T) async throws -> T {
        guard let script = TinyTinyRSSServer.setupScript else {
            throw TinyTinyRSSServer.Failure(description: "TTRSS_SETUP is not set")
        }
        let directory = try TemporaryDirectory()
        let server = try await TinyTinyRSSServer.startOnAFreePort(
            script: script, in: directory.path + "/instance", user: "reader", password: "p@ss w'rd\"x")
        let instance = TinyTinyRSS(directory: directory, server: server)
        do {
            let value = try await body(instance)
            await instance.stop()
            return value
        } catch {
            await instance.stop()
            throw error
        }
    }

    /// Stops the server, and fails the test when a process of its folder (php's server and
    /// workers, PostgreSQL) outlives the stop: left behind, they piled up run after run.
    private func stop() async {
        await server.stop()
        let survivors = Self.processes(mentioning: server.directory)
        if !survivors.isEmpty {
            Issue.record(
                "Tiny Tiny RSS left processes running after its stop: \(survivors.joined(separator: "; "))")
        }
    }

    /// The command lines of live processes whose arguments name `path`.
    private static func processes(mentioning path: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard Int(entry) != nil,
                let status = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                !status.contains(") Z "),
                let raw = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            let line = String(decoding: raw.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(path) ? "\(entry): \(line.prefix(120))" : nil
        }
    }

    // MARK: - The API, as another client sees it

    /// Sends `op` with `parameters` in a session of its own and returns the answer's `content`.
    func api(_ op: String, _ parameters: [String: any Sendable] = [:]) async throws -> Any {
        let login = try await post(["op": "login", "user": user, "password": password])
        guard let sid = (login as? [String: Any])?["session_id"] as? String else {
            throw TinyTinyRSSServer.Failure(description: "the login gave no session")
        }
        var body = parameters.mapValues { $0 as Any }
        body["op"] = op
        body["sid"] = sid
        return try await post(body)
    }

    private func post(_ body: [String: Any]) async throws -> Any {
        let data = try JSONSerialization.data(withJSONObject: body)
        let answer = try await CurlHTTPClient().fetch(
            HTTPRequest(
                url: base, method: .post, body: data,
                headers: ["User-Agent": "NewsApp tests", "Content-Type": "application/json"], timeout: 60,
                maxBodyBytes: 16 << 20))
        let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        guard let object, object["status"] as? Int == 0, let content = object["content"] else {
            throw TinyTinyRSSServer.Failure(
                description:
                    "\(body["op"] ?? "") answered \(String(decoding: answer.body.prefix(300), as: UTF8.self))"
            )
        }
        return content
    }

    /// Fetches the feed `id` now (the API's `updateFeed` does it inside the request).
    func update(feed id: Int) async throws {
        _ = try await api("updateFeed", ["feed_id": id])
    }

    /// The ids and marks of every article of the user.
    func articles() async throws -> [(id: Int, title: String, unread: Bool, starred: Bool)] {
        let list = try await api("getHeadlines", ["feed_id": -4, "limit": 200, "view_mode": "all_articles"])
        return ((list as? [[String: Any]]) ?? []).map {
            (
                $0["id"] as? Int ?? 0, $0["title"] as? String ?? "", $0["unread"] as? Bool ?? false,
                $0["marked"] as? Bool ?? false
            )
        }
    }

    /// The feed addresses the user is subscribed to.
    func feedURLs() async throws -> [String] {
        let list = try await api("getFeeds", ["cat_id": -3])
        return ((list as? [[String: Any]]) ?? []).compactMap { $0["feed_url"] as? String }
    }
}
