import Networking

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A request to Tiny Tiny RSS's API: one POST to `api/` with a JSON body (the only form the API
/// reads), the session id in that body, and a User-Agent that never changes (the service ties a
/// session to it).
enum TinyTinyRSSRequest {
    /// A value of the request's body.
    enum Value: Sendable, Equatable {
        case string(String)
        case int(Int)
        case bool(Bool)
    }

    static func post(
        _ endpoint: URL, op: String, sid: String?, _ parameters: [(String, Value)], timeout: TimeInterval,
        maxBytes: Int
    ) -> HTTPRequest {
        var fields: [(String, Value)] = [("op", .string(op))]
        if let sid { fields.append(("sid", .string(sid))) }
        fields += parameters
        let body = "{" + fields.map { encode($0.0) + ":" + encode($0.1) }.joined(separator: ",") + "}"
        return HTTPRequest(
            url: endpoint, method: .post, body: Data(body.utf8),
            headers: [
                "User-Agent": ReaderRequest.userAgent, "Content-Type": "application/json",
                "Accept": "application/json, text/json;q=0.9",
            ], timeout: timeout, maxBodyBytes: maxBytes)
    }

    static func encode(_ value: Value) -> String {
        switch value {
        case .string(let text): encode(text)
        case .int(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func encode(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
