import SQLite
import Testing

@testable import Store

/// The pass that counts a filter's items and keeps the first of them in a list's order.
@Suite("Filters: the counting pass")
struct FilterMatchScanTests {
    /// Against sorting every row: counts, and the first `keep` in the list's order (newest first,
    /// undated last, ties by the last stored first), for no item kept, a page, more than the
    /// pass cuts at once, and every item; and a pass in parts merged.
    @Test func keepsTheFirstItemsInTheListsOrder() throws {
        let queue = try DatabaseQueue()
        var random = SystemRandomNumberGenerator()
        let rows: [(id: Int64, publishedAt: Double?, unread: Bool)] = (1...3_000).map { id in
            let date: Double? =
                Int.random(in: 0..<10, using: &random) == 0
                ? nil : Double(Int.random(in: 0..<400, using: &random))
            return (Int64(id), date, Bool.random(using: &random))
        }
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, publishedAt REAL, unread INTEGER)")
            for row in rows {
                try db.execute(
                    sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: [row.id, row.publishedAt, row.unread])
            }
        }
        let sorted = rows.map { (publishedAt: $0.publishedAt, id: $0.id) }.sorted(
            by: FilterMatchScan.comesFirst)
        try queue.read { db in
            for keep in [0, 1, 20, 300, 2_999, 3_000, .max] {
                let scan = try FilterMatchScan(
                    sql: "SELECT id, publishedAt, unread FROM t ORDER BY random()", arguments: [], keep: keep,
                    in: db)
                #expect(scan.items == 3_000 && scan.unread == rows.filter(\.unread).count)
                #expect(scan.newest.map(\.id) == sorted.prefix(keep).map(\.id), "keep \(keep)")
                let parts = try [0, 1, 2].map { part in
                    try FilterMatchScan(
                        sql: "SELECT id, publishedAt, unread FROM t WHERE id % 3 = ?", arguments: [part],
                        keep: keep,
                        in: db)
                }
                let merged = FilterMatchScan(merging: parts, keep: keep)
                #expect(merged.items == scan.items && merged.unread == scan.unread)
                #expect(merged.newest.map(\.id) == scan.newest.map(\.id), "keep \(keep) in parts")
            }
        }
    }
}
