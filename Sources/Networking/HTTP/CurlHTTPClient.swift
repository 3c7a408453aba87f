import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The live ``HTTPClient`` and ``HTTPFetching``: libcurl, loaded at the first request (see
/// ``CurlEngine``), with a hard cap on the body, a deadline for the whole exchange, redirects on
/// our own rules and cooperative cancellation. ``send(_:reading:)`` is ``fetch(_:)`` and a reader of
/// the body.
///
/// The size cap counts the body after decompression and holds while it streams in: a
/// `Content-Length` over the cap is refused at the head, before the body is read, and any other
/// body is cut off as soon as it passes the cap (libcurl hands over each piece it inflates, at
/// most 16 KiB, before it inflates the next).
///
/// The timeout is a deadline for the whole exchange, redirects included: the caller is answered
/// when it passes, whatever the server trickles meanwhile, and the transfer is stopped.
///
/// Redirects follow ``Redirection``'s rules: at most 10, http and https only, never from https
/// down to http, and credentials stay with their origin. Cancelling the calling task ends the
/// exchange at once and closes its connection; a task cancelled before it starts sends nothing.
public final class CurlHTTPClient: HTTPClient, HTTPFetching {
    /// The limits ``send(_:reading:)`` applies; ``fetch(_:)`` takes them from each request.
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

    public let limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    public func fetch(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        guard request.url.isWebAddress else { throw .unsupportedURL }
        if Task.isCancelled { throw .cancelled }
        let exchange = CurlExchange(request, engine: try CurlEngine.shared())
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { exchange.begin($0) }
        } onCancel: {
            exchange.finish(.failure(.cancelled))
        }
        return try outcome.get()
    }

    /// Sends `request` with ``limits`` (its timeout at most theirs), the body going to `reader`
    /// as it arrives.
    public func send<Reader: HTTPBodyReader>(
        _ request: HTTPRequest,
        reading reader: Reader
    ) async throws(HTTPClientError) -> Reader.Value {
        var bounded = request
        bounded.timeout = min(request.timeout, limits.timeout)
        bounded.maxBodyBytes = limits.maxResponseBytes
        bounded.stream = HTTPBodyStream(head: { _, _ in true }, body: { reader.take($0) })
        let response = try await fetch(bounded)
        do {
            return try reader.finish()
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
        if let error = error as? JSONStreamError { return error.reason }
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
