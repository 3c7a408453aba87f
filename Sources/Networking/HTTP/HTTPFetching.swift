import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Fetches raw HTTP exchanges: status, headers and body bytes, after redirects.
///
/// Every status is an answer, 304, 404, 429 and 500 included. Only what leaves no answer throws:
/// transport failures, a body over ``HTTPRequest/maxBodyBytes``, the deadline, cancellation, an
/// address that is not `http` or `https`, and a redirect that is refused.
public protocol HTTPFetching: Sendable {
    /// Sends `request` (a GET, or a POST with its form) and returns the final answer with the
    /// redirects that led to it.
    func fetch(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
}

/// One GET or POST, with the limits that bound it.
public struct HTTPRequest: Sendable {
    public var url: URL
    /// GET, or POST, PUT or DELETE with ``body``.
    public var method: HTTPMethod
    /// What a POST sends (a form, `application/x-www-form-urlencoded` unless the headers say
    /// otherwise); nil for a GET. A body never follows a redirect to another origin: such a
    /// redirect is refused, as the body may hold a password or a token.
    public var body: Data?
    /// Request headers, such as `If-None-Match`. `Accept-Encoding` defaults to `gzip, deflate`.
    /// They are sent to the same origin only: a redirect to another scheme, host or port drops
    /// `Authorization`, `X-Api-Key`, `X-Auth-Token`, `Cookie` and `Proxy-Authorization`.
    public var headers: [String: String]
    /// Seconds for the whole exchange (deadline, not inactivity).
    public var timeout: TimeInterval
    /// The largest body accepted, counted after decompression, while it arrives.
    public var maxBodyBytes: Int
    /// True: a final answer with a status outside 200–299 ends the exchange at its head, with an
    /// empty body, for callers to whom an error page is of no use (pictures). False: its body is
    /// read, as NewsAPI explains its errors in it.
    public var skipsErrorBodies: Bool
    /// Where the final answer's body goes instead of ``HTTPResponse/body`` (a download to a file);
    /// nil keeps it in memory.
    public var stream: HTTPBodyStream?

    public init(
        url: URL, method: HTTPMethod = .get, body: Data? = nil, headers: [String: String] = [:],
        timeout: TimeInterval = 10, maxBodyBytes: Int = 8 << 20, skipsErrorBodies: Bool = false,
        stream: HTTPBodyStream? = nil
    ) {
        self.url = url
        self.method = method
        self.body = body
        self.headers = headers
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.skipsErrorBodies = skipsErrorBodies
        self.stream = stream
    }
}

/// A body handed over piece by piece as it arrives, for what is too large to keep in memory. The
/// redirects' heads and bodies never reach it; the cap on the body, the deadline and the redirect
/// rules hold as for any request. Its closures run on the client's transfer thread and must not
/// wait long.
public struct HTTPBodyStream: Sendable {
    /// The final answer's status and headers, before any of its body; false ends the exchange
    /// there (the answer then has no body).
    public var head: @Sendable (_ status: Int, _ headers: HTTPHeaders) -> Bool
    /// A piece of the body, decoded; false ends the exchange there (say, the disk is full).
    public var body: @Sendable (UnsafeRawBufferPointer) -> Bool

    public init(
        head: @escaping @Sendable (_ status: Int, _ headers: HTTPHeaders) -> Bool,
        body: @escaping @Sendable (UnsafeRawBufferPointer) -> Bool
    ) {
        self.head = head
        self.body = body
    }
}

/// One redirect followed on the way to an answer.
public struct HTTPRedirect: Sendable, Equatable {
    public var status: Int
    public var from: URL
    public var to: URL

    public init(status: Int, from: URL, to: URL) {
        self.status = status
        self.from = from
        self.to = to
    }

    /// True for 301 and 308: the resource has moved for good, so a stored address should follow.
    public var isPermanent: Bool { status == 301 || status == 308 }
}

/// The final answer of an exchange.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// The response headers as the server sent them. A compressed body is already decoded, so
    /// `Content-Encoding` and `Content-Length` describe the bytes on the wire, not ``body``.
    public var headers: HTTPHeaders
    public var body: Data
    /// The address that answered, after redirects.
    public var url: URL
    /// The redirects followed, in order.
    public var redirects: [HTTPRedirect]

    public init(status: Int, headers: HTTPHeaders, body: Data, url: URL, redirects: [HTTPRedirect] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.redirects = redirects
    }

    /// The longest wait a `Retry-After` may ask for.
    public static let longestRetryAfter: TimeInterval = 24 * 60 * 60

    /// `Retry-After` as a date (seconds or an HTTP-date), nil when absent or unreadable; capped at
    /// 24 h ahead. A date already past is `now`: retry at once.
    public func retryAfter(now: Date) -> Date? {
        guard let value = headers["Retry-After"]?.trimmingSpaces() else { return nil }
        let latest = now.addingTimeInterval(Self.longestRetryAfter)
        if !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            // More digits than a day of seconds needs would only overflow.
            guard value.utf8.count <= 6, let seconds = Int(value) else { return latest }
            return min(now.addingTimeInterval(TimeInterval(seconds)), latest)
        }
        guard let date = HTTPDate.parse(value, now: now) else { return nil }
        return min(max(date, now), latest)
    }
}
