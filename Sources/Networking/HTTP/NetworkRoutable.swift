#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The HTTP methods the endpoints of this package use.
public enum HTTPMethod: String, Sendable {
    case get = "GET"
    case post = "POST"
    /// Without a body: an API's removal (Nextcloud News's `DELETE /feeds/{id}`).
    case delete = "DELETE"
}

/// An endpoint model: everything needed to build one HTTP request.
///
/// Conforming types describe *what* to ask for; ``request(timeout:)`` turns that into an
/// ``HTTPRequest``, percent-encoding every query value exactly once.
public protocol NetworkRoutable: Sendable {
    /// Scheme, host, port and an optional path prefix, e.g. `https://newsapi.org`.
    var baseURL: URL { get }
    /// The path below ``baseURL``, starting with `/`.
    var path: String { get }
    var method: HTTPMethod { get }
    /// Query parameters with raw (unencoded) values, in the order they are sent.
    var queryItems: [URLQueryItem] { get }
    /// Request headers. Secrets such as API keys belong here, never in the URL.
    var headers: [String: String] { get }
}

// MARK: - Building the request

extension NetworkRoutable {
    public var method: HTTPMethod { .get }
    public var queryItems: [URLQueryItem] { [] }
    public var headers: [String: String] { [:] }

    /// The full URL: ``baseURL`` joined with ``path`` and the encoded query.
    public var url: URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let query = QueryEncoding.encode(queryItems)
        let text = base + path + (query.isEmpty ? "" : "?" + query)
        // Every part is either our own ASCII or percent-encoded, so this cannot fail
        // for a base URL that was itself valid.
        guard let url = URL(string: text) else {
            preconditionFailure("NetworkRoutable built an invalid URL from base \(baseURL)")
        }
        return url
    }

    /// The GET of this endpoint, with the given timeout in seconds.
    public func request(timeout: TimeInterval) -> HTTPRequest {
        precondition(method == .get, "the HTTP client sends GET requests only")
        return HTTPRequest(url: url, headers: headers, timeout: timeout)
    }
}

/// Percent-encoding of query strings, done once and only here.
///
/// Only RFC 3986 unreserved characters stay literal; everything else, including `+`, `&`, `=`,
/// `#`, `/`, `?` and every non-ASCII byte, is percent-encoded as UTF-8. A server that decodes
/// the query therefore sees exactly the original values.
public enum QueryEncoding {
    private static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    )

    /// Encodes one name or value.
    public static func encode(_ component: String) -> String {
        var result = ""
        result.reserveCapacity(component.utf8.count)
        for byte in component.utf8 {
            if unreserved.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hexDigits(byte)
            }
        }
        return result
    }

    /// Encodes `name=value` pairs joined by `&`. Items without a value are sent as `name=`.
    public static func encode(_ items: [URLQueryItem]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value ?? "") }.joined(separator: "&")
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
