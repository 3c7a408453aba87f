import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why talking to the service failed, each with one sentence for the screen and the log. No
/// sentence holds the token, the password or an address with credentials.
public enum SyncError: Error, Sendable, Equatable {
    /// The service refused the login it was given (`service` says what that login is).
    case loginRefused(host: String, service: SyncServiceKind)
    /// The service refused the token: the login expired or was revoked.
    case loginExpired(host: String)
    /// Something answers at the address, but not a Google Reader API.
    case notReaderAPI(host: String, reason: String)
    /// Nothing answers at the address (404, 410) as `service`'s API.
    case notFound(host: String, status: Int, service: SyncServiceKind)
    /// The service answered with a status NewsApp does not go on from.
    case status(Int, host: String)
    /// The service asked to come back later (429, 503) after longer than NewsApp waits, or
    /// again after NewsApp waited as often as it does.
    case retryLater(Int, host: String, after: Duration)
    /// The exchange itself failed (no connection, no answer in time, too large, a refused
    /// redirect).
    case transport(HTTPClientError, host: String, timeout: TimeInterval)
    /// The service's answer could not be read, or broke a rule (too many items, a continuation
    /// that repeats); the reason is a clause.
    case malformed(String)
    /// The service refused a change to the subscriptions; the reason is a clause.
    case refused(String)
    /// Plain http to another host than this machine, without `--allow-http`.
    case insecure(host: String)
    /// The address is not an http or https address with a host.
    case badAddress(String)
    /// The address is an http or https one that cannot be used as it is; the sentence says why.
    case unusableAddress(String)
    /// A request was redirected to another origin, which refused it for want of the login
    /// (NewsApp never carries it there).
    case loginNotCarried(host: String, to: String)
    /// The service answered the request with an error of its own API (Tiny Tiny RSS's
    /// `API_DISABLED`, `INCORRECT_USAGE`…); the reason is a clause.
    case serviceRefused(host: String, reason: String)
    /// The local store could not do its part; the reason is a clause.
    case store(String)
    /// Another NewsApp is syncing this store now.
    case busy

    public var sentence: String {
        switch self {
        case .loginRefused(let host, let service):
            return "\(host) refused \(service.loginRefusedClause)."
        case .loginExpired(let host):
            return "\(host) no longer accepts NewsApp's login: run newsapp sync login again."
        case .notReaderAPI(let host, let reason):
            return "\(host) does not answer as a Google Reader API (\(reason)); "
                + "\(SyncServiceKind.greader.addressForm)."
        case .notFound(let host, let status, let service):
            return "Nothing answers at that address on \(host) (\(status)\(Self.phrase(status))): check it; "
                + "\(service.addressForm)."
        case .status(let status, let host):
            let fault = TransportFault(status: status)
            let later = fault.isRateLimit || (500..<600).contains(status) ? " Try again later." : ""
            return fault.sentence(who: host) + later
        case .retryLater(let status, let host, let wait):
            return
                "\(host) asks NewsApp to come back in \(Self.spoken(wait)) (\(status)\(Self.phrase(status))). "
                + "Try again then."
        case .transport(let error, let host, let timeout):
            return Self.transportSentence(error, host: host, timeout: timeout)
        case .malformed(let reason):
            return "The service's answer cannot be used: \(reason)."
        case .refused(let reason):
            return "The service refused the change: \(reason)."
        case .insecure(let host):
            return "\(host) is reached over plain http, where the login could be read on the way: use https, "
                + "or log in with --allow-http to accept that."
        case .badAddress(let text):
            return "“\(text)” is not an http or https address."
        case .unusableAddress(let sentence):
            return sentence
        case .loginNotCarried(let host, let other):
            return "\(host) redirected NewsApp to \(other), which asks for a login: NewsApp never sends the "
                + "login to another host. If the service moved there, run newsapp sync login with its address."
        case .serviceRefused(let host, let reason):
            return "\(host) refused the request: \(reason)."
        case .store(let reason):
            return "The local store could not keep the sync (\(reason))."
        case .busy:
            return
                "Another NewsApp is syncing with the service now; what it does not send, the next sync will."
        }
    }

    /// True when the fault is the login's: nothing more can be done until `sync login`.
    public var needsLogin: Bool {
        switch self {
        case .loginRefused, .loginExpired: true
        default: false
        }
    }

    /// `45 seconds`, `3 minutes`, `2 hours`.
    static func spoken(_ wait: Duration) -> String {
        let seconds = wait.components.seconds
        func amount(_ value: Int64, _ unit: String) -> String { "\(value) \(unit)\(value == 1 ? "" : "s")" }
        if seconds < 120 { return amount(seconds, "second") }
        if seconds < 7_200 { return amount((seconds + 30) / 60, "minute") }
        return amount((seconds + 1_800) / 3_600, "hour")
    }

    private static func phrase(_ status: Int) -> String {
        HTTPStatusName.phrase(status).map { " " + $0 } ?? ""
    }

    private static func transportSentence(_ error: HTTPClientError, host: String, timeout: TimeInterval)
        -> String
    {
        let fault = TransportFault(error)
        guard fault != .cancelled else { return "The sync was cancelled." }
        return fault.sentence(who: error.failingHost(else: host), timeout: timeout)
    }
}
