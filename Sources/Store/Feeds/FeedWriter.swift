import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes ``FeedRecord``s inside the one transaction of ``NewsStore/recordFeeds(_:)``: per feed
/// its row and its items, with statements prepared once per transaction.
///
/// Items are matched to the stored ones by id with one query per feed. A new item is inserted
/// with its full-text index row; a changed one (its ``FeedItemColumns/contentHash`` differs) is
/// rewritten in place, keeping its read and saved marks (the update trigger re-indexes its text
/// when that changed); an unchanged one is not written at all. An item's `lastFetchedAt` is NULL
/// while the feed's latest document holds it, and becomes the time of the last document that
/// held it when one no longer does (see ``StoreSchema/v3``): so a refresh writes only the items
/// that came, changed or left, never every row of every feed.
struct FeedWriter {
    private let db: Database
    private let insertItem: Statement
    private let updateItem: Statement
    private let setItemFetchedAt: Statement
    private let searchIndex: SearchIndex
    /// Tokens of new items made beside the write, and the connection's replay that hands them
    /// to FTS5 (see ``TokenReplay``); nil when there are none.
    private let tokens: BatchTokens?
    private let replay: TokenReplay?

    /// The `feed` row a record is written to.
    private struct Feed {
        var id: Int64
        var url: String
        var siteURL: String?
        var sourceName: String?
        var lastFetchedAt: Double?
    }

    /// A stored item: its row, the hash of what a reader saw, and whether the feed's latest
    /// document held it.
    private struct StoredItem {
        var id: Int64
        var contentHash: Int64?
        var inLatestDocument: Bool
    }

