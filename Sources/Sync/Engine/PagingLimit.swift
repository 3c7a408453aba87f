import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The bounds of one loop over a service's pages (`stream/contents`, `stream/items/ids`,
/// `stream/items/contents`): pages, entries (items or ids), bytes and time. Every loop counts
/// against one, so a service whose continuations never end (a new one on every page, the same
/// items again and again) stops the loop at the first bound, whatever it sends.
public struct PagingLimit: Sendable, Equatable {
    public var pages: Int
    /// Items, or ids, in all.
    public var entries: Int
    /// Bytes of answers in all.
    public var bytes: Int
    /// Time from the first request.
    public var time: Duration

    public init(pages: Int, entries: Int, bytes: Int, time: Duration) {
        self.pages = max(1, pages)
        self.entries = max(1, entries)
        self.bytes = max(1, bytes)
        self.time = max(.zero, time)
    }
}

/// One loop's count against its ``PagingLimit``.
struct PagingBudget {
    /// The bound a loop reached.
    enum Bound: Equatable {
        case pages(Int)
        case entries(Int)
        case bytes(Int)
        case time(Duration)

        /// Why a loop over `what` (`pages`, `pages of ids`) stopped, as the end of a sentence.
        func reason(_ what: String) -> String {
            switch self {
            case .pages(let limit): "it kept sending \(what) past \(Amount.grouped(limit)) of them"
            case .entries(let limit): "it kept sending \(what) past \(Amount.grouped(limit)) entries"
            case .bytes(let limit): "it kept sending \(what) past \(Amount.grouped(limit >> 20)) MiB"
            case .time(let limit): "it kept sending \(what) for more than \(limit.components.seconds) seconds"
            }
        }
    }

    let limit: PagingLimit
    private let started = ContinuousClock.now
    private(set) var pages = 0
    private(set) var entries = 0
    private(set) var bytes = 0

    init(_ limit: PagingLimit) {
        self.limit = limit
    }

    /// Counts a page of `entries` in `bytes`; returns the first bound reached, nil within them.
    mutating func count(entries: Int, bytes: Int) -> Bound? {
        pages += 1
        self.entries += entries
        self.bytes += bytes
        if pages >= limit.pages { return .pages(limit.pages) }
        if self.entries >= limit.entries { return .entries(limit.entries) }
        if self.bytes >= limit.bytes { return .bytes(limit.bytes) }
        if ContinuousClock.now - started >= limit.time { return .time(limit.time) }
        return nil
    }
}
