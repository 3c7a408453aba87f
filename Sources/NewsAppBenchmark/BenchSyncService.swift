import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#endif

/// A Google Reader API service the `sync` section measures against, and the physical limit of a
/// sync from it: the same requests a first sync makes (the subscriptions, every page of unread
/// and starred items, their ids), fetched back to back by `curl` in one process.
struct BenchSyncService {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let base: URL
    let user: String
    let password: String

    /// The login token, through ClientLogin.
    func token() async throws -> String {
        let response = try await CurlHTTPClient().fetch(
            HTTPRequest(
                url: base.appendingPathComponent("accounts/ClientLogin"), method: .post,
                body: Data(
                    "Email=\(QueryEncoding.encode(user))&Passwd=\(QueryEncoding.encode(password))".utf8),
                timeout: 60))
        let text = String(decoding: response.body, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Auth=") }) else {
            throw Failure(description: "no login at \(base): \(text.prefix(200))")
        }
        return String(line.dropFirst(5))
    }

    /// The GETs of a first sync, in order, found by walking the continuations as the sync does.
    func firstSyncRequests(token: String) async throws -> [URL] {
        let api = base.absoluteString + "/reader/api/0/"
        var urls = [URL(string: api + "subscription/list?output=json")!]
        func walk(_ prefix: String, list key: String) async throws {
            var continuation: String?
            repeat {
                let url = URL(string: prefix + (continuation.map { "&c=" + QueryEncoding.encode($0) } ?? ""))!
                urls.append(url)
                let response = try await CurlHTTPClient().fetch(
                    HTTPRequest(
                        url: url, headers: ["Authorization": "GoogleLogin auth=\(token)"], timeout: 120,
                        maxBodyBytes: 64 << 20))
                let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
                let entries = object?[key] as? [Any] ?? []
                continuation = entries.isEmpty ? nil : object?["continuation"] as? String
            } while continuation != nil
        }
        let read = QueryEncoding.encode("user/-/state/com.google/read")
        try await walk(
            api + "stream/contents/user/-/state/com.google/reading-list?n=1000&xt=\(read)&output=json",
            list: "items")
        try await walk(
            api + "stream/contents/user/-/state/com.google/starred?n=1000&output=json", list: "items")
        let list = QueryEncoding.encode("user/-/state/com.google/reading-list")
        try await walk(api + "stream/items/ids?s=\(list)&xt=\(read)&n=10000&output=json", list: "itemRefs")
        let starred = QueryEncoding.encode("user/-/state/com.google/starred")
        try await walk(api + "stream/items/ids?s=\(starred)&n=10000&output=json", list: "itemRefs")
        return urls
    }

    /// `urls` fetched back to back by one `curl` (one connection where the server keeps it), with
    /// the token in a header file (never on its command line); its wall time.
    func curl(_ urls: [URL], token: String, home: URL) throws -> Duration {
        let header = home.appendingPathComponent("curl-headers")
        try Data("Authorization: GoogleLogin auth=\(token)\n".utf8).write(to: header)
        let arguments =
            ["-s", "-f", "-H", "@" + header.path] + urls.flatMap { ["-o", "/dev/null", $0.absoluteString] }
        let run = try ColdStart(
            executable: "/usr/bin/curl", arguments: arguments, environment: [:], prompt: nil
        ).run()
        guard run.status == 0 else { throw Failure(description: "curl failed with \(run.status)") }
        return run.toExit
    }
}
