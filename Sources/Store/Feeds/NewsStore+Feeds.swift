import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Feeds: their state, their items and the user's marks on them, in the same tables as NewsAPI
/// articles, so that one search, one saved list and one full-text index cover both (see
/// ``StoreSchema/v3``).
///
/// A feed is known by its address. Its items are known by their id within it: an item seen again
/// is updated in place, never duplicated, and keeps its read and saved marks. Feed items are
/// never evicted with NewsAPI articles; ``applyFeedRetention(maxItemsPerFeed:olderThan:)`` is
/// their retention.
extension NewsStore {
    /// Writes every record in one transaction, so that a feed is never half-written: per feed
    /// its row (title, site, validators, times, error, retry time) and, for a fetched document,
    /// its items. An item already stored is rewritten only when something a reader sees changed,
    /// keeping its read and saved marks. Returns the counts per record URL.
    ///
    /// A fetched document's `attemptedAt` becomes its feed's `lastFetchedAt`, and the document
    /// is its feed's latest: the items it no longer holds are kept with the time of the last
    /// document that held them, for ``applyFeedRetention(maxItemsPerFeed:olderThan:)``.
    @discardableResult
    public func recordFeeds(_ records: [FeedRecord]) async throws(StoreError) -> [URL: FeedWriteCounts] {
        guard !records.isEmpty else { return [:] }
        // Made here, on the caller's thread, rather than on the writer's; the new items' tokens
        // for the full-text index are made beside the write, from its start (see `BatchTokens`).
        let prepared = records.map(PreparedFeedRecord.init)
        let tokens = BatchTokens(prepared)
        let database = database.writer
        return try await write { db in
            let tokenizing = tokens.map { tokens in Task.detached { await tokens.fill(knownIn: database) } }
            defer { tokenizing?.cancel() }
            let writer = try FeedWriter(db, tokens: tokens)
            var counts: [URL: FeedWriteCounts] = [:]
            for (index, record) in prepared.enumerated() {
                let written = try writer.write(record, index: index)
                counts[record.record.url, default: FeedWriteCounts()].new += written.new
                counts[record.record.url, default: FeedWriteCounts()].updated += written.updated
            }
            return counts
        }
    }

    /// The validators, retry time and times of the feeds of `urls` that are stored (and
    /// subscribed); the others are missing from the result.
    public func feedStates(for urls: [URL]) async throws(StoreError) -> [URL: StoredFeedState] {
        let requested = Self.byAddress(urls)
        guard !requested.isEmpty else { return [:] }
        return try await read { db in
            var states: [URL: StoredFeedState] = [:]
            for chunk in Array(requested.keys).statementChunks {
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT * FROM feed
                        WHERE removedAt IS NULL AND url IN (\(databaseQuestionMarks(count: chunk.count)))
                        """,
                    arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    guard let url = requested[row["url"]] else { continue }
                    states[url] = StoredFeedState(
                        url: url,
                        validators: FeedValidators(etag: row["etag"], lastModified: row["lastModified"]),
                        retryAfter: Self.date(row["retryAfter"]),
                        lastAttemptAt: Self.date(row["lastAttemptAt"]),
                        lastSuccessAt: Self.date(row["lastSuccessAt"]),
                        lastFetchedAt: Self.date(row["lastFetchedAt"]),
                        lastError: row["lastError"])
                }
            }
            return states
        }
    }

    /// The subscribed feeds of `urls`, in that order, or all of them in the order they were
    /// first stored when `urls` is nil, with how many items each holds and how many are unread
    /// (counts kept in the feed rows: nothing is counted here).
    public func feedSummaries(for urls: [URL]?) async throws(StoreError) -> [StoredFeedSummary] {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM feed WHERE removedAt IS NULL ORDER BY id
                    """)
            var summaries: [String: StoredFeedSummary] = [:]
            var order: [String] = []
            for row in rows {
                let address: String = row["url"]
                guard let url = URL(string: address) else { continue }
                order.append(address)
                summaries[address] = StoredFeedSummary(
                    url: url, title: row["title"],
                    siteURL: (row["siteURL"] as String?).flatMap(URL.init(string:)),
                    itemCount: row["itemCount"], unreadCount: row["unreadCount"],
                    lastAttemptAt: Self.date(row["lastAttemptAt"]),
                    lastSuccessAt: Self.date(row["lastSuccessAt"]),
                    lastError: row["lastError"], lastWarning: row["lastWarning"],
                    retryAfter: Self.date(row["retryAfter"]))
            }
            guard let urls else { return order.compactMap { summaries[$0] } }
            return urls.compactMap { summaries[$0.absoluteString] }
        }
    }

