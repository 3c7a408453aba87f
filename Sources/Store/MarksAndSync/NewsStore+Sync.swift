import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Sync with a feed service: its feeds and items (ordinary feeds and items, marked in `syncFeed`
/// and `syncItem`), the queue of mark changes made here, and the sync's progress (see
/// ``StoreSchema/syncTables``).
///
/// The conflict rule lives here, in SQL: a mark the service sends is applied to an item unless a
/// change of that mark made here waits in the queue; the change made here wins until the service
/// acknowledged it.
extension NewsStore {
    // MARK: - Feeds

    /// The service's feeds as stored, in the order they were first stored.
    public func syncedFeeds() async throws(StoreError) -> [SyncedFeed] {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT f.url, f.title, s.streamID, s.labels FROM syncFeed s JOIN feed f ON f.id = s.feedID
                    WHERE f.removedAt IS NULL ORDER BY f.id
                    """)
            return rows.compactMap { row in
                guard let url = URL(string: row["url"]) else { return nil }
                return SyncedFeed(
                    url: url, streamID: row["streamID"], title: row["title"],
                    labels: Self.labels(row["labels"]))
            }
        }
    }

    /// Makes the service's feeds those of `feeds`, in one transaction: new ones added (a feed
    /// already stored at that address, from the urls file, becomes the service's, its unsaved
    /// items replaced by the service's), titles, addresses and labels updated, and those the
    /// service no longer lists removed as ``removeFeed(_:)`` removes a feed. Their saved items
    /// stay saved, as this machine's own: the service forgot them with the feed, and its lists
    /// must not unsave them. Returns how many feeds were added and removed, and how many saved
    /// items were kept so.
    @discardableResult
    public func applySyncFeeds(_ feeds: [ServiceFeed]) async throws(StoreError) -> (
        added: Int, removed: Int, keptSaved: Int
    ) {
        let now = clock().timeIntervalSince1970
        return try await write { db in
            var known: [String: Int64] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT feedID, streamID FROM syncFeed") {
                known[row["streamID"]] = row["feedID"]
            }
            var added = 0
            var kept: Set<Int64> = []
            for feed in feeds {
                let name = feed.title ?? feed.url.host ?? feed.url.absoluteString
                let id: Int64
                if let existing = known[feed.streamID] {
                    id = existing
                    // A new address, unless another row has it.
                    try db.execute(
                        sql: """
                            UPDATE feed SET url = ? WHERE id = ? AND url <> ?
                                AND NOT EXISTS (SELECT 1 FROM feed WHERE url = ?)
                            """,
                        arguments: [
                            feed.url.absoluteString, id, feed.url.absoluteString, feed.url.absoluteString,
                        ])
                } else if let local = try Int64.fetchOne(
                    db, sql: "SELECT id FROM feed WHERE url = ?", arguments: [feed.url.absoluteString])
                {
                    id = local
                    try db.execute(
                        sql: """
                            DELETE FROM article WHERE feedID = ? AND id NOT IN (SELECT articleID FROM saved)
                                AND id NOT IN (SELECT articleID FROM syncItem)
                            """,
                        arguments: [id])
                    try db.execute(
                        sql: "INSERT INTO syncFeed (feedID, streamID) VALUES (?, ?)",
                        arguments: [id, feed.streamID])
                    added += 1
                } else {
                    try db.execute(
                        sql: "INSERT INTO feed (url, sourceName) VALUES (?, ?)",
                        arguments: [feed.url.absoluteString, name])
                    id = db.lastInsertedRowID
                    try db.execute(
                        sql: "INSERT INTO syncFeed (feedID, streamID) VALUES (?, ?)",
                        arguments: [id, feed.streamID])
                    added += 1
                }
                kept.insert(id)
                try db.execute(
                    sql: """
                        UPDATE feed SET title = ?, siteURL = coalesce(?, siteURL), removedAt = NULL,
                            lastAttemptAt = ?, lastSuccessAt = ?, lastError = NULL, etag = NULL, lastModified = NULL
                        WHERE id = ?
                        """,
                    arguments: [feed.title, feed.siteURL?.absoluteString, now, now, id])
                try db.execute(
                    sql: "UPDATE syncFeed SET labels = ? WHERE feedID = ?",
                    arguments: [Self.labelsJSON(feed.labels), id])
                try db.execute(
                    sql: "UPDATE feed SET sourceName = ? WHERE id = ? AND sourceName IS NOT ?",
                    arguments: [name, id, name])
                if db.changesCount > 0 {
                    try db.execute(
                        sql: "UPDATE article SET sourceName = ? WHERE feedID = ? AND sourceName IS NOT ?",
                        arguments: [name, id, name])
                }
            }
            var removed = 0
            var keptSaved = 0
            for (_, id) in known where !kept.contains(id) {
                keptSaved += try Self.keepSaved(
                    "SELECT id FROM article WHERE feedID = ?", arguments: [id], in: db)
                try db.execute(sql: "DELETE FROM syncFeed WHERE feedID = ?", arguments: [id])
                try Self.removeFeed(id: id, at: now, in: db)
                removed += 1
            }
            return (added, removed, keptSaved)
        }
    }

    // MARK: - Saved items the service forgot

    /// The service's ids of the saved items from the service that are not among `starred` and
    /// whose star has no change made here waiting: unstarred elsewhere, or forgotten by the
    /// service.
    public func savedSyncItems(notAmong starred: Set<Int64>) async throws(StoreError) -> [Int64] {
        try await read { db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT s.serviceID FROM syncItem s JOIN saved v ON v.articleID = s.articleID
                    WHERE NOT EXISTS (SELECT 1 FROM syncChange c WHERE c.serviceID = s.serviceID AND c.kind = 'starred')
                    ORDER BY s.serviceID
                    """
            ).filter { !starred.contains($0) }
        }
    }

    /// How many of the service's items stored here are unread, and how many saved, its starred
    /// (those kept as this machine's own are no longer the service's, and not counted).
    public func syncMarkCounts() async throws(StoreError) -> MarkCounts {
        try await read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT
                        (SELECT count(*) FROM syncItem s JOIN article a ON a.id = s.articleID
                            WHERE a.readAt IS NULL) AS unread,
                        (SELECT count(*) FROM syncItem s JOIN saved v ON v.articleID = s.articleID) AS saved
                    """)
            return MarkCounts(unread: row?["unread"] ?? 0, starred: row?["saved"] ?? 0)
        }
    }

    /// Makes the saved items the service no longer has (`ids`, the service's) this machine's
    /// own: saved, searchable, no longer the service's, so that no list of it unsaves them.
    /// Returns how many there were.
    @discardableResult
    public func keepSavedSyncItems(_ ids: [Int64]) async throws(StoreError) -> Int {
        guard !ids.isEmpty else { return 0 }
        return try await write { db in
            var kept = 0
            for chunk in ids.statementChunks {
                kept += try Self.keepSaved(
                    "SELECT articleID FROM syncItem WHERE serviceID IN (\(databaseQuestionMarks(count: chunk.count)))",
                    arguments: StatementArguments(chunk), in: db)
            }
            return kept
        }
    }

    /// Unlinks from the service the saved articles among `articles` (SQL giving article ids).
    private static func keepSaved(_ articles: String, arguments: StatementArguments, in db: Database) throws
        -> Int
    {
        try db.execute(
            sql: """
                DELETE FROM syncItem WHERE articleID IN (\(articles))
                    AND articleID IN (SELECT articleID FROM saved)
                """,
            arguments: arguments)
        return db.changesCount
    }

    /// True when the feed at `url` comes from the service: the feeds refresh leaves it to the sync.
    public func syncedFeedURLs() async throws(StoreError) -> Set<URL> {
        Set(try await syncedFeeds().map(\.url))
    }

    // MARK: - Items

    /// Writes `items` in one transaction with `state` (the sync's progress after them), and
    /// returns how many were new, how many changed and how many marks of stored items changed. An item of a feed the store does not have
    /// from the service is skipped. A new or changed item is written as a feed's item is (and
    /// indexed); its read and starred (saved) marks follow the service's, except a mark with a
    /// change waiting in the queue.
    /// New items that `hiding`'s rules name are stored hidden, as the killfile hides a feed's.
    @discardableResult
    public func writeSyncItems(
        _ items: [ServiceItem], state: [String: String?] = [:], hiding: Hiding? = nil
    )
        async throws(StoreError)
        -> (new: Int, updated: Int, marks: Int)
    {
        let now = clock().timeIntervalSince1970
        // Made on the caller's thread, as a refresh's are.
        let prepared = items.map { ($0, FeedItemColumns($0.item, fallbackURL: "")) }
        return try await write { db in
            var writer = try SyncItemWriter(db, at: now)
            var counts = (new: 0, updated: 0, marks: 0)
            for (record, columns) in prepared {
                switch try writer.write(record, columns: columns) {
                case .new: counts.new += 1
                case .updated: counts.updated += 1
                case .unchanged, .skipped: break
                }
            }
            if let hiding {
                try Self.hide(hiding.rules, feeds: hiding.feeds, among: writer.inserted, now: now, in: db)
            }
            try writer.finish()
            try Self.setSyncValues(state, in: db)
            counts.marks = writer.marksChanged
            return counts
        }
    }

    /// The ids among `ids` of items the store does not hold.
    public func missingSyncItems(among ids: [Int64]) async throws(StoreError) -> [Int64] {
        guard !ids.isEmpty else { return [] }
        let unique = Array(Set(ids))
        return try await read { db in
            var stored: Set<Int64> = []
            for chunk in unique.statementChunks {
                stored.formUnion(
                    try Int64.fetchAll(
                        db,
                        sql:
                            "SELECT serviceID FROM syncItem WHERE serviceID IN (\(databaseQuestionMarks(count: chunk.count)))",
                        arguments: StatementArguments(chunk)))
            }
            return unique.filter { !stored.contains($0) }
        }
    }

    /// Makes the service's marks those of the stored items: unread exactly when among `unread`,
    /// saved (starred) exactly when among `starred`, but where a change of that mark waits in the
    /// queue. A list that is not complete only adds. Returns how many marks changed.
    @discardableResult
    public func applySyncMarks(unread: [Int64], unreadComplete: Bool, starred: [Int64], starredComplete: Bool)
        async throws(StoreError) -> Int
    {
        let now = clock().timeIntervalSince1970
        return try await write { db in
            try db.execute(
                sql: """
                    CREATE TEMP TABLE IF NOT EXISTS syncMark (
                        kind TEXT NOT NULL, serviceID INTEGER NOT NULL, PRIMARY KEY (kind, serviceID)
                    ) WITHOUT ROWID;
                    DELETE FROM temp.syncMark;
                    """)
            let insert = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO temp.syncMark (kind, serviceID) VALUES (?, ?)")
            for id in unread { try insert.execute(arguments: ["unread", id]) }
            for id in starred { try insert.execute(arguments: ["starred", id]) }
            func notQueued(_ kind: String) -> String {
                "NOT EXISTS (SELECT 1 FROM syncChange c WHERE c.serviceID = s.serviceID AND c.kind = '\(kind)')"
            }
            func listed(_ kind: String) -> String {
                "EXISTS (SELECT 1 FROM temp.syncMark m WHERE m.kind = '\(kind)' AND m.serviceID = s.serviceID)"
            }
            var changed = 0
            try db.execute(
                sql: """
                    UPDATE article SET readAt = NULL WHERE readAt IS NOT NULL AND id IN (
                        SELECT s.articleID FROM syncItem s WHERE \(listed("unread")) AND \(notQueued("read")))
                    """)
            changed += db.changesCount
            if unreadComplete {
                try db.execute(
                    sql: """
                        UPDATE article SET readAt = ? WHERE readAt IS NULL AND id IN (
                            SELECT s.articleID FROM syncItem s WHERE NOT \(listed("unread")) AND \(notQueued("read")))
                        """,
                    arguments: [now])
                changed += db.changesCount
            }
            try db.execute(
                sql: """
                    INSERT INTO saved (articleID, savedAt)
                    SELECT s.articleID, ? FROM syncItem s WHERE \(listed("starred")) AND \(notQueued("starred"))
                        AND s.articleID NOT IN (SELECT articleID FROM saved)
                    """,
                arguments: [now])
            changed += db.changesCount
            if starredComplete {
                try db.execute(
                    sql: """
                        DELETE FROM saved WHERE articleID IN (
                            SELECT s.articleID FROM syncItem s WHERE NOT \(listed("starred")) AND \(notQueued("starred")))
                        """)
                changed += db.changesCount
            }
            try db.execute(sql: "DELETE FROM temp.syncMark")
            if changed > 0 { try Self.recountFeeds("id IN (SELECT feedID FROM syncFeed)", in: db) }
            return changed
        }
    }

    // MARK: - The queue

    /// The changes waiting to be sent, oldest first.
    public func pendingSyncChanges() async throws(StoreError) -> [MarkChange] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT serviceID, kind, value, version, sentVersion IS version AS sent FROM syncChange
                    ORDER BY changedAt, serviceID, kind
                    """
            ).compactMap { row in
                guard let kind = MarkChange.Kind(rawValue: row["kind"]) else { return nil }
                return MarkChange(
                    item: ItemID(row["serviceID"] as Int64), kind: kind, value: row["value"],
                    version: row["version"], mayHaveBeenSent: row["sent"])
            }
        }
    }

    /// How many changes wait to be sent.
    public func syncChangeCount() async throws(StoreError) -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM syncChange") ?? 0 }
    }

    /// Notes that `changes` are being sent: if the sync dies before it knows, the next one checks
    /// them with the service before sending them again.
    public func markSyncChangesSent(_ changes: [MarkChange]) async throws(StoreError) {
        try await updateSyncChanges(changes, sql: "UPDATE syncChange SET sentVersion = version")
    }

    /// Removes `changes`, acknowledged by the service; a change made again meanwhile (another
    /// version) stays, to be sent.
    public func acknowledgeSyncChanges(_ changes: [MarkChange]) async throws(StoreError) {
        try await updateSyncChanges(changes, sql: "DELETE FROM syncChange")
    }

    /// Notes that `changes` were refused: they are sent again as new.
    public func releaseSyncChanges(_ changes: [MarkChange]) async throws(StoreError) {
        try await updateSyncChanges(changes, sql: "UPDATE syncChange SET sentVersion = NULL")
    }

    private func updateSyncChanges(_ changes: [MarkChange], sql: String) async throws(StoreError) {
        guard !changes.isEmpty else { return }
        try await write { db in
            let statement = try db.makeStatement(
                sql: sql + " WHERE serviceID = ? AND kind = ? AND version = ?")
            for change in changes {
                try statement.execute(arguments: [change.item.value, change.kind.rawValue, change.version])
            }
        }
    }

    /// The upsert that coalesces changes: the latest value, a new version.
    static let upsertSyncChange = """
        ON CONFLICT (serviceID, kind) DO UPDATE SET value = excluded.value, version = version + 1,
            changedAt = excluded.changedAt
        """

    // MARK: - State

    /// The sync's stored values (its progress, its last times), by key.
    public func syncValues() async throws(StoreError) -> [String: String] {
        try await read { db in
            var values: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM syncState WHERE value IS NOT NULL") {
                values[row["key"]] = row["value"]
            }
            return values
        }
    }

    /// Sets the sync's values; nil removes one.
    public func setSyncValues(_ values: [String: String?]) async throws(StoreError) {
        try await write { db in try Self.setSyncValues(values, in: db) }
    }

    static func setSyncValues(_ values: [String: String?], in db: Database) throws {
        for (key, value) in values {
            if let value {
                try db.execute(
                    sql:
                        "INSERT INTO syncState (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM syncState WHERE key = ?", arguments: [key])
            }
        }
    }

    /// Forgets the service: its feeds are removed as unsubscribed ones are (saved items stay, as
    /// saved articles), and the queue and the progress go. Returns how many changes were dropped.
    @discardableResult
    public func removeSyncData() async throws(StoreError) -> Int {
        let now = clock().timeIntervalSince1970
        return try await write { db in
            let feeds = try Int64.fetchAll(db, sql: "SELECT feedID FROM syncFeed")
            try db.execute(sql: "DELETE FROM syncFeed")
            for id in feeds { try Self.removeFeed(id: id, at: now, in: db) }
            try db.execute(sql: "DELETE FROM syncItem")
            try db.execute(sql: "DELETE FROM syncChange")
            let dropped = db.changesCount
            try db.execute(sql: "DELETE FROM syncState")
            return dropped
        }
    }

    // MARK: - Labels

    static func labels(_ json: String?) -> [String] {
        guard let json, let data = json.data(using: .utf8) else { return [] }
        return (try? JSONDecoder().decode([String].self, from: data)) ?? []
    }

    static func labelsJSON(_ labels: [String]) -> String? {
        guard !labels.isEmpty, let data = try? JSONEncoder().encode(labels) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
