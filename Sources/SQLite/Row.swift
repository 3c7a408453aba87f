/// One row of a result, copied out of the statement: column names and values.
public struct Row: Sendable, Hashable, CustomStringConvertible {
    public let columnNames: [String]
    public let databaseValues: [DatabaseValue]

    public init(columnNames: [String], values: [DatabaseValue]) {
        self.columnNames = columnNames
        databaseValues = values
    }

    init(_ statement: Statement) {
        columnNames = statement.columnNames
        databaseValues = (0..<CInt(statement.columnCount)).map { statement.value(at: $0) }
    }

    public var count: Int { databaseValues.count }

    /// The value of column `index`; a NULL read as a type that is not optional is a programming
    /// error and stops the program, as an out-of-range index does.
    public subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        Self.convert(databaseValues[index], column: columnNames[index])
    }

    /// The value of the first column named `column` (case-insensitive, like SQL); a missing
    /// column is a programming error.
    public subscript<Value: DatabaseValueConvertible>(_ column: String) -> Value {
        guard let index = index(of: column) else { fatalError("no column \(column) in the row") }
        return self[index]
    }

    /// The row itself: rows are copies already.
    public func copy() -> Row { self }

    public func hasNull(atIndex index: Int) -> Bool { databaseValues[index].isNull }

    public var description: String {
        "[" + zip(columnNames, databaseValues).map { "\($0):\($1)" }.joined(separator: " ") + "]"
    }

    private func index(of column: String) -> Int? {
        columnNames.firstIndex(of: column)
            ?? columnNames.firstIndex { $0.lowercased() == column.lowercased() }
    }

    private static func convert<Value: DatabaseValueConvertible>(_ value: DatabaseValue, column: String)
        -> Value
    {
        guard let converted = Value.fromDatabaseValue(value) else {
            fatalError("column \(column) holds \(value), which is not a \(Value.self)")
        }
        return converted
    }
}

/// Rows read one at a time from a statement, which it resets when done.
public final class RowCursor {
    private let statement: Statement
    private var finished = false

    init(_ statement: Statement, arguments: StatementArguments?) throws {
        self.statement = statement
        if let arguments { try statement.setArguments(arguments) } else { statement.reset() }
    }

    deinit {
        if !finished { statement.reset() }
    }

    /// The next row, or nil after the last.
    public func next() throws -> Row? {
        guard !finished else { return nil }
        do {
            if try statement.step() { return Row(statement) }
        } catch {
            finished = true
            throw error
        }
        finished = true
        statement.reset()
        return nil
    }
}

/// Values of one column, read one at a time from a statement.
public final class ValueCursor<Value: DatabaseValueConvertible> {
    private let rows: RowCursor
    private let statement: Statement

    init(_ statement: Statement, arguments: StatementArguments?) throws {
        self.statement = statement
        rows = try RowCursor(statement, arguments: arguments)
    }

    public func next() throws -> Value? {
        guard try rows.nextStep() else { return nil }
        return Row.value(statement.value(at: 0), as: Value.self)
    }
}

extension RowCursor {
    /// Steps without copying the row: true when one is ready.
    fileprivate func nextStep() throws -> Bool {
        guard !finished else { return false }
        do {
            if try statement.step() { return true }
        } catch {
            finished = true
            throw error
        }
        finished = true
        statement.reset()
        return false
    }
}

extension Row {
    fileprivate static func value<Value: DatabaseValueConvertible>(_ value: DatabaseValue, as: Value.Type)
        -> Value
    {
        convert(value, column: "0")
    }

    // MARK: - Fetching rows

    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    )
        throws -> RowCursor
    {
        try RowCursor(db.makeStatement(sql: sql), arguments: arguments)
    }

    public static func fetchCursor(_ statement: Statement, arguments: StatementArguments? = nil) throws
        -> RowCursor
    {
        try RowCursor(statement, arguments: arguments)
    }

    public static func fetchAll(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    )
        throws -> [Row]
    {
        try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
    }

    public static func fetchAll(_ statement: Statement, arguments: StatementArguments? = nil) throws -> [Row]
    {
        let cursor = try RowCursor(statement, arguments: arguments)
        var rows: [Row] = []
        while let row = try cursor.next() { rows.append(row) }
        return rows
    }

    public static func fetchOne(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    )
        throws -> Row?
    {
        try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
    }

    public static func fetchOne(_ statement: Statement, arguments: StatementArguments? = nil) throws -> Row? {
        try RowCursor(statement, arguments: arguments).next()
    }
}

// MARK: - Fetching values

extension DatabaseValueConvertible {
    /// The first column of every row. A NULL is an error for a type that is not optional.
    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> ValueCursor<Self> {
        try ValueCursor(db.makeStatement(sql: sql), arguments: arguments)
    }

    public static func fetchCursor(_ statement: Statement, arguments: StatementArguments? = nil) throws
        -> ValueCursor<Self>
    {
        try ValueCursor(statement, arguments: arguments)
    }

    public static func fetchAll(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    )
        throws -> [Self]
    {
        try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
    }

    public static func fetchAll(_ statement: Statement, arguments: StatementArguments? = nil) throws -> [Self]
    {
        let cursor = try ValueCursor<Self>(statement, arguments: arguments)
        var values: [Self] = []
        while let value = try cursor.next() { values.append(value) }
        return values
    }

    /// The first column of the first row; nil when there is no row or the value is NULL.
    public static func fetchOne(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    )
        throws -> Self?
    {
        try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
    }

    public static func fetchOne(_ statement: Statement, arguments: StatementArguments? = nil) throws -> Self?
    {
        let rows = try RowCursor(statement, arguments: arguments)
        guard try rows.nextStep() else { return nil }
        defer { statement.reset() }
        return fromDatabaseValue(statement.value(at: 0))
    }
}

extension DatabaseValueConvertible where Self: Hashable {
    public static func fetchSet(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    )
        throws -> Set<Self>
    {
        Set(try fetchAll(db, sql: sql, arguments: arguments))
    }

    public static func fetchSet(_ statement: Statement, arguments: StatementArguments? = nil) throws -> Set<
        Self
    > {
        Set(try fetchAll(statement, arguments: arguments))
    }
}
