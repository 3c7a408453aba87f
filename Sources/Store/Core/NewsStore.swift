import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The local article store: every page the app fetched, what the user read and saved, and a
/// full-text index over it all, in one SQLite file.
///
/// A store wraps a `DatabasePool` of our SQLite layer (WAL mode, so reads never wait for a write,
/// with a busy timeout so that two app instances on one file take turns instead of failing). Every
/// method runs on the pool's own queues, never blocking the caller's thread, and each write is one
/// transaction. Open one with ``open(at:clock:)``; tests can use ``inMemory(clock:)``.
public struct NewsStore: Sendable {
    /// The database, replaced when it turns out to be damaged (see ``StoreDatabase``); shared by
    /// every copy of this store.
    let database: StoreDatabase
    let clock: @Sendable () -> Date
    /// The database file; nil for an in-memory store.
    public let path: String?

    init(writer: any DatabaseWriter, clock: @escaping @Sendable () -> Date, path: String?) {
        database = StoreDatabase(writer: writer, path: path, clock: clock)
        self.clock = clock
        self.path = path
    }

    /// The database in use now.
    var writer: any DatabaseWriter { database.writer }

    /// Sentences for the user about the store itself, each delivered once to `handler` (those
    /// from before it was set too): when the file turns out to be damaged while the app runs, it
    /// is moved aside to `news.sqlite.corrupt-<yyyyMMdd-HHmmss>`, a new store replaces it, and
    /// the notice says so in one line, with how many saved articles were copied into the new one.
    /// A later handler replaces an earlier one.
    public func deliverNotices(to handler: @escaping @Sendable (String) -> Void) {
        database.deliverNotices(to: handler)
    }

    /// A store in memory, with the full schema, for tests and previews.
    public static func inMemory(clock: @escaping @Sendable () -> Date = { Date() }) throws(StoreError)
        -> NewsStore
    {
        do {
            let queue = try DatabaseQueue(configuration: StoreOpener.configuration())
            try StoreSchema.migrator.migrate(queue)
            return NewsStore(writer: queue, clock: clock, path: nil)
        } catch {
            throw .unavailable(path: ":memory:", reason: StoreError(error).reasonText)
        }
    }

    /// Folds the write-ahead log into the database file and closes it, once no operation is
    /// running on it. Later calls fail with ``StoreError/failed(reason:)``; an operation must
    /// not be started while this runs.
    public func close() throws(StoreError) {
        guard let writer = database.markClosed() else { return }
        if path != nil {
            // Best effort: another instance reading the file can keep the log from emptying.
            try? writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        do { try writer.close() } catch { throw StoreError(error) }
    }

    // MARK: - Database access

    // StoreDatabase refuses operations once the store is closed, before they reach the pool.

    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        try await database.perform { try await $0.read(body) }
    }

    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        try await database.perform { try await $0.write(body) }
    }
}
