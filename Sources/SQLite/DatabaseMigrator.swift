/// Migrations applied in order, each once, recorded in the `grdb_migrations` table: the table
/// GRDB's migrator keeps, so a file that GRDB migrated is migrated on from where it stopped,
/// and the other way round.
public struct DatabaseMigrator: Sendable {
    /// How a migration treats foreign keys.
    public enum ForeignKeyChecks: Sendable {
        /// Foreign keys are off while it runs (a table can be rebuilt) and checked before it
        /// commits, as SQLite's documentation of ALTER TABLE recommends.
        case deferred
        /// Foreign keys stay on.
        case immediate
    }

    private struct Migration: Sendable {
        var identifier: String
        var foreignKeyChecks: ForeignKeyChecks
        var migrate: @Sendable (Database) throws -> Void
    }

    private var registered: [Migration] = []

    public init() {}

    /// The identifiers, in order.
    public var migrations: [String] { registered.map(\.identifier) }

    public mutating func registerMigration(
        _ identifier: String, foreignKeyChecks: ForeignKeyChecks = .deferred,
        migrate: @escaping @Sendable (Database) throws -> Void
    ) {
        precondition(!migrations.contains(identifier), "migration \(identifier) is registered twice")
        registered.append(
            Migration(identifier: identifier, foreignKeyChecks: foreignKeyChecks, migrate: migrate))
    }

    /// Applies every migration not applied yet.
    public func migrate(_ writer: any DatabaseWriter) throws {
        guard let last = registered.last else { return }
        try migrate(writer, upTo: last.identifier)
    }

    /// Applies the migrations not applied yet up to `target`, included.
    public func migrate(_ writer: any DatabaseWriter, upTo target: String) throws {
        guard let end = registered.firstIndex(where: { $0.identifier == target }) else {
            preconditionFailure("no migration \(target)")
        }
        try writer.barrierWriteWithoutTransaction { db in
            try db.execute(
                sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            let applied = try appliedIdentifiers(db)
            for migration in registered[...end] where !applied.contains(migration.identifier) {
                try run(migration, on: db)
            }
        }
    }

    private func run(_ migration: Migration, on db: Database) throws {
        let foreignKeysOn = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        let deferred = foreignKeysOn && migration.foreignKeyChecks == .deferred
        if deferred { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
        defer { if deferred { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
        try db.inTransaction(.immediate) {
            try migration.migrate(db)
            try db.execute(
                sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
            if deferred { try db.checkForeignKeys() }
            return .commit
        }
    }

    /// Every identifier in `grdb_migrations`, registered here or not; empty without the table.
    public func appliedIdentifiers(_ db: Database) throws -> Set<String> {
        guard try db.tableExists("grdb_migrations") else { return [] }
        return try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
    }

    /// The registered migrations that were applied, in order.
    public func appliedMigrations(_ db: Database) throws -> [String] {
        let applied = try appliedIdentifiers(db)
        return migrations.filter(applied.contains)
    }

    /// The registered migrations applied with every one before them.
    public func completedMigrations(_ db: Database) throws -> [String] {
        zip(try appliedMigrations(db), migrations).prefix { $0 == $1 }.map(\.0)
    }

    /// True when every registered migration was applied.
    public func hasCompletedMigrations(_ db: Database) throws -> Bool {
        try completedMigrations(db).last == migrations.last
    }
}
