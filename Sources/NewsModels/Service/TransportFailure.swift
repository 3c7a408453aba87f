/// The ways a request can fail before any HTTP response is complete.
public enum TransportFailure: Sendable, Hashable {
    case connectionRefused
    case timedOut
    case hostNotFound
    case notConnectedToInternet
    case connectionLost
    case secureConnectionFailed
    case other(String)
}
