import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live ``HTTPClient`` and ``HTTPFetching``: URLSession (FoundationNetworking on Linux) with
/// a hard cap on the body, a deadline for the whole exchange, redirects on our own rules and
/// cooperative cancellation. ``send(_:decoding:)`` is ``fetch(_:)`` and a JSON decoder.
///
/// The size cap counts the body after decompression and holds while it streams in: a
/// `Content-Length` over the cap is refused before the body is read, and any other body is cut
/// off as soon as it passes the cap (see ``InlineOperationQueue`` for compressed bodies).
///
/// The timeout is a deadline for the whole exchange, redirects included, enforced here:
/// URLSession's own timeout on Linux restarts with every chunk (a server trickling bytes never
/// times out) and is cut to whole seconds (0.5 s becomes 0).
///
/// Redirects follow ``Redirection``'s rules: at most 10, http and https only, never from https
/// down to http, and credentials stay with their origin.
public final class URLSessionHTTPClient: HTTPClient, HTTPFetching {
    /// The limits ``send(_:decoding:)`` applies; ``fetch(_:)`` takes them from each request.
    public struct Limits: Sendable, Equatable {
        /// Seconds a request may take in all, from sending to the last byte.
        public var timeout: TimeInterval
        /// The largest response body accepted, in bytes.
        public var maxResponseBytes: Int

        public init(timeout: TimeInterval = 10, maxResponseBytes: Int = 8 << 20) {
            self.timeout = timeout
            self.maxResponseBytes = maxResponseBytes
        }
    }

    /// What a request asks for when its headers do not say: encodings libcurl decodes everywhere.
    /// (Left alone, FoundationNetworking offers `deflate, gzip, br, zstd`, whatever libcurl has.)
    static let acceptEncoding = "gzip, deflate"

    public let limits: Limits
    private let delegate = TransferDelegate()
    /// Made by the first request: setting up URLSession (its configuration, cookie storage and
    /// curl) takes milliseconds that a launch drawing stored articles, or an offline one, need not
    /// spend.
    private let lazySession = Locked<URLSession?>(nil)

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    deinit {
        // A session keeps its delegate alive until it is invalidated. Invalidating waits for the
        // session's queue, which may be busy (see TransferDelegate), so it is not done here but
        // on the delegate's queue for task calls, after the cancellations already asked for:
        // a cancellation after the invalidation would stop the process inside FoundationNetworking.
        if let session = lazySession.withLock({ $0 }) {
            delegate.invalidate(session)
        }
    }

    private var session: URLSession {
        lazySession.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.urlCredentialStorage = nil
            #if canImport(FoundationNetworking)
                let queue: OperationQueue? = InlineOperationQueue()
            #else
                let queue: OperationQueue? = nil
            #endif
            let made = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
            session = made
            return made
        }
    }

    public func fetch(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            request.url.host?.isEmpty == false
        else { throw .unsupportedURL }
        if Task.isCancelled { throw .cancelled }
        // URLSession's inactivity timer backs up the deadline; on Linux it counts whole seconds.
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: max(1, request.timeout.rounded(.up)))
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        if urlRequest.value(forHTTPHeaderField: "Accept-Encoding") == nil {
            urlRequest.setValue(Self.acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
        }
        let (session, delegate) = (session, delegate)
        let exchange = delegate.newExchange()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.start(
                    exchange, request: urlRequest, on: session, deadline: request.timeout,
                    maxBodyBytes: request.maxBodyBytes, skipsErrorBodies: request.skipsErrorBodies,
                    continuation: continuation)
            }
        } onCancel: {
            delegate.cancel(exchange)
        }
        return try outcome.get()
    }

    /// Sends a GET (the only method the routes use) with ``limits`` and decodes the body.
    public func send<Value: Decodable & Sendable>(
        _ request: URLRequest,
        decoding type: Value.Type
    ) async throws(HTTPClientError) -> Value {
        precondition((request.httpMethod ?? "GET") == "GET", "send(_:decoding:) sends GET requests only")
        guard let url = request.url else { throw .unsupportedURL }
        let response = try await fetch(
            HTTPRequest(
                url: url, headers: request.allHTTPHeaderFields ?? [:],
                timeout: min(request.timeoutInterval, limits.timeout), maxBodyBytes: limits.maxResponseBytes))
        do {
            return try JSONDecoder().decode(Value.self, from: response.body)
        } catch {
            guard (200..<300).contains(response.status) else { throw .unexpectedStatus(response.status) }
            throw .undecodable(DecodingFailure.describe(error))
        }
    }
}

// MARK: - Describing decoding failures

/// Short, type-free descriptions of `DecodingError`s for error sentences.
enum DecodingFailure {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "the body could not be read" }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the body is not valid JSON" : "bad value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context.codingPath))"
        @unknown default:
            return "the body could not be read"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
