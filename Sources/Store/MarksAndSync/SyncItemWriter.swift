import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a feed service's items inside the one transaction of
/// ``NewsStore/writeSyncItems(_:state:)``: each item found by the service's id, inserted (with its
/// index row) or rewritten when what a reader sees changed, as ``FeedWriter`` writes a feed's
/// items, then given the service's read and starred marks unless a change of that mark made here
/// waits in the queue. Its `lastFetchedAt` is the sync's time, so retention treats it as an item
/// its feed no longer holds: kept while unread or saved, else up to `max_items_per_feed` and
/// `retention_days`.
struct SyncItemWriter {
    enum Outcome {
        case new, updated, unchanged, skipped
    }

    private struct Feed {
        var id: Int64
        var fallbackURL: String
        var sourceName: String
    }

    private let db: Database
    private let now: Double
    private let writer: FeedWriter
    private let feeds: [String: Feed]
    /// `serviceID` and kind of every queued change.
    private var queued: Set<String>
    private let find: Statement
    private let findByItemID: Statement
    private let link: Statement
    private let setRead: Statement
    private let save: Statement
    private let unsave: Statement
    private let isSaved: Statement
    private let queueStar: Statement
    /// The feeds written to, to count again.
    private var touched: Set<Int64> = []
    /// Marks of stored items that changed to follow the service's.
    private(set) var marksChanged = 0
    /// The articles of the new items.
    private(set) var inserted: [Int64] = []

    init(_ db: Database, at now: Double) throws {
        self.db = db
        self.now = now
        writer = try FeedWriter(db)
        var feeds: [String: Feed] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT s.streamID, f.id, f.url, f.siteURL, f.sourceName FROM syncFeed s JOIN feed f ON f.id = s.feedID
                """)
        {
            let url: String = row["url"]
            feeds[row["streamID"]] = Feed(
                id: row["id"], fallbackURL: row["siteURL"] ?? url,
                sourceName: row["sourceName"] ?? URL(string: url)?.host ?? url)
        }
        self.feeds = feeds
        queued = Set(
            try Row.fetchAll(db, sql: "SELECT serviceID, kind FROM syncChange").map { row in
                "\(row["serviceID"] as Int64) \(row["kind"] as String)"
            })
        find = try db.cachedStatement(
            sql: """
                SELECT a.id, a.contentHash, a.feedID FROM syncItem s JOIN article a ON a.id = s.articleID
                WHERE s.serviceID = ?
                """)
        findByItemID = try db.cachedStatement(
            sql: "SELECT id, contentHash, feedID FROM article WHERE feedID = ? AND itemID = ?")
        link = try db.cachedStatement(
            sql: "INSERT INTO syncItem (articleID, serviceID) VALUES (?, ?) ON CONFLICT DO NOTHING")
        setRead = try db.cachedStatement(
            sql: """
                UPDATE article SET readAt = CASE WHEN ? THEN ? END
                WHERE id = ? AND (readAt IS NOT NULL) IS NOT ?
                """)
        save = try db.cachedStatement(
            sql: "INSERT INTO saved (articleID, savedAt) VALUES (?, ?) ON CONFLICT (articleID) DO NOTHING")
        unsave = try db.cachedStatement(sql: "DELETE FROM saved WHERE articleID = ?")
        isSaved = try db.cachedStatement(sql: "SELECT 1 FROM saved WHERE articleID = ?")
        queueStar = try db.cachedStatement(
            sql: """
                INSERT INTO syncChange (serviceID, kind, value, version, changedAt) VALUES (?, 'starred', 1, 1, ?)
                \(NewsStore.upsertSyncChange)
                """)
    }

    /// Writes `record`, whose columns were made without a fallback address.
    mutating func write(_ record: ServiceItem, columns prepared: FeedItemColumns) throws -> Outcome {
        guard let feed = feeds[record.feed] else { return .skipped }
        let columns =
            prepared.usesFallbackURL ? FeedItemColumns(record.item, fallbackURL: feed.fallbackURL) : prepared
        let outcome: Outcome
        let id: Int64
        let linked = try Row.fetchOne(find, arguments: [record.id.value])
        if let row = try linked ?? Row.fetchOne(findByItemID, arguments: [feed.id, record.item.id]) {
            id = row[0]
            let hash: Int64? = row[1]
            if hash != columns.contentHash {
                try writer.update(id, with: columns, sourceName: feed.sourceName)
                outcome = .updated
            } else {
                outcome = .unchanged
            }
            try link.execute(arguments: [id, record.id.value])
            let previous: Int64 = row[2]
            touched.insert(previous)
        } else {
            try writer.insert(
                columns, feedID: feed.id, sourceName: feed.sourceName, at: now, hidden: false, tokens: nil)
            id = db.lastInsertedRowID
            inserted.append(id)
            try link.execute(arguments: [id, record.id.value])
            outcome = .new
        }
        if outcome != .unchanged { try writer.setFetchedAt(now, of: id) }
        touched.insert(feed.id)
        // A stored item saved here that was not the service's (kept when the service forgot it,
        // or a local item of a feed the service now holds) stays saved: the save is this
        // machine's, not yet sent, and goes to the service as a star.
        if linked == nil, outcome != .new, !record.starred, try Row.fetchOne(isSaved, arguments: [id]) != nil
        {
            try queueStar.execute(arguments: [record.id.value, now])
            queued.insert("\(record.id.value) starred")
        }
        var marks = 0
        if !queued.contains("\(record.id.value) read") {
            try setRead.execute(arguments: [record.read, now, id, record.read])
            marks += db.changesCount
        }
        if !queued.contains("\(record.id.value) starred") {
            try (record.starred ? save : unsave).execute(arguments: record.starred ? [id, now] : [id])
            marks += db.changesCount
        }
        // A new item's marks are the service's from the start; only a stored one's change.
        if outcome != .new { marksChanged += marks }
        return outcome
    }

    /// Counts again the items and unread items of the feeds written to.
    func finish() throws {
        let ids = Array(touched)
        for chunk in ids.statementChunks {
            try NewsStore.recountFeeds(
                "id IN (\(databaseQuestionMarks(count: chunk.count)))", arguments: StatementArguments(chunk),
                in: db)
        }
    }
}