    init(_ db: Database, tokens: BatchTokens? = nil) throws {
        self.db = db
        self.tokens = tokens
        replay = tokens == nil ? nil : TokenReplay.on(db)
        insertItem = try db.cachedStatement(
            sql: """
                INSERT INTO article (feedID, itemID, sourceName, firstSeenAt, hidden, url, urlIsLink, title, author,
                    summary, content, imageURL, publishedAt, itemPublishedAt, updatedAt, links, enclosures,
                    contentHash)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        updateItem = try db.cachedStatement(
            sql: """
                UPDATE article SET lastFetchedAt = NULL, sourceName = ?, url = ?, urlIsLink = ?, title = ?,
                    author = ?, summary = ?, content = ?, imageURL = ?, publishedAt = ?, itemPublishedAt = ?,
                    updatedAt = ?, links = ?, enclosures = ?, contentHash = ?
                WHERE id = ?
                """)
        setItemFetchedAt = try db.cachedStatement(sql: "UPDATE article SET lastFetchedAt = ? WHERE id = ?")
        searchIndex = try SearchIndex(db)
    }

    /// Writes `record`: the feed's row (moved first when it was redirected) and, for a fetched
    /// document, its items. Returns how many items were new and how many changed.
    func write(_ prepared: PreparedFeedRecord, index: Int = 0) throws -> FeedWriteCounts {
        let record = prepared.record
        let feed = try resolve(record)
        if let wanted = record.sourceName, feed.sourceName != wanted {
            try rename(feed, to: wanted)
        }
        let sourceName = record.sourceName ?? feed.sourceName ?? Self.host(of: feed.url)
        let attempted = record.attemptedAt.timeIntervalSince1970
        switch record.outcome {
        case .fetched(let document, let validators):
            // A document that broke is not the feed: the items it lacks stay as they were, and
            // its validators are not kept, so that the next refresh asks for the whole of it again
            // rather than hearing "304 Not Modified" about a document never read to its end.
            let isWhole = document.damage == nil
            let counts = try writeItems(
                prepared.items, of: feed, siteURL: document.siteURL, sourceName: sourceName, at: attempted,
                hidden: record.hiddenItems, markingTheRestGone: isWhole, record: index)
            try db.execute(
                sql: """
                    UPDATE feed SET title = coalesce(?, title), siteURL = coalesce(?, siteURL), etag = ?,
                        lastModified = ?, lastAttemptAt = ?, lastSuccessAt = ?, lastFetchedAt = ?,
                        lastError = NULL, lastWarning = ?, retryAfter = NULL, removedAt = NULL
                    WHERE id = ?
                    """,
                arguments: [
                    document.title, document.siteURL?.absoluteString, isWhole ? validators.etag : nil,
                    isWhole ? validators.lastModified : nil,
                    attempted, attempted, attempted, document.damage?.sentence, feed.id,
                ])
            return counts
        case .notModified(let validators):
            try db.execute(
                sql: """
                    UPDATE feed SET etag = coalesce(?, etag), lastModified = coalesce(?, lastModified),
                        lastAttemptAt = ?, lastSuccessAt = ?, lastError = NULL, lastWarning = NULL,
                        retryAfter = NULL, removedAt = NULL
                    WHERE id = ?
                    """,
                arguments: [validators?.etag, validators?.lastModified, attempted, attempted, feed.id])
        case .failed(let reason, let retryAfter):
            try db.execute(
                sql: """
                    UPDATE feed SET lastAttemptAt = ?, lastError = ?, lastWarning = NULL, retryAfter = ?,
                        removedAt = NULL
                    WHERE id = ?
                    """,
                arguments: [attempted, reason, retryAfter?.timeIntervalSince1970, feed.id])
        }
        return FeedWriteCounts()
    }

    // MARK: - Feed rows

    /// The row `record` is written to. After a permanent redirect the row moves to its new
    /// address, keeping its id and so its items; when a row already has the new address (the
    /// user subscribed to both), the record is written there and the old row stays as it was.
    private func resolve(_ record: FeedRecord) throws -> Feed {
        let address = record.url.absoluteString
        let source = try feed(at: address)
        guard let movedTo = record.movedTo?.absoluteString, movedTo != address else {
            return try source ?? insertFeed(address, sourceName: record.sourceName ?? Self.host(of: address))
        }
        if let target = try feed(at: movedTo) { return target }
        guard var source else {
            return try insertFeed(movedTo, sourceName: record.sourceName ?? Self.host(of: movedTo))
        }
        try db.execute(sql: "UPDATE feed SET url = ? WHERE id = ?", arguments: [movedTo, source.id])
        source.url = movedTo
        return source
    }

    private func feed(at url: String) throws -> Feed? {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT id, url, siteURL, sourceName, lastFetchedAt FROM feed WHERE url = ?"),
            arguments: [url])
        return row.map { row in
            Feed(
                id: row["id"], url: row["url"], siteURL: row["siteURL"], sourceName: row["sourceName"],
                lastFetchedAt: row["lastFetchedAt"])
        }
    }

    private func insertFeed(_ url: String, sourceName: String) throws -> Feed {
        try db.execute(
            sql: "INSERT INTO feed (url, sourceName) VALUES (?, ?)", arguments: [url, sourceName])
        return Feed(id: db.lastInsertedRowID, url: url, sourceName: sourceName)
    }

    /// The name of a feed nobody named: its address's host.
    private static func host(of address: String) -> String {
        URL(string: address)?.host ?? address
    }

    /// Shows every item of `feed` under `name` (the user renamed it, or its title changed).
    private func rename(_ feed: Feed, to name: String) throws {
        try db.execute(sql: "UPDATE feed SET sourceName = ? WHERE id = ?", arguments: [name, feed.id])
        try db.execute(
            sql: "UPDATE article SET sourceName = ? WHERE feedID = ? AND sourceName IS NOT ?",
            arguments: [name, feed.id, name])
    }

    // MARK: - Items

    /// Writes the items of a document, the `record`th of its batch (whose tokens are taken by that
    /// number), those in `hidden` (the killfile's display mode) stored hidden; with
    /// `markingTheRestGone`, the stored items it does not hold are marked as no longer in the feed
    /// (not when the document broke before its end).
    private func writeItems(
        _ items: [FeedItemColumns], of feed: Feed, siteURL: URL?, sourceName: String, at fetched: Double,
        hidden: Set<String>, markingTheRestGone: Bool, record: Int
    ) throws -> FeedWriteCounts {
        let fallbackURL = siteURL?.absoluteString ?? feed.siteURL ?? feed.url
        var stored = try storedItems(of: feed.id)
        var counts = FeedWriteCounts()
        var visible = 0
        for (index, var columns) in items.enumerated() {
            if columns.usesFallbackURL, columns.url != fallbackURL {
                columns = FeedItemColumns(columns.item, fallbackURL: fallbackURL)
            }
            guard let existing = stored.removeValue(forKey: columns.item.id) else {
                let isHidden = hidden.contains(columns.item.id)
                try insert(
                    columns, feedID: feed.id, sourceName: sourceName, at: fetched, hidden: isHidden,
                    tokens: tokens?.take(record: record, item: index))
                counts.new += 1
                if !isHidden { visible += 1 }
                continue
            }
            if existing.contentHash != columns.contentHash {
                try update(existing.id, with: columns, sourceName: sourceName)
                counts.updated += 1
            } else if !existing.inLatestDocument {
                try setFetchedAt(nil, of: existing.id)
            }
        }
        // What is left was not in this document: it was last in the previous one.
        for left in stored.values where left.inLatestDocument && markingTheRestGone {
            try setFetchedAt(feed.lastFetchedAt ?? fetched, of: left.id)
        }
        if visible > 0 {
            // New items are unread; nothing else here changes what the feed holds or has read.
            // Hidden ones (the killfile's display mode) are not counted.
            try db.execute(
                sql: "UPDATE feed SET itemCount = itemCount + ?, unreadCount = unreadCount + ? WHERE id = ?",
                arguments: [visible, visible, feed.id])
        }
        return counts
    }

    /// The stored items of feed `feedID` by item id.
    private func storedItems(of feedID: Int64) throws -> [String: StoredItem] {
        var items: [String: StoredItem] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: "SELECT itemID, id, contentHash, lastFetchedAt IS NULL FROM article WHERE feedID = ?"),
            arguments: [feedID])
        while let row = try rows.next() {
            items[row[0]] = StoredItem(id: row[1], contentHash: row[2], inLatestDocument: row[3])
        }
        return items
    }

    func insert(
        _ columns: FeedItemColumns, feedID: Int64, sourceName: String, at fetched: Double, hidden: Bool,
        tokens: [DocumentTokens]?
    ) throws {
        let item = columns.item
        var insert = BoundStatement(insertItem)
        try insert.bind(feedID)
        try insert.bind(item.id)
        try insert.bind(sourceName)
        try insert.bind(fetched)
        try insert.bind(hidden)
        try bindColumns(columns, to: &insert)
        try insert.execute()
        if let tokens, let replay {
            replay.arm(tokens)
        }
        defer { replay?.disarm() }
        try searchIndex.add(
            id: db.lastInsertedRowID, title: item.title, summary: item.summary, content: item.content,
            sourceName: sourceName)
    }

    func update(_ id: Int64, with columns: FeedItemColumns, sourceName: String) throws {
        var update = BoundStatement(updateItem)
        try update.bind(sourceName)
        try bindColumns(columns, to: &update)
        try update.bind(id)
        try update.execute()
    }

    /// Binds the item's columns from `url` to `contentHash`, in the order of both statements.
    private func bindColumns(_ columns: FeedItemColumns, to statement: inout BoundStatement) throws {
        let item = columns.item
        try statement.bind(columns.url)
        try statement.bind(columns.urlIsLink)
        try statement.bind(item.title)
        try statement.bind(item.author)
        try statement.bind(item.summary)
        try statement.bind(item.content)
        try statement.bind(columns.imageURL)
        try statement.bind(columns.sortDate)
        try statement.bind(columns.published)
        try statement.bind(columns.updated)
        try statement.bind(columns.linksJSON)
        try statement.bind(columns.enclosuresJSON)
        try statement.bind(columns.contentHash)
    }

    /// Sets the item's `lastFetchedAt`: nil while the latest document holds it.
    func setFetchedAt(_ time: Double?, of id: Int64) throws {
        try setItemFetchedAt.execute(arguments: [time, id])
    }
}
