import Dispatch

/// A database file in WAL mode with one writing connection and up to
/// ``Configuration/maximumReaderCount`` reading ones: reads run side by side, and never wait for
/// a write, which runs on the one writer, one at a time.
///
/// Reader connections are opened read-only, when a read finds none free, and kept. Another
/// process writing the same file takes turns with this one through SQLite's locks, waiting as
/// long as the configuration's busy mode says.
public final class DatabasePool: DatabaseWriter, @unchecked Sendable {
    public let path: String
    private let configuration: Configuration
    private let writer: Database
    private let writerQueue: DispatchQueue
    private let readerQueue: DispatchQueue
    /// Free reader slots: a read takes one before it takes a connection.
    private let readerSlots: DispatchSemaphore
    private let lock = Lock()
    private var idleReaders: [Database] = []
    private var readersInUse = 0
    private var closed = false

    public init(path: String, configuration: Configuration = Configuration()) throws {
        self.path = path
        self.configuration = configuration
        var writerConfiguration = configuration
        if !configuration.readonly {
            // After the configuration's own preparations, which may set the page size: WAL mode
            // fixes it for good.
            writerConfiguration.prepareDatabase { db in
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode?.lowercased() == "wal" else {
                    throw DatabaseError(
                        resultCode: .SQLITE_ERROR, message: "WAL mode could not be set (\(mode ?? "none"))")
                }
            }
        }
        // A file that is not a database fails here, not at the first read.
        writerConfiguration.prepareDatabase { db in
            _ = try Row.fetchOne(db, sql: "SELECT * FROM sqlite_master LIMIT 1")
        }
        writer = try Database(path: path, configuration: writerConfiguration)
        let label = configuration.label ?? "SQLite.DatabasePool"
        writerQueue = DispatchQueue(label: label + ".writer")
        readerQueue = DispatchQueue(label: label + ".reader", attributes: .concurrent)
        readerSlots = DispatchSemaphore(value: max(1, configuration.maximumReaderCount))
    }

    // MARK: - Reading

    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try withReader { try $0.readTransaction(body) }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await runAsync(on: readerQueue) { interruption in
            try self.withReader { reader in try interruption.run(on: reader) { try $0.readTransaction(body) }
            }
        }
    }

    public func unsafeRead<T>(_ body: (Database) throws -> T) throws -> T {
        try withReader(body)
    }

    private func withReader<T>(_ body: (Database) throws -> T) throws -> T {
        readerSlots.wait()
        defer { readerSlots.signal() }
        let reader = try takeReader()
        defer { giveBack(reader) }
        return try body(reader)
    }

    private func takeReader() throws -> Database {
        let idle = try lock.withLock { () throws -> Database? in
            guard !closed else { throw Self.closedError }
            readersInUse += 1
            return idleReaders.popLast()
        }
        if let idle { return idle }
        do {
            return try Database(path: path, configuration: configuration, readonly: true)
        } catch {
            lock.withLock { readersInUse -= 1 }
            throw error
        }
    }

    private func giveBack(_ reader: Database) {
        lock.withLock {
            readersInUse -= 1
            idleReaders.append(reader)
        }
    }

    // MARK: - Writing

    private func openWriter() throws -> Database {
        try lock.withLock {
            guard !closed else { throw Self.closedError }
            return writer
        }
    }

    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try writerQueue.sync { try openWriter().writeTransaction(body) }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await runAsync(on: writerQueue) { interruption in
            try interruption.run(on: self.openWriter()) { try $0.writeTransaction(body) }
        }
    }

    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try writerQueue.sync { try body(openWriter()) }
    }

    public func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T)
        async throws -> T
    {
        try await runAsync(on: writerQueue) { interruption in
            try interruption.run(on: self.openWriter(), body)
        }
    }

    public func barrierWriteWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try writerQueue.sync {
            let slots = max(1, configuration.maximumReaderCount)
            for _ in 0..<slots { readerSlots.wait() }
            defer { for _ in 0..<slots { readerSlots.signal() } }
            return try body(openWriter())
        }
    }

    // MARK: - Closing

    /// Closes every connection, once no read or write is running; later calls fail with
    /// `SQLITE_MISUSE`. A connection that cannot close (a statement of it still alive) makes it
    /// throw, and the pool stays open.
    public func close() throws {
        try writerQueue.sync {
            let readers = try lock.withLock { () throws -> [Database]? in
                guard !closed else { return nil }
                guard readersInUse == 0 else {
                    throw DatabaseError(resultCode: .SQLITE_BUSY, message: "a read is still running")
                }
                return idleReaders
            }
            guard let readers else { return }
            for reader in readers { try reader.close() }
            try writer.close()
            lock.withLock {
                idleReaders = []
                closed = true
            }
        }
    }

    private static var closedError: DatabaseError {
        DatabaseError(resultCode: .SQLITE_MISUSE, message: "the database is closed")
    }
}
