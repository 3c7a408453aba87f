import CSQLite

/// One SQLite connection. A connection is used by one thread at a time: ``DatabaseQueue`` and
/// ``DatabasePool`` hand it to the closures they run, which must not keep it.
public final class Database {
    /// SQLite's connection, for code that calls the C API (functions, tokenizers); nil once closed.
    public private(set) var sqliteConnection: OpaquePointer?
    public let path: String
    public let configuration: Configuration
    /// Prepared statements by their SQL, kept for the connection's life.
    private var statementCache: [String: Statement] = [:]

    /// Opens the connection; `readonly` overrides the configuration's flag (a pool's readers).
    init(path: String, configuration: Configuration, readonly: Bool? = nil) throws {
        self.path = path
        self.configuration = configuration
        var handle: OpaquePointer?
        let readonly = readonly ?? configuration.readonly
        let flags =
            (readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError(code: code, connection: handle)
            sqlite3_close(handle)
            throw error
        }
        sqliteConnection = handle
        sqlite3_extended_result_codes(handle, 1)
        switch configuration.busyMode {
        case .immediateError: break
        case .timeout(let seconds): sqlite3_busy_timeout(handle, CInt(max(0, min(seconds * 1000, 1e9))))
        }
        do {
            try execute(sql: "PRAGMA foreign_keys = \(configuration.foreignKeysEnabled ? "ON" : "OFF")")
            for prepare in configuration.preparations { try prepare(self) }
        } catch {
            statementCache = [:]
            sqlite3_close_v2(handle)
            sqliteConnection = nil
            throw error
        }
    }

    deinit {
        statementCache = [:]
        if let sqliteConnection { sqlite3_close_v2(sqliteConnection) }
    }

