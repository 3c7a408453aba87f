import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// NewsAPI within its daily quota: which stored pages answer a request without the network, and
/// the requests counted per UTC day in the store. ``CachingNewsService`` asks it before each
/// request.
///
/// - **Freshness** (``Refresh``): with `auto`, a page stored less than `refreshInterval` ago
///   answers what the app asks on its own (a launch, a screen opening, a page fetched ahead);
///   with `manual`, any stored copy does; with `always`, none. The reader's own requests
///   (``NewsModels/RequestTrigger/explicit``: `r`, `n`) always go to the network, and so does a
///   page that was never stored (paging past what is stored).
/// - **Counting**: every request is counted on the UTC day it is made, in one transaction under
///   the store's write lock (instances sharing the file take turns), before it is sent; one that
///   never left the machine (no connection, or refused here) is taken back. From 90 % of
///   `dailyLimit` only the reader's requests are made; at the limit, or once NewsAPI answered
///   `rateLimited` that day, none until midnight UTC. A request not made throws
///   ``NewsModels/NewsServiceError/requestsHeld(_:)``, which says so in one line.
/// - A store that cannot be read or written never stops a request: it goes uncounted.
///
/// The clock is injected, so tests control days and midnight.
public struct RequestBudget: Sendable {
    /// When a stored page answers in place of a request (`newsapi_refresh` in the config file).
    public typealias Refresh = NewsAPIRefresh

    /// NewsAPI's free plan: 100 requests a day.
    public static let defaultDailyLimit = DailyRequests.freePlanLimit
    /// Days of counts kept.
    static let daysKept = 31

    public let store: NewsStore
    /// The plan's requests a day.
    public let dailyLimit: Int
    public let refresh: Refresh
    /// How old a stored page may be and still answer, with ``Refresh/auto``.
    public let refreshInterval: TimeInterval
    private let clock: @Sendable () -> Date

    /// - Parameter clock: Now; the store's clock when nil.
    public init(
        store: NewsStore,
        dailyLimit: Int = RequestBudget.defaultDailyLimit,
        refresh: Refresh = .auto,
        refreshInterval: TimeInterval = 30 * 60,
        clock: (@Sendable () -> Date)? = nil
    ) {
        self.store = store
        self.dailyLimit = max(1, dailyLimit)
        self.refresh = refresh
        self.refreshInterval = refreshInterval
        self.clock = clock ?? store.clock
    }

    // MARK: - Freshness

    /// True when `page`, a stored copy, answers a request made by `trigger` without the network.
    public func answers(_ page: ArticlePage, trigger: RequestTrigger) -> Bool {
        guard trigger == .automatic, case .store(let savedAt, _) = page.origin else { return false }
        switch refresh {
        case .always: return false
        case .manual: return true
        case .auto:
            // A page "saved" more than a minute ahead of now was saved by a clock since moved back.
            let age = clock().timeIntervalSince(savedAt)
            return age >= -60 && age < refreshInterval
        }
    }

    /// The stored copy of page `page` of `key`'s list when it answers a request made by `trigger`
    /// (see ``answers(_:trigger:)``), marked `.fresh`; nil when the network is to be asked.
    func freshCopy(of key: ListingKey?, page: Int, pageSize: Int, trigger: RequestTrigger) async
        -> ArticlePage?
    {
        guard let key, trigger == .automatic, refresh != .always,
            var stored = try? await store.storedPage(for: key, page: page, pageSize: pageSize),
            answers(stored, trigger: trigger), case .store(let savedAt, _) = stored.origin
        else { return nil }
        stored.origin = .store(savedAt: savedAt, reason: .fresh)
        return stored
    }

    // MARK: - Counting

    /// Makes `request` if the day's budget allows it for `trigger`, counted; else throws
    /// ``NewsModels/NewsServiceError/requestsHeld(_:)``. A 429 from NewsAPI marks the day spent
    /// and is thrown as the day held until midnight UTC.
    func send<Value: Sendable>(
        _ trigger: RequestTrigger, _ request: () async throws(NewsServiceError) -> Value
    ) async throws(NewsServiceError) -> Value {
        let now = clock()
        let day = Self.day(of: now)
        let ceiling = trigger == .explicit ? dailyLimit : DailyRequests.nearLimit(of: dailyLimit)
        let keepingSince = Self.day(of: now.addingTimeInterval(-Double(Self.daysKept) * 86_400))
        // A store that fails (nil) lets the request go, uncounted.
        let outcome = try? await store.countRequest(on: day, ceiling: ceiling, keepingSince: keepingSince)
        if let outcome, !outcome.counted { throw .requestsHeld(requests(outcome.day, at: now)) }
        let counted = outcome != nil
        do {
            return try await request()
        } catch {
            if counted, Self.neverSent(error) {
                try? await store.uncountRequest(on: day)
            } else if error.isRateLimit {
                try? await store.refuseRequests(on: day)
                let today = (try? await store.requestDay(day)) ?? NewsStore.RequestDay(refused: true)
                throw .requestsHeld(requests(today, at: now))
            }
            throw error
        }
    }

    /// The requests counted today (UTC); nil when the store cannot be read.
    public func today() async -> DailyRequests? {
        let now = clock()
        guard let day = try? await store.requestDay(Self.day(of: now)) else { return nil }
        return requests(day, at: now)
    }

    private func requests(_ day: NewsStore.RequestDay, at now: Date) -> DailyRequests {
        DailyRequests(
            used: day.requests, limit: dailyLimit, refused: day.refused,
            resetsAt: Self.nextMidnight(after: now))
    }

    /// True for a failure that shows the request never left this machine: no connection could be
    /// made, or it was refused before it was sent (a query too long).
    private static func neverSent(_ error: NewsServiceError) -> Bool {
        switch error {
        case .transport(.connectionRefused, _), .transport(.hostNotFound, _),
            .transport(.notConnectedToInternet, _), .unavailable:
            return true
        default:
            return false
        }
    }

    // MARK: - UTC days

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        return calendar
    }()

    /// `2026-11-24`: the UTC day of `date`.
    static func day(of date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day], from: date)
        return String(printf: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The first midnight UTC after `date`.
    public static func nextMidnight(after date: Date) -> Date {
        let start = utc.startOfDay(for: date)
        return utc.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
    }
}
