internal import CSQLite
import SQLite

/// One pass over the items a filter chooses: how many there are, how many of them are unread,
/// and the ids of the first `keep` in a list's order (newest first, undated last, then the last
/// stored first), for a query feed's count and page at once.
///
/// The statement selects each chosen item's `id`, `publishedAt` and `readAt IS NULL`, in any
/// order (the index of each feed's items gives them feed by feed). Its rows are stepped through
/// SQLite's own calls: copying 95,000 items into `Row`s would take longer than the pass that
/// chose them. The newest ids gather in an array that is sorted and cut to `keep`
/// each time it has grown by as many again (or by 256), so most items, older than the last kept
/// at the last cut, cost one comparison, and a pass that keeps every item sorts once.
///
/// Passes over parts of the items on several connections at once are merged into one
/// (``init(merging:keep:)``): counts add up, and the first `keep` of all the parts' first `keep`
/// are the first `keep` of the whole.
struct FilterMatchScan: Sendable {
    private(set) var items = 0
    private(set) var unread = 0
    /// The first `keep` chosen items in the list's order.
    private(set) var newest: [(publishedAt: Double?, id: Int64)] = []

    var counts: (items: Int, unread: Int) { (items, unread) }

    /// The pass over every item `condition` chooses.
    init(_ condition: NewsStore.Condition, keep: Int, in db: Database) throws {
        try self.init(
            sql: "SELECT a.id, a.publishedAt, a.readAt IS NULL \(condition.pass)",
            arguments: condition.arguments, keep: keep, in: db)
    }

    /// The passes over parts of the items, as one pass over them all.
    init(merging parts: [FilterMatchScan], keep: Int) {
        items = parts.reduce(0) { $0 + $1.items }
        unread = parts.reduce(0) { $0 + $1.unread }
        newest = Array(parts.flatMap(\.newest).sorted(by: Self.comesFirst).prefix(keep))
    }

    init(sql: String, arguments: StatementArguments, keep: Int, in db: Database) throws {
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        // Candidates gather unsorted; each time `batch` more than `keep` have gathered, they are
        // sorted and cut to `keep`, and the last kept becomes the bar an item must pass.
        let batch = max(keep, 256)
        var kept: [(publishedAt: Double?, id: Int64)] = []
        var bar: (publishedAt: Double?, id: Int64)?
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: sqlite3_errmsg(db.sqliteConnection).map { String(cString: $0) }, sql: sql)
            }
            items += 1
            if sqlite3_column_int64(handle, 2) != 0 { unread += 1 }
            guard keep > 0 else { continue }
            let item = (
                publishedAt: sqlite3_column_type(handle, 1) == SQLITE_NULL
                    ? nil : Optional(sqlite3_column_double(handle, 1)),
                id: sqlite3_column_int64(handle, 0)
            )
            if let bar, !Self.comesFirst(item, bar) { continue }
            kept.append(item)
            if kept.count - batch >= keep {
                kept.sort(by: Self.comesFirst)
                kept.removeLast(kept.count - keep)
                bar = kept.last
            }
        }
        kept.sort(by: Self.comesFirst)
        if kept.count > keep { kept.removeLast(kept.count - keep) }
        newest = kept
    }

    /// True when `a` comes before `b` in a list: `ORDER BY publishedAt DESC, id DESC`, in which
    /// SQLite puts an undated item last.
    static func comesFirst(_ a: (publishedAt: Double?, id: Int64), _ b: (publishedAt: Double?, id: Int64))
        -> Bool
    {
        switch (a.publishedAt, b.publishedAt) {
        case (let x?, let y?) where x != y: x > y
        case (.some, nil): true
        case (nil, .some): false
        default: a.id > b.id
        }
    }
}