    /// Closes the connection; fails with `SQLITE_BUSY` while a statement of it is still alive.
    func close() throws {
        guard let connection = sqliteConnection else { return }
        statementCache = [:]
        let code = sqlite3_close(connection)
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: connection) }
        sqliteConnection = nil
    }

    private func connection() throws -> OpaquePointer {
        guard let sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed")
        }
        return sqliteConnection
    }

    // MARK: - Statements

    /// Prepares one statement; SQL after the first statement is an error.
    public func makeStatement(sql: String) throws -> Statement {
        var rest = ""
        guard let statement = try prepare(sql, rest: &rest) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "no statement in the SQL", sql: sql)
        }
        guard rest.allSatisfy(\.isWhitespace) else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE, message: "more than one statement in the SQL", sql: sql)
        }
        return statement
    }

    /// The statement for `sql`, prepared once per connection and reset before it is returned.
    public func cachedStatement(sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            statement.reset()
            return statement
        }
        let statement = try makeStatement(sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Prepares the first statement of `sql` (nil when it holds only whitespace or comments) and
    /// puts the text after it in `rest`.
    private func prepare(_ sql: String, rest: inout String) throws -> Statement? {
        let connection = try connection()
        var handle: OpaquePointer?
        var consumed = 0
        let code = sql.utf8CString.withUnsafeBufferPointer { buffer -> CInt in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(connection, buffer.baseAddress, CInt(buffer.count), &handle, &tail)
            if let tail, let base = buffer.baseAddress { consumed = tail - base }
            return code
        }
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: connection, sql: sql) }
        let bytes = Array(sql.utf8)
        rest = consumed < bytes.count ? String(decoding: bytes[consumed...], as: UTF8.self) : ""
        guard let handle else { return nil }
        let text = String(decoding: bytes[..<min(consumed, bytes.count)], as: UTF8.self)
        return Statement(sql: text.trimmingWhitespace(), handle: handle, database: self)
    }

    /// Runs every statement of `sql`, binding `arguments` to their parameters in order.
    public func execute(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        var remaining = sql
        var values = arguments.values[...]
        while true {
            var rest = ""
            guard let statement = try prepare(remaining, rest: &rest) else { break }
            let count = statement.parameterCount
            guard values.count >= count else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "not enough arguments for the statement's parameters",
                    sql: statement.sql)
            }
            try statement.setUncheckedArguments(StatementArguments(values.prefix(count)))
            values = values.dropFirst(count)
            try statement.execute()
            remaining = rest
        }
        guard values.isEmpty else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE, message: "more arguments than parameters", sql: sql)
        }
    }

    // MARK: - State

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changesCount: Int { sqliteConnection.map { Int(sqlite3_changes($0)) } ?? 0 }
    /// Rows changed since the connection opened.
    public var totalChangesCount: Int { sqliteConnection.map { Int(sqlite3_total_changes($0)) } ?? 0 }
    /// The rowid of the last row inserted.
    public var lastInsertedRowID: Int64 { sqliteConnection.map { sqlite3_last_insert_rowid($0) } ?? 0 }
    /// True inside a transaction.
    public var isInsideTransaction: Bool { sqliteConnection.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// Stops the statement running on this connection, which fails with `SQLITE_INTERRUPT`; safe
    /// from any thread while the connection is open.
    public func interrupt() {
        if let sqliteConnection { sqlite3_interrupt(sqliteConnection) }
    }

    // MARK: - Transactions

    public enum TransactionKind: String, Sendable {
        case deferred = "DEFERRED"
        case immediate = "IMMEDIATE"
        case exclusive = "EXCLUSIVE"
    }

    public enum TransactionCompletion: Sendable {
        case commit
        case rollback
    }

    /// Runs `body` in a transaction, committed when it returns `.commit` and rolled back when it
    /// returns `.rollback` or throws.
    public func inTransaction(
        _ kind: TransactionKind = .deferred, _ body: () throws -> TransactionCompletion
    ) throws {
        try execute(sql: "BEGIN \(kind.rawValue) TRANSACTION")
        let completion: TransactionCompletion
        do {
            completion = try body()
        } catch {
            rollbackIfNeeded()
            throw error
        }
        switch completion {
        case .commit:
            do { try execute(sql: "COMMIT TRANSACTION") } catch {
                rollbackIfNeeded()
                throw error
            }
        case .rollback:
            rollbackIfNeeded()
        }
    }

    /// Rolls back the open transaction, if any (SQLite may have rolled it back itself).
    private func rollbackIfNeeded() {
        if isInsideTransaction { try? execute(sql: "ROLLBACK TRANSACTION") }
    }

    // MARK: - Schema

    public func tableExists(_ table: String, in schema: String = "main") throws -> Bool {
        try Bool.fetchOne(
            self,
            sql: "SELECT EXISTS (SELECT 1 FROM \(schema).sqlite_master WHERE type = 'table' AND name = ?)",
            arguments: [table]) ?? false
    }

    /// A column of a table, as `PRAGMA table_info` gives it.
    public struct ColumnInfo: Sendable, Equatable {
        public var name: String
        public var type: String
        public var isNotNull: Bool
        public var primaryKeyIndex: Int
    }

    public func columns(in table: String) throws -> [ColumnInfo] {
        let quoted = "\"" + table.replacing("\"", with: "\"\"") + "\""
        let rows = try Row.fetchAll(self, sql: "PRAGMA table_info(\(quoted))")
        guard !rows.isEmpty else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: \(table)")
        }
        return rows.map { row in
            ColumnInfo(
                name: row["name"], type: row["type"], isNotNull: row["notnull"], primaryKeyIndex: row["pk"])
        }
    }

    /// Fails with `SQLITE_CONSTRAINT` when a row breaks a foreign key.
    public func checkForeignKeys() throws {
        if let row = try Row.fetchOne(self, sql: "PRAGMA foreign_key_check") {
            throw DatabaseError(
                resultCode: .SQLITE_CONSTRAINT,
                message:
                    "FOREIGN KEY constraint violation in \(row[0] as String) row \(row[1] as Int64? ?? 0)")
        }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let characters = drop { $0.isWhitespace }
        return String(characters.reversed().drop { $0.isWhitespace }.reversed())
    }
}
