import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
        let fault = TransportFault(status: code, retryAfter: retryAfter)
        let retryAfter: Date? =
            if case .rateLimited(_, let date) = fault { date } else { nil }
        return FeedFailure(fault.sentence(subject: subject), retryAfter: retryAfter)
    }

    /// A failed exchange; `subject` names what was asked for (`feed`, `page`).
    static func transport(_ error: HTTPClientError, timeout: TimeInterval, subject: String = "feed")
        -> FeedFailure
    {
        let fault = TransportFault(error)
        var failure = FeedFailure(
            fault == .cancelled && subject == "feed"
                ? "The refresh was cancelled." : fault.sentence(subject: subject, timeout: timeout))
        failure.isTimeout = fault.isTimeout
        if let address = error.redirectTarget {
            // The address that failed, not the one asked for.
            failure.sentence =
                String(failure.sentence.dropLast()) + " (at \(address.shownAddress), where a redirect led)."
        }
        return failure
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
}
