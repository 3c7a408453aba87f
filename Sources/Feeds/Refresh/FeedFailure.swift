import Foundation
import Networking
import NewsModels

/// Why a feed could not be read, as one sentence for `newsapp feeds` and the log.
public struct FeedFailure: Error, Sendable, Equatable {
    /// One sentence, without the feed's address (the caller shows that beside it).
    public var sentence: String
    /// When the server asked to be left alone until (429 or 503 with `Retry-After`).
    public var retryAfter: Date?
    /// True when the address gave a web page rather than a feed: the page may announce one.
    public var isWebPage = false
    /// True when the server did not answer in time.
    public var isTimeout = false

    public init(_ sentence: String, retryAfter: Date? = nil) {
        self.sentence = sentence
        self.retryAfter = retryAfter
    }

    /// A status the refresh does not read a feed from; `subject` names what was asked for (`feed`,
    /// `page`).
    static func status(_ code: Int, retryAfter: Date?, subject: String = "feed") -> FeedFailure {
        let name = HTTPStatusName.phrase(code).map { " \($0)" } ?? ""
        switch code {
        case 404, 410:
            return FeedFailure("The \(subject) is not there any more (\(code)\(name)).")
        case 401, 403:
            return FeedFailure("The server refuses to give the \(subject) (\(code)\(name)).")
        case 429, 503:
            let wait = retryAfter.map { " and asks to wait until \(Self.clockTime($0))" } ?? ""
            return FeedFailure("The server is busy (\(code)\(name))\(wait).", retryAfter: retryAfter)
        case 500..<600:
            return FeedFailure("The server failed (\(code)\(name)).")
        default:
            return FeedFailure("The server answered \(code)\(name) instead of the \(subject).")
        }
    }

    /// A failed exchange; `subject` names what was asked for (`feed`, `page`).
    static func transport(_ error: HTTPClientError, timeout: TimeInterval, subject: String = "feed")
        -> FeedFailure
    {
        switch error {
        case .transport(.timedOut):
            let seconds = Int(timeout.rounded(.up))
            var failure = FeedFailure(
                "The \(subject) did not answer within \(seconds) second\(seconds == 1 ? "" : "s").")
            failure.isTimeout = true
            return failure
        case .transport(.connectionRefused):
            return FeedFailure("The server refused the connection.")
        case .transport(.hostNotFound):
            return FeedFailure("The server's name was not found.")
        case .transport(.notConnectedToInternet):
            return FeedFailure("There is no network connection.")
        case .transport(.connectionLost):
            return FeedFailure("The connection broke before the whole \(subject) arrived.")
        case .transport(.secureConnectionFailed):
            return FeedFailure(
                "A secure connection could not be made: the certificate was refused, "
                    + "or the server does not speak https.")
        case .transport(.other(let reason)):
            return FeedFailure("The \(subject) could not be fetched: \(reason).")
        case .responseTooLarge(let limit):
            return FeedFailure("The \(subject) is larger than \(limit >> 20) MiB, so it was not read.")
        case .unsupportedURL:
            return FeedFailure("The address is not an http or https address.")
        case .redirectRefused(let reason):
            return FeedFailure("A redirect was not followed: \(reason).")
        case .unexpectedStatus(let code):
            return status(code, retryAfter: nil, subject: subject)
        case .undecodable(let reason):
            return FeedFailure("The answer could not be read (\(reason)).")
        case .cancelled:
            return FeedFailure(
                subject == "feed" ? "The refresh was cancelled." : "Fetching the \(subject) was cancelled.")
        case .redirected(let address, let error):
            // The address that failed, not the one asked for.
            var failure = transport(error, timeout: timeout, subject: subject)
            failure.sentence =
                String(failure.sentence.dropLast()) + " (at \(address.shownAddress), where a redirect led)."
            return failure
        }
    }

    /// A feed not asked for: its server did not answer its last request of this refresh.
    static let silentServer = FeedFailure(
        "Not asked: the server did not answer its last request of this refresh.")

    /// A body the parsers could not read.
    static func unreadable(_ error: FeedParseError) -> FeedFailure {
        var failure = FeedFailure(error.sentence)
        failure.isWebPage = error == .htmlPage
        return failure
    }

    /// `14:05` today, else `5 Dec 14:05`, in the local time zone.
    private static func clockTime(_ date: Date) -> String {
        let zone = TimeZone.current
        let time = Timestamp.Civil(date, offsetSeconds: zone.secondsFromGMT(for: date))
        let now = Date()
        let today = Timestamp.Civil(now, offsetSeconds: zone.secondsFromGMT(for: now))
        let clock = String(time.time(separator: ":").prefix(5))
        guard time.year != today.year || time.month != today.month || time.day != today.day else {
            return clock
        }
        return "\(time.day) \(Timestamp.monthAbbreviations[time.month - 1]) \(clock)"
    }
}
