#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why an exchange over HTTP gave nothing to use, classified once for every caller (the feeds'
/// refresh, the sync, NewsAPI, pictures) and worded once: each caller names who it asked and
/// what it asked for, and may add advice of its own, but never words a failure again.
/// Networking makes one from its client's error (`TransportFault(_:)` on `HTTPClientError`)
/// or from a response's status.
public enum TransportFault: Sendable, Hashable {
    /// No complete answer: no connection, no answer in time, the connection dropped…
    case transport(TransportFailure)
    /// The answer was larger than `limit` bytes and was refused.
    case tooLarge(limit: Int)
    /// The server asked to be asked less often (429, or 503 with `Retry-After`), until
    /// `retryAfter` when it said.
    case rateLimited(status: Int, retryAfter: Date?)
    /// The server answered with another status that gives nothing to read.
    case status(Int)
    /// The answer came but cannot be read; a short reason.
    case undecodable(String)
    /// A redirect was not followed; a short reason.
    case redirectRefused(String)
    /// The address is not an http or https address with a host.
    case unsupportedURL
    /// The caller cancelled the exchange.
    case cancelled

    /// The fault for a response with a non-2xx `status`; `retryAfter` is its `Retry-After`.
    public init(status: Int, retryAfter: Date? = nil) {
        switch status {
        case 429: self = .rateLimited(status: status, retryAfter: retryAfter)
        case 503 where retryAfter != nil: self = .rateLimited(status: status, retryAfter: retryAfter)
        default: self = .status(status)
        }
    }

    /// True when the server asked to be asked less often.
    public var isRateLimit: Bool {
        if case .rateLimited = self { return true }
        return false
    }

    /// True when no answer came in time.
    public var isTimeout: Bool { self == .transport(.timedOut) }

    /// One sentence for the screen and the log.
    ///
    /// - Parameters:
    ///   - who: Whom NewsApp asked: a host (`example.com:8080`), or `the server` where the caller
    ///     shows the address beside the sentence.
    ///   - subject: What was asked for (`feed`, `page`, `file`); nil for an answer of an API.
    ///   - timeout: The seconds the exchange was given, named when it ran out.
    public func sentence(who: String = "the server", subject: String? = nil, timeout: TimeInterval? = nil)
        -> String
    {
        let opening = who.hasPrefix("the ") ? "T" + who.dropFirst() : who
        let asked = subject ?? "answer"
        switch self {
        case .transport(.timedOut):
            guard let timeout else { return "\(opening) did not answer in time." }
            let seconds = Int(timeout.rounded(.up))
            return "\(opening) did not answer within \(seconds) second\(seconds == 1 ? "" : "s")."
        case .transport(.connectionRefused):
            return "Could not connect to \(who): the connection was refused."
        case .transport(.hostNotFound):
            return "Could not find \(who)."
        case .transport(.notConnectedToInternet):
            return "There is no network connection."
        case .transport(.connectionLost):
            return "The connection to \(who) broke before the whole \(asked) arrived."
        case .transport(.secureConnectionFailed):
            return "Could not set up a secure connection to \(who): its certificate was refused, "
                + "or it does not speak https."
        case .transport(.other(let reason)):
            return "Could not reach \(who): \(reason)."
        case .tooLarge(let limit):
            let what = subject.map { "The \($0)" } ?? "The answer from \(who)"
            return "\(what) is larger than \(Self.size(limit)), so it was not read."
        case .rateLimited(let status, let retryAfter):
            let wait = retryAfter.map { " and asks to wait until \(Self.clockTime($0))" } ?? ""
            return "\(opening) is busy (\(Self.named(status)))\(wait)."
        case .status(let status):
            switch status {
            case 404, 410:
                guard let subject else {
                    return "Nothing is there any more on \(who) (\(Self.named(status)))."
                }
                return "The \(subject) is not there any more (\(Self.named(status)))."
            case 401, 403:
                return "\(opening) refuses to give the \(asked) (\(Self.named(status)))."
            case 500..<600:
                return "\(opening) failed (\(Self.named(status)))."
            default:
                let instead = subject.map { " instead of the \($0)" } ?? ""
                return "\(opening) answered \(Self.named(status))\(instead)."
            }
        case .undecodable(let reason):
            return "\(opening) sent an answer NewsApp cannot read (\(reason))."
        case .redirectRefused(let reason):
            return "A redirect was not followed: \(reason)."
        case .unsupportedURL:
            return "The address is not an http or https address."
        case .cancelled:
            return subject.map { "Fetching the \($0) was cancelled." } ?? "Cancelled."
        }
    }

    /// `404 Not Found`, or the bare number for a status without a common name.
    private static func named(_ status: Int) -> String {
        HTTPStatusName.phrase(status).map { "\(status) \($0)" } ?? String(status)
    }

    private static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }

    /// `14:05` today, else `5 Dec 14:05`, in the local time zone.
    private static func clockTime(_ date: Date) -> String {
        let time = Timestamp.Civil(date, offsetSeconds: LocalTime.utcOffset(at: date))
        let now = Date()
        let today = Timestamp.Civil(now, offsetSeconds: LocalTime.utcOffset(at: now))
        let clock = String(time.time(separator: ":").prefix(5))
        guard time.year != today.year || time.month != today.month || time.day != today.day else {
            return clock
        }
        return "\(time.day) \(Timestamp.monthAbbreviations[time.month - 1]) \(clock)"
    }
}
