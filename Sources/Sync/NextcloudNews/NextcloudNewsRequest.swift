import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A request to Nextcloud News's API v1.3: a path below the API's base, a query percent-encoded
/// once (``QueryEncoding``) or a JSON body, and the user and password in `Authorization: Basic`
/// only, never in an address.
enum NextcloudNewsRequest {
    /// `Basic base64(user:password)`, as the API reads it.
    static func authorization(user: String, password: String) -> String {
        "Basic " + Data((user + ":" + password).utf8).base64EncodedString()
    }

    static func make(
        _ method: HTTPMethod, _ endpoint: URL, _ path: String, query: [(String, String)] = [],
        json: String? = nil,
        authorization: String, timeout: TimeInterval, maxBytes: Int
    ) -> HTTPRequest {
        var headers = [
            "User-Agent": ReaderRequest.userAgent, "Accept": "application/json",
            "Authorization": authorization,
        ]
        if json != nil { headers["Content-Type"] = "application/json" }
        return HTTPRequest(
            url: ReaderRequest.address(endpoint, path, query: query), method: method,
            body: json.map { Data($0.utf8) },
            headers: headers, timeout: timeout, maxBodyBytes: maxBytes)
    }

    /// `{"itemIds":[1,2,3]}`.
    static func itemIDs(_ ids: [ItemID]) -> String {
        "{\"itemIds\":[" + ids.map { String($0.value) }.joined(separator: ",") + "]}"
    }
}
