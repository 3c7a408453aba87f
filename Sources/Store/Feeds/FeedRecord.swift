import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one refresh learned about one feed, for ``NewsStore/recordFeeds(_:)``.
public struct FeedRecord: Sendable {
    /// How the feed answered.
    public enum Outcome: Sendable {
        /// 200: the document's items are written, and the feed's title, site and validators.
        case fetched(FeedDocument, validators: FeedValidators)
        /// 304: nothing was parsed; only the times move (and the validators, when it sent any).
        case notModified(validators: FeedValidators?)
        /// The refresh failed: `reason` is kept as the feed's last error, its items are untouched,
        /// and it is not to be asked again before `retryAfter`.
        case failed(reason: String, retryAfter: Date?)
    }

    /// The subscription address the refresh started from.
    public var url: URL
    /// Where a permanent redirect (301, 308) led: the feed's row moves there, keeping its items
    /// and their read and saved marks.
    public var movedTo: URL?
    /// The name shown for its items: the user's rename, else the feed's title. Nil when the
    /// refresh did not learn it (a `304`, a failure): the stored name stays, and a new feed is
    /// named after its host.
    public var sourceName: String?
    public var outcome: Outcome
    public var attemptedAt: Date
    /// The ids of new items the killfile hides: stored with `hidden` set, and left out of the
    /// feed's counts.
    public var hiddenItems: Set<String>

    public init(
        url: URL, movedTo: URL? = nil, sourceName: String?, outcome: Outcome, attemptedAt: Date,
        hiddenItems: Set<String> = []
    ) {
        self.url = url
        self.movedTo = movedTo
        self.sourceName = sourceName
        self.outcome = outcome
        self.attemptedAt = attemptedAt
        self.hiddenItems = hiddenItems
    }
}

/// How many items of one feed a write inserted and how many it changed; items seen again
/// unchanged are in neither.
public struct FeedWriteCounts: Sendable, Equatable {
    public var new: Int
    public var updated: Int

    public init(new: Int = 0, updated: Int = 0) {
        self.new = new
        self.updated = updated
    }
}
