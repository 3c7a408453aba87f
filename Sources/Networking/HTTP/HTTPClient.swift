import Foundation
import NewsModels

/// Sends HTTP requests and decodes their bodies.
///
/// One call does everything: send, wait, enforce the size limit, decode. The body is decoded
/// whatever the HTTP status, because some APIs (NewsAPI among them) explain their errors in a
/// JSON body sent with 401, 426 or 500; a body that does not decode is reported as
/// ``HTTPClientError/unexpectedStatus(_:)`` for a non-2xx status and as
/// ``HTTPClientError/undecodable(_:)`` otherwise.
public protocol HTTPClient: Sendable {
    /// Sends `request` (a GET) and decodes the response body as `Value`.
    func send<Value: Decodable & Sendable>(
        _ request: HTTPRequest,
        decoding type: Value.Type
    ) async throws(HTTPClientError) -> Value
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
}
