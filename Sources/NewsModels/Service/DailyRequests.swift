#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The requests made to NewsAPI on one UTC day, as NewsApp counts them, against the plan's daily
/// limit: what `?`, `newsapp cache stats` and `newsapp headlines --json` show, and what a request
/// held back says (``NewsServiceError/requestsHeld(_:)``).
///
/// NewsAPI's free plan allows 100 requests a day. Near the limit (``nearLimit``, 90 %) the app
/// asks only when the reader asks; at the limit, or once NewsAPI answered `rateLimited` that day
/// (``isSpent``), it asks no more until ``resetsAt``, the next midnight UTC.
public struct DailyRequests: Sendable, Equatable {
    /// NewsAPI's free plan: 100 requests a day.
    public static let freePlanLimit = 100

    /// Requests counted this UTC day.
    public var used: Int
    /// The plan's requests a day.
    public var limit: Int
    /// True once NewsAPI refused a request of this day for its pace (`rateLimited`,
    /// `apiKeyExhausted`, HTTP 429), whatever the count.
    public var refused: Bool
    /// The next midnight UTC, when the count starts again.
    public var resetsAt: Date

    public init(used: Int, limit: Int, refused: Bool = false, resetsAt: Date) {
        self.used = used
        self.limit = limit
        self.refused = refused
        self.resetsAt = resetsAt
    }

    /// The count from which only the reader's own requests are made: 90 % of the limit, rounded
    /// up (90 of 100; at a limit of 1, the limit itself).
    public static func nearLimit(of limit: Int) -> Int {
        max(1, (limit * 9 + 9) / 10)
    }

    /// True when no request may be made before ``resetsAt``.
    public var isSpent: Bool { refused || used >= limit }

    /// True when only the reader's own requests are made (``RequestTrigger/explicit``).
    public var isNearLimit: Bool { used >= Self.nearLimit(of: limit) }

    /// `23 of 100 NewsAPI requests used today`, or why none is made before midnight UTC.
    public var summary: String {
        if refused {
            return "NewsAPI refused more requests today (\(used) counted here, of \(limit))"
        }
        return used >= limit
            ? "All \(limit) NewsAPI requests of today are used"
            : "\(used) of \(limit) NewsAPI requests used today"
    }

    /// What the app does next, for a line: `NewsApp asks only when you type r` near the limit,
    /// `none until midnight UTC` once spent.
    public var nextStep: String {
        isSpent ? "none until \(resetDescription)" : "NewsApp asks only when you type r"
    }

    /// One line saying why a request was not made and what happens next.
    public var sentence: String {
        isSpent
            ? "\(summary): NewsApp asks again after \(resetDescription)."
            : "\(summary): NewsApp asks only when you type r."
    }

    /// The day's count for a status line (`?` shows it):
    /// `NewsAPI requests today: 23 of 100 (the count starts again at midnight UTC).`
    public var status: String {
        let count = "NewsAPI requests today: \(used) of \(limit)"
        if refused { return "\(count), and NewsAPI refused more: none until \(resetDescription)." }
        if used >= limit { return "\(count), the day's limit: none until \(resetDescription)." }
        if isNearLimit {
            return "\(count), so NewsApp asks only when you type r (until \(resetDescription))."
        }
        return "\(count) (the count starts again at \(resetDescription))."
    }

    /// `midnight UTC`, with the local time when the machine's time zone is not UTC:
    /// `midnight UTC (19:00 here)`.
    public var resetDescription: String {
        let offset = LocalTime.utcOffset(at: resetsAt)
        guard offset != 0 else { return "midnight UTC" }
        let parts = Timestamp.Civil(resetsAt, offsetSeconds: offset)
        let time = String(printf: "%02d:%02d", parts.hour, parts.minute)
        return "midnight UTC (\(time) here)"
    }
}
