import NewsModels
import Store
import Sync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The sync's storage, in the article store: the service's feeds and items are feeds and items
/// like any other (one search, one front page, one set of read and saved marks), and the queue of
/// mark changes is written with the marks themselves.
public struct StoreSyncStorage: SyncStorage {
    public let store: NewsStore
    /// The killfile over the feeds as stored, which hides the new items it names; nil for none.
    /// It is read again once the service's feeds are stored, so that a rule can name a feed the
    /// service has just added.
    private let killfile: (@Sendable () async -> NewsStore.Hiding?)?
    /// The killfile as last read (nil inside when it could not be read), nil before the first read.
    private let hiding = Locked<NewsStore.Hiding??>(nil)

    public init(store: NewsStore, killfile: (@Sendable () async -> NewsStore.Hiding?)? = nil) {
        self.store = store
        self.killfile = killfile
    }

    /// The keys of the sync's values in the store.
    public enum Key {
        public static let stage = "pull.stage"
        public static let continuation = "pull.continuation"
        public static let mark = "pull.mark"
        public static let pullSince = "pull.since"
        public static let since = "since"
        public static let lastSync = "lastSync"
        public static let lastAttempt = "lastAttempt"
        public static let lastError = "lastError"
    }

    public func state() async throws -> SyncState {
        let values = try await run { try await store.syncValues() }
        var state = SyncState(
            since: values[Key.since].flatMap { Int64($0) },
            lastSync: values[Key.lastSync].flatMap(Self.date),
            lastAttempt: values[Key.lastAttempt].flatMap(Self.date), lastError: values[Key.lastError])
        if let stage = values[Key.stage].flatMap(PullProgress.Stage.init(rawValue:)) {
            state.pull = PullProgress(
                stage: stage, continuation: values[Key.continuation],
                mark: values[Key.mark].flatMap { Int64($0) },
                since: values[Key.pullSince].flatMap { Int64($0) })
        }
        return state
    }

    public func applySubscriptions(_ feeds: [ServiceFeed]) async throws -> (
        added: Int, removed: Int, keptSaved: Int
    ) {
        let changed = try await run { try await store.applySyncFeeds(feeds) }
        _ = await readKillfile()
        return changed
    }

    public func write(_ items: [ServiceItem], progress: PullProgress?) async throws -> (
        new: Int, updated: Int, marks: Int
    ) {
        var rules: NewsStore.Hiding?
        if let cached = hiding.withLock({ $0 }) {
            rules = cached
        } else {
            rules = await readKillfile()
        }
        return try await run { [rules] in
            try await store.writeSyncItems(items, state: progress.map(Self.values) ?? [:], hiding: rules)
        }
    }

    /// Reads the killfile over the feeds as stored now, and keeps it for the pages to come.
    private func readKillfile() async -> NewsStore.Hiding? {
        guard let killfile else { return nil }
        let rules = await killfile()
        hiding.withLock { $0 = .some(rules) }
        return rules
    }

    public func missing(among ids: [ItemID]) async throws -> [ItemID] {
        try await run { try await store.missingSyncItems(among: ids.map(\.value)) }.map(ItemID.init)
    }

    public func applyMarks(unread: MarkList, starred: MarkList) async throws -> Int {
        try await run {
            try await store.applySyncMarks(
                unread: unread.ids.map(\.value), unreadComplete: unread.isComplete,
                starred: starred.ids.map(\.value), starredComplete: starred.isComplete)
        }
    }

    public func savedItems(notAmong starred: Set<ItemID>) async throws -> [ItemID] {
        let ids = Set(starred.map(\.value))
        return try await run { try await store.savedSyncItems(notAmong: ids) }.map(ItemID.init)
    }

    public func keepSaved(_ ids: [ItemID]) async throws -> Int {
        try await run { try await store.keepSavedSyncItems(ids.map(\.value)) }
    }

    public func markCounts() async throws -> MarkCounts? {
        try await run { try await store.syncMarkCounts() }
    }

    public func pendingChanges() async throws -> [MarkChange] {
        try await run { try await store.pendingSyncChanges() }
    }

    public func markSent(_ changes: [MarkChange]) async throws {
        try await run { try await store.markSyncChangesSent(changes) }
    }

    public func acknowledge(_ changes: [MarkChange]) async throws {
        try await run { try await store.acknowledgeSyncChanges(changes) }
    }

    public func release(_ changes: [MarkChange]) async throws {
        try await run { try await store.releaseSyncChanges(changes) }
    }

    public func finish(at date: Date, error: String?) async throws {
        var values: [String: String?] = [Key.lastAttempt: Self.text(date), Key.lastError: error]
        if error == nil { values[Key.lastSync] = Self.text(date) }
        try await run { try await store.setSyncValues(values) }
    }

    // MARK: - Support

    /// The values that record `progress`: a pull under way, or one done (its mark becomes where
    /// the next starts).
    static func values(_ progress: PullProgress) -> [String: String?] {
        guard progress.stage != .done else {
            var values: [String: String?] = [
                Key.stage: nil, Key.continuation: nil, Key.mark: nil, Key.pullSince: nil,
            ]
            if let mark = progress.mark { values[Key.since] = String(mark) }
            return values
        }
        return [
            Key.stage: progress.stage.rawValue, Key.continuation: progress.continuation,
            Key.mark: progress.mark.map(String.init), Key.pullSince: progress.since.map(String.init),
        ]
    }

    static func text(_ date: Date) -> String { String(date.timeIntervalSince1970) }

    public static func date(_ text: String) -> Date? { Double(text).map(Date.init(timeIntervalSince1970:)) }

    /// Runs `body`, its store errors made the sync's.
    private func run<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as StoreError {
            throw SyncStorageError(reason: Self.reason(error))
        }
    }

    private static func reason(_ error: StoreError) -> String {
        if case .failed(let reason) = error { return reason }
        return error.sentence
    }
}
