import Foundation
import SQLite
import Testing

@Suite("SQLite: the WAL pool")
struct PoolTests {
    @Test("A pool's file is in WAL mode, and a read never waits for a write in progress")
    func readsBesideWrites() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.file("db.sqlite"))
        try pool.write { try $0.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
        #expect(try pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        let seenDuringWrite = try pool.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            // Another connection, while this transaction is open: it sees the last commit.
            return try pool.read { try Int.fetchAll($0, sql: "SELECT x FROM t ORDER BY x") }
        }
        #expect(seenDuringWrite == [1])
        #expect(try pool.read { try Int.fetchAll($0, sql: "SELECT x FROM t ORDER BY x") } == [1, 2])
        try pool.close()
    }

    @Test("Readers are read-only and run side by side")
    func concurrentReads() async throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.file("db.sqlite"))
        try await pool.write { db in
            try db.execute(sql: "CREATE TABLE t (x)")
            for value in 0..<100 { try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value]) }
        }
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await pool.read { try Int.fetchOne($0, sql: "SELECT sum(x) FROM t") ?? 0 }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 4950, count: 20))
        await #expect(throws: DatabaseError.self) {
            try await pool.read { try $0.execute(sql: "INSERT INTO t VALUES (0)") }
        }
        try pool.close()
        await #expect(throws: DatabaseError.self) { try await pool.read { _ in 0 } }
    }

    @Test("The configuration's preparations run on every connection, the writer's before WAL mode")
    func preparations() throws {
        let directory = try TemporaryDirectory()
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA page_size = 16384")
            try db.execute(sql: "PRAGMA cache_size = -1234")
        }
        let pool = try DatabasePool(path: directory.file("db.sqlite"), configuration: configuration)
        try pool.write { try $0.execute(sql: "CREATE TABLE t (x)") }
        #expect(try pool.read { try Int.fetchOne($0, sql: "PRAGMA page_size") } == 16384)
        #expect(try pool.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -1234)
        #expect(try pool.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
        try pool.close()
    }
}