    /// The stored items of the feed at `url`, newest first (by published date, else updated
    /// date; undated last), with their read and saved marks; with `unreadOnly` only the unread.
    public func feedItems(of url: URL, unreadOnly: Bool = false, limit: Int? = nil, offset: Int = 0)
        async throws(StoreError) -> [StoredFeedItem]
    {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT a.*, f.url AS feedURL,
                        EXISTS (SELECT 1 FROM saved s WHERE s.articleID = a.id) AS isSaved
                    FROM feed f JOIN article a ON a.feedID = f.id
                    WHERE f.url = ? AND f.removedAt IS NULL AND a.hidden = 0 \(unreadOnly ? "AND a.readAt IS NULL" : "")
                    ORDER BY a.publishedAt DESC, a.id DESC LIMIT ? OFFSET ?
                    """,
                arguments: [url.absoluteString, limit.map { max($0, 0) } ?? -1, max(offset, 0)])
            let decoder = JSONDecoder()
            return rows.map { row in
                StoredFeedItem(
                    item: FeedItemColumns.item(row, decoder: decoder),
                    read: (row["readAt"] as Double?) != nil,
                    saved: row["isSaved"], feedURL: url, sourceName: row["sourceName"],
                    firstSeenAt: Date(timeIntervalSince1970: row["firstSeenAt"]))
            }
        }
    }

    // MARK: - Read and saved

    /// Marks the item `itemID` of the feed at `url` read now (keeping an earlier read time), or
    /// unread: ``setMark(_:on:at:)``.
    public func markFeedItemRead(feed url: URL, itemID: String, read: Bool = true) async throws(StoreError) {
        try await setMark(.read(read), on: .item(feed: url, itemID: itemID))
    }

    /// Saves the item `itemID` of the feed at `url` (keeping the first save time), or unsaves
    /// it: ``setMark(_:on:at:)``. A saved item is never removed by retention, and outlives
    /// unsubscribing.
    public func markFeedItemSaved(feed url: URL, itemID: String, saved: Bool = true) async throws(StoreError)
    {
        try await setMark(.saved(saved), on: .item(feed: url, itemID: itemID))
    }

    /// Marks every item shown of the feeds at `urls` read now; returns how many were unread:
    /// ``setMark(_:on:at:)``.
    @discardableResult
    public func markFeedsRead(_ urls: [URL], at time: TimeInterval? = nil) async throws(StoreError) -> Int {
        try await setMark(.read(true), on: .feeds(urls), at: time)
    }

    /// Marks unread again the feed items marked read at `time` exactly: an undone `mark read`,
    /// which gave every item it marked that one time (``markFeedsRead(_:at:)``,
    /// ``markFilteredFeedItemsRead(_:at:)``). Returns how many; the items from a feed service get
    /// their changes queued, as ``setMark(_:on:at:)`` does.
    @discardableResult
    public func markFeedItemsUnread(readAt time: TimeInterval) async throws(StoreError) -> Int {
        try await setMark(.read(false), on: .readAt(time))
    }

    // MARK: - Unsubscribing and retention

    /// Unsubscribes the feed at `url`: its items go, but for the saved ones, which stay readable
    /// as saved articles (and in search). Their feed row then stays, marked removed and with no
    /// validators, hidden from the feed methods, until they are unsaved and retention removes
    /// them; subscribing again (recording the feed) brings it back with them, never duplicated.
    public func removeFeed(_ url: URL) async throws(StoreError) {
        let now = clock().timeIntervalSince1970
        try await write { db in
            guard
                let id = try Int64.fetchOne(
                    db, sql: "SELECT id FROM feed WHERE url = ?", arguments: [url.absoluteString])
            else { return }
            try Self.removeFeed(id: id, at: now, in: db)
        }
    }

    /// ``removeFeed(_:)`` of the row `id`, inside a write.
    static func removeFeed(id: Int64, at now: Double, in db: Database) throws {
        let lastFetchedAt = try Double.fetchOne(
            db, sql: "SELECT lastFetchedAt FROM feed WHERE id = ?", arguments: [id])
        try db.execute(
            sql: "DELETE FROM article WHERE feedID = ? AND id NOT IN (SELECT articleID FROM saved)",
            arguments: [id])
        if try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM article WHERE feedID = ?)", arguments: [id])
            == true
        {
            // The saved items leave the feed with its last document.
            try db.execute(
                sql: "UPDATE article SET lastFetchedAt = ? WHERE feedID = ? AND lastFetchedAt IS NULL",
                arguments: [lastFetchedAt ?? now, id])
            try db.execute(
                sql: """
                    UPDATE feed SET removedAt = ?, etag = NULL, lastModified = NULL, lastFetchedAt = NULL,
                        lastError = NULL, lastWarning = NULL, retryAfter = NULL
                    WHERE id = ?
                    """,
                arguments: [now, id])
            try Self.recountFeeds("id = ?", arguments: [id], in: db)
        } else {
            try db.execute(sql: "DELETE FROM feed WHERE id = ?", arguments: [id])
        }
    }

    /// Removes old feed items and returns how many went. Unread and saved items always stay, and
    /// so do the items of each feed's latest document. A read, unsaved item that its feed's
    /// latest document no longer holds goes when it is beyond the newest `maxItemsPerFeed` items
    /// of its feed (`limits` has other numbers for some feeds, by address), or when its feed last
    /// held it before `cutoff`. The unsaved items of
    /// unsubscribed feeds go too, and those feeds' rows once they hold none.
    ///
    /// The work is proportional to the items that may go (read, and no longer in their feed's
    /// latest document), found on their own index (``StoreSchema/feedWriteSpeed``), and to the
    /// items of the feeds that hold some.
    @discardableResult
    public func applyFeedRetention(
        maxItemsPerFeed: Int, olderThan cutoff: Date, limits: [URL: Int] = [:]
    ) async throws(StoreError) -> Int {
        let cutoff = cutoff.timeIntervalSince1970
        let byAddress = Dictionary(
            limits.map { ($0.key.absoluteString, $0.value) }, uniquingKeysWith: { first, _ in first })
        return try await write { db in
            // Items the latest document holds have no `lastFetchedAt` (see `StoreSchema.v3`), and
            // only read ones may go: the feeds holding such items are the only ones to look at.
            let feeds = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, url FROM feed WHERE removedAt IS NULL AND id IN (
                        SELECT DISTINCT a.feedID FROM article a INDEXED BY article_feedItemLeft
                        WHERE a.feedID IS NOT NULL AND a.readAt IS NOT NULL AND a.lastFetchedAt IS NOT NULL)
                    """)
            var removed = 0
            for row in feeds {
                let feed: Int64 = row["id"]
                let limit = max(byAddress[row["url"] as String] ?? maxItemsPerFeed, 0)
                try db.execute(
                    sql: """
                        DELETE FROM article WHERE id IN (
                                SELECT id FROM article WHERE feedID = ? ORDER BY publishedAt DESC, id DESC
                                LIMIT -1 OFFSET ?)
                            AND readAt IS NOT NULL AND lastFetchedAt IS NOT NULL
                            AND id NOT IN (SELECT articleID FROM saved)
                        """,
                    arguments: [feed, limit])
                removed += db.changesCount
            }
            try db.execute(
                sql: """
                    DELETE FROM article INDEXED BY article_feedItemLeft
                    WHERE feedID IS NOT NULL AND readAt IS NOT NULL AND lastFetchedAt IS NOT NULL
                        AND lastFetchedAt < ? AND id NOT IN (SELECT articleID FROM saved)
                    """,
                arguments: [cutoff])
            removed += db.changesCount
            removed += try Self.dropUnsubscribedFeeds(in: db)
            if removed > 0 { try Self.recountFeeds("true", in: db) }
            return removed
        }
    }

    // MARK: - Helpers

    /// Forgets every feed's validators, so that the next refresh fetches whole documents (after
    /// ``clear(includingSaved:)`` removed their unread items), and drops what is left of
    /// unsubscribed feeds.
    static func forgetFeedDocuments(in db: Database) throws {
        try db.execute(sql: "UPDATE feed SET etag = NULL, lastModified = NULL")
        _ = try dropUnsubscribedFeeds(in: db)
        try recountFeeds("true", in: db)
    }

    /// Counts again the items and the unread items of the feeds matching `condition` (SQL over
    /// `feed`), after a write that may have changed them other than by adding items.
    static func recountFeeds(_ condition: String, arguments: StatementArguments = [], in db: Database) throws
    {
        try db.execute(
            sql: """
                UPDATE feed SET
                    itemCount = (SELECT count(*) FROM article a WHERE a.feedID = feed.id AND a.hidden = 0),
                    unreadCount = (SELECT count(*) FROM article a
                        WHERE a.feedID = feed.id AND a.readAt IS NULL AND a.hidden = 0)
                WHERE \(condition)
                """,
            arguments: arguments)
    }

    /// How many feeds hold other counts than their items, for ``checkIntegrity()``.
    static func miscountedFeeds(in db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT count(*) FROM feed f
                WHERE itemCount <> (SELECT count(*) FROM article a WHERE a.feedID = f.id AND a.hidden = 0)
                    OR unreadCount <> (SELECT count(*) FROM article a
                        WHERE a.feedID = f.id AND a.readAt IS NULL AND a.hidden = 0)
                """) ?? 0
    }

    /// Removes the unsaved items of unsubscribed feeds and those feeds once they hold no item;
    /// returns how many items went.
    private static func dropUnsubscribedFeeds(in db: Database) throws -> Int {
        try db.execute(
            sql: """
                DELETE FROM article WHERE feedID IN (SELECT id FROM feed WHERE removedAt IS NOT NULL)
                    AND id NOT IN (SELECT articleID FROM saved)
                """)
        let removed = db.changesCount
        try db.execute(
            sql: """
                DELETE FROM feed WHERE removedAt IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM article a WHERE a.feedID = feed.id)
                """)
        return removed
    }

    /// `urls` by their absolute strings, as the store keeps them; the first of equal ones.
    static func byAddress(_ urls: [URL]) -> [String: URL] {
        Dictionary(urls.map { ($0.absoluteString, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func date(_ seconds: Double?) -> Date? {
        seconds.map(Date.init(timeIntervalSince1970:))
    }
}
