import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends HTTP requests and decodes their bodies.
///
/// One call does everything: send, wait, enforce the size limit, decode. The body is decoded
/// whatever the HTTP status, because some APIs (NewsAPI among them) explain their errors in a
/// JSON body sent with 401, 426 or 500; a body that does not decode is reported as
/// ``HTTPClientError/unexpectedStatus(_:)`` for a non-2xx status and as
/// ``HTTPClientError/undecodable(_:)`` otherwise.
public protocol HTTPClient: Sendable {
    /// Sends `request` and decodes the response body as `Value`.
    func send<Value: Decodable & Sendable>(
        _ request: URLRequest,
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

/// The ways a request can fail before any HTTP response is complete.
public enum TransportFailure: Sendable, Equatable {
    case connectionRefused
    case timedOut
    case hostNotFound
    case notConnectedToInternet
    case connectionLost
    case secureConnectionFailed
    case other(String)
}

// MARK: - Mapping URLError

extension TransportFailure {
    /// Classifies a Foundation networking error.
    init(_ error: URLError) {
        switch error.code {
        case .timedOut:
            self = .timedOut
        case .cannotConnectToHost:
            self = .connectionRefused
        case .cannotFindHost, .dnsLookupFailed:
            self = .hostNotFound
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
            self = .notConnectedToInternet
        case .networkConnectionLost, .cannotParseResponse, .badServerResponse, .zeroByteResource:
            self = .connectionLost
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            self = .secureConnectionFailed
        default:
            self = .other(Self.reason(error.code))
        }
    }

    /// Words for the codes that have no case of their own, to follow "Could not reach HOST:".
    /// FoundationNetworking reports libcurl's errors that it does not map as `.unknown`.
    static func reason(_ code: URLError.Code) -> String {
        switch code {
        case .badURL:
            return "its address is not valid (check the port, from 1 to 65535)"
        case .unsupportedURL:
            return "it did not answer in HTTP"
        case .cannotDecodeContentData, .cannotDecodeRawData:
            return "its compressed answer was damaged"
        case .userAuthenticationRequired, .userCancelledAuthentication:
            return "it asked for a login"
        case .redirectToNonExistentLocation:
            return "a redirect led nowhere"
        case .resourceUnavailable, .fileDoesNotExist, .noPermissionsToReadFile:
            return "what was asked for is not available"
        case .dataLengthExceedsMaximum:
            return "its answer was too large"
        case .appTransportSecurityRequiresSecureConnection:
            return "an insecure connection was not allowed"
        case .cannotLoadFromNetwork, .callIsActive, .internationalRoamingOff, .dataNotAllowed:
            return "the network cannot be used now"
        case .unknown:
            return "the connection failed and the network library gave no reason"
        default:
            return "the connection failed (network error \(code.rawValue))"
        }
    }
}
