import SQLite

/// A row of `article` whose columns are found by name through a table made once for all the rows
/// of a result: a `Row` finds a name by comparing it with every column's name at every lookup,
/// which for the twenty-odd columns an article reads adds up over a page of rows.
struct ArticleRow {
    let row: Row
    let columns: [String: Int]

    /// Each column's index by its name, the first of a name.
    static func columns(of rows: [Row]) -> [String: Int] {
        let names = rows.first.map { Array($0.columnNames) } ?? []
        return Dictionary(zip(names, names.indices)) { first, _ in first }
    }

    /// The value of the column `name` (as the schema spells it), nil when NULL or absent.
    subscript<Value: DatabaseValueConvertible>(_ name: String) -> Value? {
        columns[name].flatMap { row[$0] }
    }
}
