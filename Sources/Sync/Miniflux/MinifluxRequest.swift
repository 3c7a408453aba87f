import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A request to Miniflux's REST API: the path below the service's address, the query
/// percent-encoded once, a JSON body for a change, and the credentials in a header only
/// (`X-Auth-Token`, or `Authorization: Basic`), which Networking drops on a redirect to another
/// origin.
enum MinifluxRequest {
    static func make(
        _ base: URL, _ method: HTTPMethod, _ path: String, query: [(String, String)] = [],
        json: String? = nil,
        credentials: MinifluxClient.Credentials, timeout: TimeInterval, maxBytes: Int
    ) -> HTTPRequest {
        var headers = [
            "User-Agent": ReaderRequest.userAgent, "Accept": "application/json",
        ]
        switch credentials {
        case .apiKey(let key): headers["X-Auth-Token"] = key
        case .password(let user, let password):
            headers["Authorization"] = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        }
        if json != nil { headers["Content-Type"] = "application/json" }
        return HTTPRequest(
            url: ReaderRequest.address(base, path, query: query), method: method,
            body: json.map { Data($0.utf8) } ?? (method.sendsBody ? Data() : nil), headers: headers,
            timeout: timeout, maxBodyBytes: maxBytes)
    }

    /// `{"entry_ids": [1, 2], "status": "read"}`.
    static func status(_ ids: [ItemID], read: Bool) -> String {
        #"{"entry_ids":["# + ids.map { String($0.value) }.joined(separator: ",") + #"],"status":"#
            + (read ? #""read"}"# : #""unread"}"#)
    }

    /// A JSON object of `fields`, each value a string or a number written as given.
    static func object(_ fields: [(String, TinyTinyRSSRequest.Value)]) -> String {
        "{"
            + fields.map { TinyTinyRSSRequest.encode($0.0) + ":" + TinyTinyRSSRequest.encode($0.1) }
            .joined(separator: ",") + "}"
    }
}
