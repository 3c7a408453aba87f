import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a sync keeps what it learned and finds what was changed here: the executable backs it
/// with the local store, in which synced feeds and items are feeds and items like any other.
///
/// Every method is one transaction: a page of items is written whole with the progress that
/// follows it, so a sync killed at any moment resumes where it stopped and never leaves half a
/// page; a mark change leaves the queue only when ``acknowledge(_:)`` says the service took it.
public protocol SyncStorage: Sendable {
    /// The pull's progress and the times of the last syncs.
    func state() async throws -> SyncState

    /// Makes the service's feeds those of `feeds`: new ones added, titles and labels updated,
    /// those gone removed (their saved items stay, as this machine's own). Returns how many were
    /// added and removed, and how many saved items were kept so.
    func applySubscriptions(_ feeds: [ServiceFeed]) async throws -> (added: Int, removed: Int, keptSaved: Int)

    /// Writes `items` (of feeds the service lists; others are skipped) with their marks, except
    /// where a change made here waits to be sent (it wins), and, in the same transaction, the
    /// pull's progress when given. Returns how many items were new, how many changed, and how
    /// many marks of items stored before changed to follow the service's.
    func write(_ items: [ServiceItem], progress: PullProgress?) async throws -> (
        new: Int, updated: Int, marks: Int
    )

    /// The ids among `ids` of items not stored.
    func missing(among ids: [ItemID]) async throws -> [ItemID]

    /// Makes the marks of the stored items those of the service: unread exactly when among
    /// `unread`, starred exactly when among `starred`, except where a change made here waits to
    /// be sent. A list that is not complete only adds its marks. Returns how many items changed.
    func applyMarks(unread: MarkList, starred: MarkList) async throws -> Int

    /// The saved items from the service that `starred` leaves out and whose star has no change
    /// made here waiting, oldest id first.
    func savedItems(notAmong starred: Set<ItemID>) async throws -> [ItemID]

    /// Makes the saved items `ids`, which the service no longer has, this machine's own: they
    /// stay saved whatever its lists say. Returns how many.
    func keepSaved(_ ids: [ItemID]) async throws -> Int

    /// The changes waiting to be sent, oldest first.
    func pendingChanges() async throws -> [MarkChange]
    /// Notes that `changes` are being sent, before they are.
    func markSent(_ changes: [MarkChange]) async throws
    /// Removes `changes` from the queue: the service has them. A change made again since (a
    /// later version) stays.
    func acknowledge(_ changes: [MarkChange]) async throws
    /// Notes that `changes` were refused, so they are sent again as new.
    func release(_ changes: [MarkChange]) async throws

    /// Records the end of a sync: when, and why it failed (nil when it did not).
    func finish(at date: Date, error: String?) async throws

    /// How many of the service's items stored here are unread and how many starred (saved and
    /// still the service's); nil when the storage cannot say, and the lists of ids are read.
    func markCounts() async throws -> MarkCounts?
}

extension SyncStorage {
    func markCounts() async throws -> MarkCounts? { nil }
}

/// The ids of the items with a mark at the service.
public struct MarkList: Sendable {
    public var ids: Set<ItemID>
    /// False when the service's list was cut short: items missing from it are not unmarked.
    public var isComplete: Bool

    public init(ids: Set<ItemID>, isComplete: Bool) {
        self.ids = ids
        self.isComplete = isComplete
    }
}

/// The sync as stored: the pull's progress, and the last syncs.
public struct SyncState: Sendable, Equatable {
    /// The pull under way, nil between pulls.
    public var pull: PullProgress?
    /// Where the next pull starts: items crawled since then (seconds at the service); nil until
    /// a first pull is complete.
    public var since: Int64?
    public var lastSync: Date?
    public var lastAttempt: Date?
    public var lastError: String?

    public init(
        pull: PullProgress? = nil, since: Int64? = nil, lastSync: Date? = nil, lastAttempt: Date? = nil,
        lastError: String? = nil
    ) {
        self.pull = pull
        self.since = since
        self.lastSync = lastSync
        self.lastAttempt = lastAttempt
        self.lastError = lastError
    }
}

/// How far a pull of items got, written with each page.
public struct PullProgress: Sendable, Equatable {
    public enum Stage: String, Sendable {
        /// The first pull: every unread item.
        case unread
        /// The first pull: every starred item.
        case starred
        /// Later pulls: every item crawled since the last.
        case recent
        /// The pull is done: ``SyncState/since`` moves to ``mark``.
        case done
    }

    public var stage: Stage
    /// The next page of the stage; nil for its first.
    public var continuation: String?
    /// The service's clock when the pull started (seconds), where the next one starts.
    public var mark: Int64?
    /// `ot` of a `recent` stage.
    public var since: Int64?

    public init(stage: Stage, continuation: String? = nil, mark: Int64? = nil, since: Int64? = nil) {
        self.stage = stage
        self.continuation = continuation
        self.mark = mark
        self.since = since
    }
}
