import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Setting a mark

extension NewsStore {
    /// A mark a person sets on feed items.
    public enum ItemMark: Sendable, Equatable {
        /// Read (true) or unread.
        case read(Bool)
        /// Saved (true, starred at a feed service) or not.
        case saved(Bool)
    }

    /// The feed items a mark goes on.
    public enum MarkTarget: Sendable {
        /// One item of the feed at `feed`.
        case item(feed: URL, itemID: String)
        /// Every item shown of these feeds (hidden ones are not).
        case feeds([URL])
        /// Every item a query feed or a filtered list chooses.
        case filter(FeedFilter)
        /// Every feed item read at exactly this time: what one `mark read` marked.
        case readAt(TimeInterval)
    }

    /// Sets `mark` on the items of `target` whose mark differs, and, in the same transaction,
    /// queues the change of each that came from a feed service, so that no way of marking can
    /// keep the mark without the change or the change without the mark. Every mark a person
    /// makes on feed items comes here: reading, `mark read` on a list, a feed or a query feed,
    /// `save` and `unsave`, `undo` and `mark unread`. Returns how many items changed. A read item
    /// keeps its first read time, a saved one its first save time. `time` is the time the marks
    /// get (now when nil): a `mark read` that `undo` may take back gives its own.
    @discardableResult
    public func setMark(_ mark: ItemMark, on target: MarkTarget, at time: TimeInterval? = nil)
        async throws(StoreError) -> Int
    {
        let now = time ?? clock().timeIntervalSince1970
        switch target {
        case .item(let feed, let itemID):
            return try await write { db in
                try Self.setMark(
                    mark,
                    articles:
                        "SELECT a.id FROM feed f JOIN article a ON a.feedID = f.id WHERE f.url = ? AND a.itemID = ?",
                    arguments: [feed.absoluteString, itemID], at: now, in: db)
            }
        case .feeds(let urls):
            let addresses = Array(Self.byAddress(urls).keys)
            guard !addresses.isEmpty else { return 0 }
            return try await write { db in
                var changed = 0
                for chunk in addresses.statementChunks {
                    changed += try Self.setMark(
                        mark,
                        articles: """
                            SELECT a.id FROM article a WHERE a.hidden = 0 AND a.feedID IN (
                                SELECT id FROM feed WHERE url IN (\(databaseQuestionMarks(count: chunk.count))))
                            """,
                        arguments: StatementArguments(chunk), at: now, in: db)
                }
                return changed
            }
        case .readAt(let time):
            return try await write { db in
                try Self.setMark(
                    mark, articles: "SELECT a.id FROM article a WHERE a.readAt = ? AND a.feedID IS NOT NULL",
                    arguments: [time], at: now, in: db)
            }
        case .filter(let filter):
            guard !filter.feeds.isEmpty else { return 0 }
            return try await filtered(writing: true) { (db: Database) -> Int in
                var chosen = filter
                if case .read(true) = mark { chosen.unreadOnly = true }
                guard let condition = try Self.condition(chosen, now: now, in: db) else { return 0 }
                return try Self.setMark(
                    mark, articles: "SELECT a.id FROM article a WHERE \(condition.sql)",
                    arguments: condition.arguments, at: now, in: db)
            }
        }
    }

    /// ``setMark(_:on:at:)`` on the articles `articles` (SQL giving their ids), inside a write.
    static func setMark(
        _ mark: ItemMark, articles: String, arguments: StatementArguments, at now: Double, in db: Database
    ) throws -> Int {
        let (kind, value, differs): (MarkChange.Kind, Bool, String) =
            switch mark {
            case .read(let read): (.read, read, read ? "a.readAt IS NULL" : "a.readAt IS NOT NULL")
            case .saved(let saved):
                (
                    .starred, saved,
                    saved
                        ? "a.id NOT IN (SELECT articleID FROM saved)"
                        : "a.id IN (SELECT articleID FROM saved)"
                )
            }
        try db.execute(
            sql: """
                CREATE TEMP TABLE IF NOT EXISTS markTarget (id INTEGER PRIMARY KEY);
                DELETE FROM temp.markTarget;
                """)
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO temp.markTarget (id)
                SELECT a.id FROM article a WHERE a.id IN (\(articles)) AND \(differs)
                """,
            arguments: arguments)
        let changed = db.changesCount
        guard changed > 0 else { return 0 }
        try db.execute(
            sql: """
                INSERT INTO syncChange (serviceID, kind, value, version, changedAt)
                SELECT s.serviceID, ?, ?, 1, ? FROM syncItem s JOIN temp.markTarget t ON t.id = s.articleID
                WHERE true
                \(upsertSyncChange)
                """,
            arguments: [kind.rawValue, value, now])
        switch mark {
        case .read(let read):
            try db.execute(
                sql:
                    "UPDATE article SET readAt = CASE WHEN ? THEN ? END WHERE id IN (SELECT id FROM temp.markTarget)",
                arguments: [read, now])
            try recountFeeds(
                "id IN (SELECT DISTINCT a.feedID FROM article a JOIN temp.markTarget t ON t.id = a.id)",
                in: db)
        case .saved(true):
            try db.execute(
                sql: """
                    INSERT INTO saved (articleID, savedAt) SELECT id, ? FROM temp.markTarget WHERE true
                    ON CONFLICT (articleID) DO NOTHING
                    """,
                arguments: [now])
        case .saved(false):
            try db.execute(sql: "DELETE FROM saved WHERE articleID IN (SELECT id FROM temp.markTarget)")
        }
        try db.execute(sql: "DELETE FROM temp.markTarget")
        return changed
    }
}
