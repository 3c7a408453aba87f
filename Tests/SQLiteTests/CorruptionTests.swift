import Foundation
import SQLite
import Testing

@Suite("SQLite: damaged files")
struct CorruptionTests {
    @Test("A file that is not a database is refused at open with SQLITE_NOTADB")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("db.sqlite")
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        do {
            _ = try DatabasePool(path: path)
            Issue.record("a text file opened as a database")
        } catch let error as DatabaseError {
            #expect(error.resultCode == .SQLITE_NOTADB)
        }
    }

    @Test("Damaged pages fail the statements that read them with SQLITE_CORRUPT")
    func damagedPages() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("db.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (x TEXT)")
            for index in 0..<200 {
                try db.execute(
                    sql: "INSERT INTO t VALUES (?)", arguments: [String(repeating: "\(index)", count: 100)])
            }
        }
        try queue.close()
        // Page 2 onwards hold the table; page 1 (the header and schema) stays intact.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 4096)
        handle.write(Data(repeating: 0xFF, count: 4096 * 4))
        try handle.close()

        let damaged = try DatabaseQueue(path: path)
        do {
            _ = try damaged.read { try String.fetchAll($0, sql: "SELECT x FROM t") }
            Issue.record("damaged pages were read")
        } catch let error as DatabaseError {
            #expect(error.resultCode == .SQLITE_CORRUPT)
        }
        // SQLite's own check agrees: it reports the damage, or fails on it.
        let check = try? damaged.read { try String.fetchAll($0, sql: "PRAGMA quick_check") }
        #expect(check != ["ok"])
    }

    @Test("A truncated file fails with SQLITE_CORRUPT or a short read")
    func truncated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("db.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (x TEXT)")
            for _ in 0..<200 {
                try db.execute(
                    sql: "INSERT INTO t VALUES (?)", arguments: [String(repeating: "x", count: 500)])
            }
        }
        try queue.close()
        truncate(path, 4096 * 3)
        let damaged = try DatabaseQueue(path: path)
        do {
            _ = try damaged.read { try Int.fetchOne($0, sql: "SELECT sum(length(x)) FROM t") }
            Issue.record("a truncated table was read")
        } catch let error as DatabaseError {
            #expect(
                error.resultCode == .SQLITE_CORRUPT || error.extendedResultCode == .SQLITE_IOERR_SHORT_READ,
                "\(error)")
        }
    }
}
