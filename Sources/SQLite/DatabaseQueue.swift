import Dispatch

/// One connection, used by one closure at a time: an in-memory database, or a file read or
/// written without the concurrency of a ``DatabasePool``.
public final class DatabaseQueue: DatabaseWriter, @unchecked Sendable {
    private let database: Database
    private let queue: DispatchQueue
    private var closed = false

    /// Opens `path` (created when missing unless the configuration is read-only).
    public init(path: String, configuration: Configuration = Configuration()) throws {
        database = try Database(path: path, configuration: configuration)
        queue = DispatchQueue(label: configuration.label ?? "SQLite.DatabaseQueue")
    }

    /// An empty in-memory database, gone when the queue is.
    public convenience init(configuration: Configuration = Configuration()) throws {
        try self.init(path: ":memory:", configuration: configuration)
    }

    /// Runs `body` on the connection, with no transaction around it.
    public func inDatabase<T>(_ body: (Database) throws -> T) rethrows -> T {
        try queue.sync { try body(database) }
    }

    private func open() throws -> Database {
        guard !closed else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the database is closed")
        }
        return database
    }

    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.sync { try open().readTransaction(body) }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await runAsync(on: queue) { interruption in
            try interruption.run(on: self.open()) { try $0.readTransaction(body) }
        }
    }

    public func unsafeRead<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.sync { try body(open()) }
    }

    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.sync { try open().writeTransaction(body) }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await runAsync(on: queue) { interruption in
            try interruption.run(on: self.open()) { try $0.writeTransaction(body) }
        }
    }

    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.sync { try body(open()) }
    }

    public func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T)
        async throws -> T
    {
        try await runAsync(on: queue) { interruption in try interruption.run(on: self.open(), body) }
    }

    public func barrierWriteWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try writeWithoutTransaction(body)
    }

    public func close() throws {
        try queue.sync {
            guard !closed else { return }
            try database.close()
            closed = true
        }
    }
}
