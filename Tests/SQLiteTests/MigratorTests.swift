import Foundation
import SQLite
import Testing

@Suite("SQLite: migrations")
struct MigratorTests {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { try $0.execute(sql: "CREATE TABLE a (id INTEGER PRIMARY KEY)") }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "CREATE TABLE b (aID INTEGER NOT NULL REFERENCES a(id))")
        }
        return migrator
    }

    @Test("Migrations run once each, in order, recorded in grdb_migrations")
    func once() throws {
        let queue = try DatabaseQueue()
        try Self.migrator.migrate(queue, upTo: "v1")
        try queue.read { db throws in
            #expect(try Self.migrator.appliedMigrations(db) == ["v1"])
            #expect(try !Self.migrator.hasCompletedMigrations(db))
        }
        try Self.migrator.migrate(queue)
        try Self.migrator.migrate(queue)
        try queue.read { db throws in
            #expect(
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") == [
                    "v1", "v2",
                ])
            #expect(try Self.migrator.hasCompletedMigrations(db))
            #expect(try Self.migrator.completedMigrations(db) == ["v1", "v2"])
        }
    }

    @Test("A file GRDB migrated is migrated on from where it stopped")
    func fromGRDB() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("db.sqlite")
        // What GRDB's DatabaseMigrator leaves: its table, with one row per migration applied.
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    CREATE TABLE a (id INTEGER PRIMARY KEY);
                    INSERT INTO a VALUES (1);
                    INSERT INTO grdb_migrations VALUES ('v1');
                    """)
        }
        try queue.close()
        let pool = try DatabasePool(path: path)
        try Self.migrator.migrate(pool)
        #expect(try pool.read { try Self.migrator.appliedMigrations($0) } == ["v1", "v2"])
        #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM a") } == 1)
        try pool.close()
    }

    @Test("A migration that fails leaves nothing of itself; one breaking a foreign key fails")
    func failures() throws {
        let queue = try DatabaseQueue()
        try Self.migrator.migrate(queue)
        var broken = Self.migrator
        broken.registerMigration("v3") { db in
            try db.execute(sql: "CREATE TABLE c (x); INSERT INTO b VALUES (42)")
        }
        do {
            try broken.migrate(queue)
            Issue.record("a migration broke a foreign key")
        } catch let error as DatabaseError {
            #expect(error.resultCode == .SQLITE_CONSTRAINT)
        }
        try queue.read { db throws in
            #expect(try !db.tableExists("c"))
            #expect(try broken.appliedMigrations(db) == ["v1", "v2"])
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
        }
    }
}
