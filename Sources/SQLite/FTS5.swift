import CSQLite

/// FTS5's C API on a connection, for registering and finding tokenizers.
public enum FTS5 {
    /// The connection's `fts5_api`, or nil when SQLite was built without FTS5.
    public static func api(_ db: Database) -> UnsafeMutablePointer<fts5_api>? {
        guard let statement = try? db.makeStatement(sql: "SELECT fts5(?)") else { return nil }
        var api: UnsafeMutablePointer<fts5_api>?
        let code = withUnsafeMutablePointer(to: &api) { pointer -> CInt in
            // SQLite writes the pointer while the statement steps, so it steps in here.
            let bound = sqlite3_bind_pointer(statement.sqliteStatement, 1, pointer, "fts5_api_ptr", nil)
            guard bound == SQLITE_OK else { return bound }
            defer { statement.reset() }
            return sqlite3_step(statement.sqliteStatement)
        }
        guard code == SQLITE_ROW || code == SQLITE_DONE else { return nil }
        return api
    }
}
