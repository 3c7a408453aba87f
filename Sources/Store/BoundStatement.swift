import GRDB
internal import GRDBSQLite

/// A prepared statement run with values bound one by one, in the order of its `?` parameters.
///
/// GRDB's `StatementArguments` turns every row's values into an array of existentials and then an
/// array of `DatabaseValue`s before binding them; writing 100,000 feed items that way took a tenth
/// of the write. This binds each value with GRDB's public `StatementBinding`, straight into the
/// SQLite statement: `setUncheckedArguments` with no values resets it and clears its bindings
/// (and marks them set, so `execute()` keeps them), then each ``bind(_:)`` fills the next
/// parameter. A parameter left unbound is NULL, which the tests of every statement would show.
///
/// Text is bound from the string's own UTF-8 with its length: GRDB binds a `String` as a C
/// string, which copies it into a new array and then has SQLite measure it.
struct BoundStatement {
    private let statement: Statement
    private var index: CInt = 0

    init(_ statement: Statement) {
        statement.setUncheckedArguments(StatementArguments())
        self.statement = statement
    }

    /// Binds `value` to the next parameter.
    mutating func bind(_ value: some StatementBinding) throws {
        index += 1
        try check(value.bind(to: statement.sqliteStatement, at: index))
    }

    /// Binds `text` to the next parameter, NULL when nil.
    mutating func bind(_ text: String?) throws {
        // An empty buffer may have no address, which SQLite would bind as NULL.
        guard let text, !text.isEmpty else { return try bind(text?.databaseValue ?? .null) }
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

    /// Binds `text` to the next parameter (a plain `String` would otherwise go to GRDB's binding).
    mutating func bind(_ text: String) throws {
        try bind(Optional(text))
    }

    func execute() throws {
        try statement.execute()
    }

    /// SQLite copies the bytes (`SQLITE_TRANSIENT`), so they need not outlive the call.
    private static func bindText(
        _ bytes: UnsafeBufferPointer<UInt8>, to statement: SQLiteStatement, at index: CInt
    ) -> CInt {
        bytes.withMemoryRebound(to: CChar.self) { text in
            sqlite3_bind_text64(
                statement, index, text.baseAddress, sqlite3_uint64(text.count), transient, UInt8(SQLITE_UTF8))
        }
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func check(_ code: CInt) throws {
        guard code == ResultCode.SQLITE_OK.rawValue else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: "parameter \(index) could not be bound")
        }
    }
}
