import CSQLite
import Foundation
import SQLite
import Testing

@Suite("SQLite: connections, statements and rows")
struct DatabaseTests {
    @Test("Every kind of value goes in and comes back as it was")
    func valuesRoundTrip() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
            try db.execute(
                sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                arguments: [Int64.max, 0.25, "café 🚀\u{0}end", Data([0, 1, 255]), String?.none])
            try db.execute(
                sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?)", arguments: [0, -1.5, "", Data(), true])
        }
        let rows = try queue.read { try Row.fetchAll($0, sql: "SELECT * FROM t ORDER BY rowid") }
        #expect(rows.count == 2)
        #expect(rows[0]["i"] as Int64 == .max)
        #expect(rows[0]["r"] as Double == 0.25)
        #expect(rows[0]["s"] as String == "café 🚀\u{0}end")
        #expect(rows[0]["b"] as Data == Data([0, 1, 255]))
        #expect(rows[0]["n"] as String? == nil)
        #expect(rows[1][2] as String == "")
        #expect(rows[1]["n"] as Bool == true)
        #expect(rows[1]["S"] as String? == "", "column names are matched as SQL matches them")
    }

    @Test("Values are read with SQLite's conversions")
    func conversions() throws {
        let queue = try DatabaseQueue()
        let row = try queue.read { try Row.fetchOne($0, sql: "SELECT 42, 2.9, '17', NULL") }
        #expect(row?[0] as String? == "42")
        #expect(row?[1] as Int? == 2)
        #expect(row?[2] as Int? == 17)
        #expect(row?[3] as Int? == nil)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT NULL") } == nil)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT 1 WHERE 0") } == nil)
    }

    @Test("A script runs every statement, its arguments taken in order")
    func scripts() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE t (x);
                    INSERT INTO t VALUES (?);  -- a comment
                    INSERT INTO t VALUES (?), (?);
                    """, arguments: [1, 2, 3])
        }
        #expect(try queue.read { try Int.fetchAll($0, sql: "SELECT x FROM t ORDER BY x") } == [1, 2, 3])
        #expect(throws: DatabaseError.self) {
            try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (?)", arguments: [1, 2]) }
        }
        #expect(throws: DatabaseError.self) {
            try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (?)") }
        }
        #expect(throws: DatabaseError.self) {
            try queue.read { _ = try $0.makeStatement(sql: "SELECT 1; SELECT 2") }
        }
    }

    @Test("A cached statement is prepared once per connection and reset before each use")
    func cachedStatements() throws {
        let queue = try DatabaseQueue()
        try queue.inDatabase { db throws in
            try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3)")
            let first = try db.cachedStatement(sql: "SELECT x FROM t WHERE x >= ? ORDER BY x")
            let cursor = try Int.fetchCursor(first, arguments: [1])
            #expect(try cursor.next() == 1)
            // Abandoned half way: the next use starts over.
            let again = try db.cachedStatement(sql: "SELECT x FROM t WHERE x >= ? ORDER BY x")
            #expect(again === first)
            #expect(try Int.fetchAll(again, arguments: [2]) == [2, 3])
            #expect(try Int.fetchAll(again, arguments: [1]) == [1, 2, 3])
        }
    }

    @Test("Errors carry SQLite's codes, message and statement")
    func errors() throws {
        let queue = try DatabaseQueue()
        try queue.write { try $0.execute(sql: "CREATE TABLE t (x UNIQUE)") }
        try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        do {
            try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
            Issue.record("a duplicate was inserted")
        } catch let error as DatabaseError {
            #expect(error.resultCode == .SQLITE_CONSTRAINT)
            #expect(error.extendedResultCode.rawValue == 2067)  // SQLITE_CONSTRAINT_UNIQUE
            #expect(error.message?.contains("UNIQUE") == true)
            #expect(error.sql == "INSERT INTO t VALUES (1)")
        }
    }

    @Test("A transaction that throws is rolled back; changes and row ids are reported")
    func transactions() throws {
        struct Stop: Error {}
        let queue = try DatabaseQueue()
        try queue.write { try $0.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, x)") }
        #expect(throws: Stop.self) {
            try queue.write { db in
                try db.execute(sql: "INSERT INTO t (x) VALUES (1)")
                throw Stop()
            }
        }
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 0)
        let (id, changes, inside) = try queue.write { db in
            try db.execute(sql: "INSERT INTO t (x) VALUES (1), (2)")
            return (db.lastInsertedRowID, db.changesCount, db.isInsideTransaction)
        }
        #expect(id == 2 && changes == 2 && inside)
        #expect(queue.inDatabase { $0.isInsideTransaction } == false)
    }

    @Test("Schema: tables and their columns")
    func schema() throws {
        let queue = try DatabaseQueue()
        try queue.write { try $0.execute(sql: "CREATE TABLE \"odd name\" (a INTEGER NOT NULL, b TEXT)") }
        try queue.read { db throws in
            #expect(try db.tableExists("odd name"))
            #expect(try !db.tableExists("other"))
            #expect(try db.columns(in: "odd name").map(\.name) == ["a", "b"])
            #expect(throws: DatabaseError.self) { try db.columns(in: "other") }
        }
    }

    @Test("A closed queue refuses work; a live statement keeps it from closing")
    func closing() throws {
        let queue = try DatabaseQueue()
        var statement: Statement? = try queue.inDatabase { try $0.makeStatement(sql: "SELECT 1") }
        #expect(throws: DatabaseError.self) { try queue.close() }
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT 2") } == 2)
        statement = nil
        try queue.close()
        #expect(statement == nil)
        #expect(throws: DatabaseError.self) { try queue.read { _ in 1 } }
        try queue.close()
    }

    @Test("The FTS5 API is reachable and finds SQLite's tokenizers")
    func fts5() throws {
        let queue = try DatabaseQueue()
        let found = queue.inDatabase { db -> Bool in
            guard let api = FTS5.api(db) else { return false }
            var context: UnsafeMutableRawPointer?
            var tokenizer = fts5_tokenizer()
            return api.pointee.xFindTokenizer?(api, "porter", &context, &tokenizer) == SQLITE_OK
        }
        #expect(found)
    }
}
