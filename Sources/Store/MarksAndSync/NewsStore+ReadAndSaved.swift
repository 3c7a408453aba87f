import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Read and saved

extension NewsStore {
    /// Marks `url` read now, and the feed items at `url` too. The article need not be stored.
    public func markRead(_ url: URL) async throws(StoreError) {
        let now = clock().timeIntervalSince1970
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO readMark (url, readAt) VALUES (?, ?)
                    ON CONFLICT (url) DO UPDATE SET readAt = excluded.readAt
                    """,
                arguments: [url.absoluteString, now])
        }
    }

    /// The URLs of `urls` that were marked read. Feed items keep their own marks
    /// (``markFeedItemRead(feed:itemID:read:)``): items of a feed may share an address.
    public func readURLs(among urls: [URL]) async throws(StoreError) -> Set<URL> {
        guard !urls.isEmpty else { return [] }
        let links = Array(Set(urls.map(\.absoluteString)))
        let read = try await read { db in
            var read: Set<String> = []
            for chunk in links.statementChunks {
                let marks = databaseQuestionMarks(count: chunk.count)
                read.formUnion(
                    try String.fetchAll(
                        db,
                        sql: "SELECT url FROM readMark WHERE url IN (\(marks))",
                        arguments: StatementArguments(chunk)))
            }
            return read
        }
        return Set(urls.filter { read.contains($0.absoluteString) })
    }

    /// Saves `article` (storing it if needed). Saved articles are never evicted nor cleared.
    /// Saving again keeps the first `savedAt`. Feed items are saved as items
    /// (``markFeedItemSaved(feed:itemID:saved:)``).
    public func save(_ article: Article) async throws(StoreError) {
        let now = clock().timeIntervalSince1970
        try await write { db in
            let articleID = try Self.upsert(article, at: now, fetched: false, in: db)
            try db.execute(
                sql:
                    "INSERT INTO saved (articleID, savedAt) VALUES (?, ?) ON CONFLICT (articleID) DO NOTHING",
                arguments: [articleID, now])
        }
    }

    /// Unsaves the article at `url`; it stays stored like any other, and can be evicted.
    public func unsave(_ url: URL) async throws(StoreError) {
        try await write { db in
            try db.execute(
                sql:
                    "DELETE FROM saved WHERE articleID IN (SELECT id FROM article WHERE url = ? AND feedID IS NULL)",
                arguments: [url.absoluteString])
        }
    }

    public func isSaved(_ url: URL) async throws(StoreError) -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM saved
                    WHERE articleID IN (SELECT id FROM article WHERE url = ? AND feedID IS NULL))
                    """,
                arguments: [url.absoluteString]) ?? false
        }
    }

    /// Saved articles, the most recently saved first.
    public func savedArticles() async throws(StoreError) -> [Article] {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT a.* FROM saved s JOIN article a ON a.id = s.articleID ORDER BY s.savedAt DESC, s.rowid DESC"
            )
            return try Self.articles(rows, in: db)
        }
    }
}
