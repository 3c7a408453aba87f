import Dispatch

/// A database that can be read: a ``DatabaseQueue`` or a ``DatabasePool``.
///
/// Each method runs its closure on a connection of the database, never two closures on one
/// connection at once. The synchronous methods block the calling thread; the `async` ones wait
/// without blocking the caller and, when the task is cancelled, interrupt the statement running
/// and throw `CancellationError`.
public protocol DatabaseReader: AnyObject, Sendable {
    /// Runs `body` in a read transaction: it sees one state of the database throughout.
    func read<T>(_ body: (Database) throws -> T) throws -> T
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T
    /// Runs `body` with no transaction around it.
    func unsafeRead<T>(_ body: (Database) throws -> T) throws -> T
    /// Closes the connections; fails, leaving them open, while a statement of one is still alive.
    func close() throws
}

/// A database that can be written.
public protocol DatabaseWriter: DatabaseReader {
    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`), committed when it returns.
    func write<T>(_ body: (Database) throws -> T) throws -> T
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T
    /// Runs `body` on the writing connection with no transaction around it.
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T
    func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws
        -> T
    /// Like ``writeWithoutTransaction(_:)-5gsm4``, once no read is running, and no read starts until it ends.
    func barrierWriteWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T
}

extension Database {
    /// Runs `body` in a deferred transaction that is always rolled back: it only reads.
    func readTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        var result: T?
        try inTransaction(.deferred) {
            result = try body(self)
            return .rollback
        }
        return result!
    }

    func writeTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        var result: T?
        try inTransaction(.immediate) {
            result = try body(self)
            return .commit
        }
        return result!
    }
}

/// Runs `body` on `queue` for an async caller; a cancelled task interrupts the connection that
/// `body` was given and ends in `CancellationError`.
func runAsync<T: Sendable>(
    on queue: DispatchQueue, _ body: @escaping @Sendable (Interruption) throws -> T
) async throws -> T {
    let interruption = Interruption()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try body(interruption) })
            }
        }
    } onCancel: {
        interruption.cancel()
    }
}

/// The connection an async access is using, so that cancelling the task can interrupt it.
final class Interruption: @unchecked Sendable {
    private let lock = Lock()
    private var database: Database?
    private var cancelled = false

    /// Runs `body` on `db`, interruptible; a cancellation before or during it throws
    /// `CancellationError`.
    func run<T>(on db: Database, _ body: (Database) throws -> T) throws -> T {
        try lock.withLock {
            if cancelled { throw CancellationError() }
            database = db
        }
        defer { lock.withLock { database = nil } }
        do {
            return try body(db)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            if lock.withLock({ cancelled }) { throw CancellationError() }
            throw error
        }
    }

    func cancel() {
        lock.withLock {
            cancelled = true
            database?.interrupt()
        }
    }
}
