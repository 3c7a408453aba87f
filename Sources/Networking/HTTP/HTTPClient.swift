import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Sends HTTP requests and reads their bodies.
///
/// One call does everything: send, wait, enforce the size limit, read. The body is read
/// whatever the HTTP status, because some APIs (NewsAPI among them) explain their errors in a
/// JSON body sent with 401, 426 or 500; a body that cannot be read is reported as
/// ``HTTPClientError/unexpectedStatus(_:)`` for a non-2xx status and as
/// ``HTTPClientError/undecodable(_:)`` otherwise.
public protocol HTTPClient: Sendable {
    /// Sends `request` (a GET) and gives what `reader` makes of the response body, which it reads
    /// as the bytes arrive: the body is never held whole. What ``HTTPBodyReader/finish()`` throws
    /// is described in ``HTTPClientError/undecodable(_:)`` (a ``JSONStreamError``, a
    /// `DecodingError`).
    func send<Reader: HTTPBodyReader>(
        _ request: HTTPRequest,
        reading reader: Reader
    ) async throws(HTTPClientError) -> Reader.Value
}

/// Reads a response body as it arrives (after decompression, within the size cap), then says
/// what it held. One reader reads one body, on the HTTP client's thread: one call at a time, in
/// order, all before the exchange completes.
public protocol HTTPBodyReader: AnyObject, Sendable {
    associatedtype Value: Sendable

    /// The next bytes of the final answer's body; false stops the transfer, and the exchange
    /// completes with the answer's head (what went wrong is the reader's to say).
    func take(_ bytes: UnsafeRawBufferPointer) -> Bool

    /// What the body held, once it has all arrived (or once ``take(_:)`` said it wanted no
    /// more); throws when it cannot be read.
    func finish() throws -> Value
}

/// Why an HTTP exchange produced no value.
public enum HTTPClientError: Error, Sendable, Equatable {
    /// The exchange never completed: no connection, no answer in time, connection dropped.
    case transport(TransportFailure)
    /// The server answered with a non-2xx status and a body that did not decode.
    case unexpectedStatus(Int)
    /// The server answered 2xx but the body is not what was expected; a short reason.
    case undecodable(String)
    /// The response body was larger than the client accepts.
    case responseTooLarge(limit: Int)
    /// A redirect was not followed; a short reason such as `too many redirects`.
    case redirectRefused(String)
    /// The address is not an absolute `http` or `https` URL with a host.
    case unsupportedURL
    /// The calling task was cancelled.
    case cancelled
    /// The exchange failed as `error` says at `to`, the address a redirect led to (its password
    /// is the URL's: show it with ``Foundation/URL/shownAddress``).
    indirect case redirected(to: URL, HTTPClientError)

    /// The failure itself, wherever a redirect led.
    public var underlying: HTTPClientError {
        if case .redirected(_, let error) = self { return error.underlying }
        return self
    }
}
