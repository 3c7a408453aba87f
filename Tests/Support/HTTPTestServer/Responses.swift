import Foundation

extension RawHTTPServer {
    /// An HTTP/1.1 response head and body, for ``Behaviour/reply(_:)`` and its kin.
    ///
    /// - Parameters:
    ///   - status: The status code, sent with its reason phrase (``reason(for:)``).
    ///   - contentType: The `Content-Type` header.
    ///   - contentLength: `.some(nil)` (the default) announces the body's real length;
    ///     `.some(n)` announces `n` bytes, so a test can promise more than it sends; `.none` sends
    ///     no `Content-Length`, so the body ends when the connection closes (or, with
    ///     `Transfer-Encoding: chunked` in `headers`, with its last chunk).
    ///   - headers: More header lines, such as `"Transfer-Encoding: chunked"`, without line ends.
    ///   - body: The bytes after the head, sent as they are (see ``chunked(_:size:)``).
    /// - Returns: The response, with `Connection: close`.
    public static func response(
        status: Int = 200, contentType: String = "application/json", contentLength: Int?? = .some(nil),
        headers: [String] = [], body: Data
    ) -> Data {
        var lines = [
            "HTTP/1.1 \(status) \(reason(for: status))", "Content-Type: \(contentType)", "Connection: close",
        ]
        switch contentLength {
        case .some(.some(let length)): lines.append("Content-Length: \(length)")
        case .some(.none): lines.append("Content-Length: \(body.count)")
        case .none: break
        }
        lines += headers
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }

    /// The reason phrase of the statuses tests send; `Status` for others (clients ignore it).
    public static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 426: "Upgrade Required"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    /// `body` in chunked transfer encoding, in chunks of `size` bytes, ending with the empty chunk.
    public static func chunked(_ body: Data, size: Int = 8_192) -> Data {
        var encoded = Data()
        var start = body.startIndex
        while start < body.endIndex {
            let end = min(start + size, body.endIndex)
            encoded +=
                Data((String(end - start, radix: 16) + "\r\n").utf8) + body[start..<end] + Data("\r\n".utf8)
            start = end
        }
        return encoded + Data("0\r\n\r\n".utf8)
    }
}
