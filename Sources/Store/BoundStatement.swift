import GRDB

/// A prepared statement run with values bound one by one, in the order of its `?` parameters.
///
/// GRDB's `StatementArguments` turns every row's values into an array of existentials and then an
/// array of `DatabaseValue`s before binding them; writing 100,000 feed items that way took a tenth
/// of the write. This binds each value with GRDB's public `StatementBinding`, straight into the
/// SQLite statement: `setUncheckedArguments` with no values resets it and clears its bindings
/// (and marks them set, so `execute()` keeps them), then each ``bind(_:)`` fills the next
/// parameter. A parameter left unbound is NULL, which the tests of every statement would show.
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
        let code = value.bind(to: statement.sqliteStatement, at: index)
        guard code == ResultCode.SQLITE_OK.rawValue else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: "parameter \(index) could not be bound")
        }
    }

    func execute() throws {
        try statement.execute()
    }
}
