import SQLite

/// Adds the full-text index rows (`articleSearch`) of newly inserted articles.
///
/// The index has no insert trigger (see ``StoreSchema/v3``): every statement that inserts into
/// `article` is followed by ``add(id:title:summary:content:sourceName:)`` with the same values,
/// in the same transaction. Updates and deletes are followed by triggers.
struct SearchIndex {
    private let insert: Statement

    init(_ db: Database) throws {
        insert = try db.cachedStatement(
            sql:
                "INSERT INTO articleSearch (rowid, title, summary, content, sourceName) VALUES (?, ?, ?, ?, ?)"
        )
    }

    /// Indexes the article just inserted with rowid `id`.
    func add(id: Int64, title: String, summary: String?, content: String?, sourceName: String) throws {
        var statement = BoundStatement(insert)
        try statement.bind(id)
        try statement.bind(title)
        try statement.bind(summary)
        try statement.bind(content)
        try statement.bind(sourceName)
        try statement.execute()
    }
}
