internal import CSQLite
import SQLite

/// A prepared statement run with values bound one by one, in the order of its `?` parameters.
///
/// Building a ``StatementArguments`` array of values for every row is a measurable part of a
/// large feed write (see BENCHMARKS.md, “Measurements behind the code”); this binds each value
/// straight into the SQLite statement: the
/// initialiser resets it and clears its bindings, then each ``bind(_:)`` fills the next parameter.
/// A parameter left unbound is NULL, which the tests of every statement would show.
///
/// Text is bound from the string's own UTF-8 with its length, with no copy of its own.
struct BoundStatement {
    private let statement: Statement
    private var index: CInt = 0

    init(_ statement: Statement) {
        statement.reset()
        sqlite3_clear_bindings(statement.sqliteStatement)
        self.statement = statement
    }

    /// Binds `value` to the next parameter.
    mutating func bind(_ value: some DatabaseValueConvertible) throws {
        index += 1
        try statement.bind(value.databaseValue, at: index)
    }

    /// Binds `text` to the next parameter, NULL when nil.
    mutating func bind(_ text: String?) throws {
        // An empty buffer may have no address, which SQLite would bind as NULL.
        guard let text, !text.isEmpty else { return try bind(text.databaseValue) }
        index += 1
        let sqliteStatement = statement.sqliteStatement
        let index = index
        let code =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                Self.bindText(bytes, to: sqliteStatement, at: index)
            }
            ?? Array(text.utf8).withUnsafeBufferPointer { Self.bindText($0, to: sqliteStatement, at: index) }
        try check(code)
    }

    /// Binds `text` to the next parameter (a plain `String` would otherwise take the generic path).
    mutating func bind(_ text: String) throws {
        try bind(Optional(text))
    }

    /// Runs the statement with the values bound (a reset keeps bindings).
    func execute() throws {
        try statement.execute()
    }

    private static func bindText(
        _ bytes: UnsafeBufferPointer<UInt8>, to statement: OpaquePointer, at index: CInt
    )
        -> CInt
    {
        bytes.withMemoryRebound(to: CChar.self) { text in
            sqlite3_bind_text64(
                statement, index, text.baseAddress, sqlite3_uint64(text.count), Statement.transient,
                UInt8(SQLITE_UTF8))
        }
    }

    private func check(_ code: CInt) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: "parameter \(index) could not be bound")
        }
    }
}
