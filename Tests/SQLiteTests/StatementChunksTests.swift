import CSQLite
import Foundation
import SQLite
import Testing

/// ``Swift/Array/statementChunks``: the one bound on the values a statement of the store binds.
@Suite("SQLite: lists bound in chunks")
struct StatementChunksTests {
    @Test("a list is cut in order into chunks of at most the bound", arguments: [0, 1, 499, 500, 501, 1_234])
    func chunks(count: Int) {
        let list = Array(0..<count)
        let chunks = list.statementChunks
        #expect(chunks.flatMap { $0 } == list)
        #expect(chunks.allSatisfy { !$0.isEmpty && $0.count <= statementChunkSize })
        #expect(chunks.count == (count + statementChunkSize - 1) / statementChunkSize)
    }

    @Test("the bound is below the connection's limit, and every chunk of a long list binds")
    func binds() throws {
        let queue = try DatabaseQueue()
        let limit = try queue.read { db in
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1)
        }
        #expect(statementChunkSize < Int(limit))
        let ids = Array(0..<(Int(limit) + 1))
        let found = try queue.read { db in
            var found = 0
            for chunk in ids.statementChunks {
                let rows = Array(repeating: "(?)", count: chunk.count).joined(separator: ", ")
                let sql = "SELECT count(*) FROM (VALUES \(rows))"
                found +=
                    try Int.fetchOne(db, sql: sql, arguments: StatementArguments(chunk)) ?? 0
            }
            return found
        }
        #expect(found == ids.count)
    }
}
