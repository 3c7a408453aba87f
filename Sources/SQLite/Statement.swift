import CSQLite

/// A prepared statement of one connection. Used on the connection's thread only.
public final class Statement {
    /// SQLite's statement, for code that binds or steps it directly.
    public let sqliteStatement: OpaquePointer
    public let sql: String
    unowned let database: Database

    init(sql: String, handle: OpaquePointer, database: Database) {
        self.sql = sql
        sqliteStatement = handle
        self.database = database
    }

    deinit {
        sqlite3_finalize(sqliteStatement)
    }

    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(sqliteStatement)) }
    public var columnCount: Int { Int(sqlite3_column_count(sqliteStatement)) }
    public lazy var columnNames: [String] = (0..<CInt(columnCount)).map {
        sqlite3_column_name(sqliteStatement, $0).map { String(cString: $0) } ?? ""
    }
    /// True when the statement writes nothing.
    public var isReadonly: Bool { sqlite3_stmt_readonly(sqliteStatement) != 0 }

    /// Resets the statement and binds `arguments`, which must fill every parameter.
    public func setArguments(_ arguments: StatementArguments) throws {
        guard arguments.values.count == parameterCount else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message:
                    "wrong number of arguments: \(arguments.values.count) for \(parameterCount) parameters",
                sql: sql)
        }
        try setUncheckedArguments(arguments)
    }

    /// Resets the statement, clears its bindings and binds `arguments` to the first parameters.
    public func setUncheckedArguments(_ arguments: StatementArguments) throws {
        reset()
        sqlite3_clear_bindings(sqliteStatement)
        for (offset, value) in arguments.values.enumerated() {
            try bind(value, at: CInt(offset + 1))
        }
    }

    /// Binds `value` to parameter `index` (1-based).
    public func bind(_ value: DatabaseValue, at index: CInt) throws {
        let code: CInt
        switch value {
        case .null: code = sqlite3_bind_null(sqliteStatement, index)
        case .integer(let number): code = sqlite3_bind_int64(sqliteStatement, index, number)
        case .real(let number): code = sqlite3_bind_double(sqliteStatement, index, number)
        case .text(var text):
            // An empty buffer may have no address, which SQLite would bind as NULL.
            code =
                text.isEmpty
                ? sqlite3_bind_text(sqliteStatement, index, "", 0, Statement.transient)
                : text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        sqlite3_bind_text64(
                            sqliteStatement, index, $0.baseAddress, sqlite3_uint64($0.count),
                            Statement.transient,
                            UInt8(SQLITE_UTF8))
                    }
                }
        case .blob(let bytes):
            code =
                bytes.isEmpty
                ? sqlite3_bind_zeroblob(sqliteStatement, index, 0)
                : bytes.withUnsafeBytes {
                    sqlite3_bind_blob64(
                        sqliteStatement, index, $0.baseAddress, sqlite3_uint64($0.count), Statement.transient)
                }
        }
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, connection: database.sqliteConnection, sql: sql)
        }
    }

    /// Makes the statement ready to run again, keeping its bindings.
    public func reset() {
        sqlite3_reset(sqliteStatement)
    }

    /// Runs the statement to its end, with `arguments` bound first when given.
    public func execute(arguments: StatementArguments? = nil) throws {
        if let arguments { try setArguments(arguments) } else { reset() }
        defer { reset() }
        while try step() {}
    }

    /// Steps once: true when a row is ready, false at the end.
    func step() throws -> Bool {
        switch sqlite3_step(sqliteStatement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = DatabaseError(code: code, connection: database.sqliteConnection, sql: sql)
            reset()
            throw error
        }
    }

    /// The value of column `index` of the current row.
    func value(at index: CInt) -> DatabaseValue {
        switch sqlite3_column_type(sqliteStatement, index) {
        case SQLITE_NULL:
            return .null
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(sqliteStatement, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(sqliteStatement, index))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(sqliteStatement, index))
            guard count > 0, let bytes = sqlite3_column_blob(sqliteStatement, index) else { return .blob([]) }
            return .blob([UInt8](UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            let count = Int(sqlite3_column_bytes(sqliteStatement, index))
            guard count > 0, let bytes = sqlite3_column_text(sqliteStatement, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        }
    }

    /// SQLite copies the bytes of a value bound with it, so they need not outlive the call.
    public static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
