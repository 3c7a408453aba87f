import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The HTTP requests of the Google Reader API: the path below the base, the query or the form
/// percent-encoded once (``QueryEncoding``), and the login token in `Authorization` only.
enum ReaderRequest {
    /// What NewsApp calls itself at the service.
    static let userAgent = "NewsApp/\(NewsAppVersion.current) (feed reader)"

    static func get(
        _ base: URL, _ path: String, query: [(String, String)], auth: String?, timeout: TimeInterval,
        maxBytes: Int
    ) -> HTTPRequest {
        HTTPRequest(
            url: address(base, path, query: query), headers: headers(auth), timeout: timeout,
            maxBodyBytes: maxBytes)
    }

    static func post(
        _ base: URL, _ path: String, form: [(String, String)], auth: String?, timeout: TimeInterval,
        maxBytes: Int
    ) -> HTTPRequest {
        let body = form.map { QueryEncoding.encode($0.0) + "=" + QueryEncoding.encode($0.1) }
            .joined(separator: "&")
        return HTTPRequest(
            url: address(base, path, query: []), method: .post, body: Data(body.utf8), headers: headers(auth),
            timeout: timeout, maxBodyBytes: maxBytes)
    }

    /// `base` + `path` (its characters kept when they are safe in a path, others encoded) + the
    /// query.
    static func address(_ base: URL, _ path: String, query: [(String, String)]) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += encodePath(path)
        if !query.isEmpty {
            text +=
                "?"
                + query.map { QueryEncoding.encode($0.0) + "=" + QueryEncoding.encode($0.1) }
                .joined(separator: "&")
        }
        // Every part is the base's own text, ASCII we wrote or percent-encoded.
        return URL(string: text) ?? base
    }

    private static func headers(_ auth: String?) -> [String: String] {
        var headers = ["User-Agent": userAgent, "Accept": "application/json, text/plain;q=0.9"]
        if let auth { headers["Authorization"] = "GoogleLogin auth=" + auth }
        return headers
    }

    private static let pathSafe = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/:@!$'()*,;=".utf8)

    /// A path with every byte that is not safe in one percent-encoded (a label's spaces, quotes,
    /// `?` and `#`, letters beyond ASCII).
    static func encodePath(_ path: String) -> String {
        path.percentEncoded(keeping: pathSafe.contains)
    }
}
