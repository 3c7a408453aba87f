import FilterLanguage
import Foundation
import GRDB
import NewsModels

/// Feed items chosen by a filter expression (newsboat's filter language): query feeds, `filter`
/// in a list, `newsapp search --filter`. The expression is answered by SQLite (see ``FilterSQL``),
/// walking the date index from the newest item and stopping once a page is full, so a page of a
/// query feed over 100,000 items never loads them.
extension NewsStore {
    /// Seconds a filtered read may spend in regular expressions before it stops with
    /// ``StoreError/filterTimedOut(seconds:)``.
    public static let filterTimeout = 5

    /// What a filtered read looks at: the items of `feeds` (by their address, with what the filter
    /// can say of each feed), only the unread ones when `unreadOnly`.
    public struct FeedFilter: Sendable {
        public var expression: FilterExpression?
        public var feeds: [URL: FilterFeed]
        public var unreadOnly: Bool

        public init(expression: FilterExpression?, feeds: [URL: FilterFeed], unreadOnly: Bool = false) {
            self.expression = expression
            self.feeds = feeds
            self.unreadOnly = unreadOnly
        }
    }

    /// The items that `filter` chooses, newest first (undated last), as ``Article``s with their
    /// feed reference, links and enclosures.
    public func filteredFeedArticles(_ filter: FeedFilter, limit: Int, offset: Int = 0)
        async throws(StoreError) -> [Article]
    {
        guard limit > 0, !filter.feeds.isEmpty else { return [] }
        let now = clock().timeIntervalSince1970
        return try await filtered {
            guard let condition = try Self.condition(filter, now: now, in: $0) else { return [] }
            let rows = try Row.fetchAll(
                $0,
                sql: """
                    SELECT a.* FROM article a \(condition.index)
                    WHERE \(condition.sql)
                    ORDER BY a.publishedAt DESC, a.id DESC LIMIT ? OFFSET ?
                    """,
                arguments: condition.arguments + [limit, max(offset, 0)])
            return try Self.articles(rows, in: $0)
        }
    }

    /// The items that `filter` chooses, newest first, as they were stored, with their marks (for
    /// `newsapp feeds show` of a query feed).
    public func filteredStoredFeedItems(_ filter: FeedFilter, limit: Int?) async throws(StoreError)
        -> [StoredFeedItem]
    {
        guard !filter.feeds.isEmpty else { return [] }
        let now = clock().timeIntervalSince1970
        return try await filtered { (db: Database) -> [StoredFeedItem] in
            guard let condition = try Self.condition(filter, now: now, in: db) else { return [] }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT a.*, f.url AS feedURL,
                        EXISTS (SELECT 1 FROM saved s WHERE s.articleID = a.id) AS isSaved
                    FROM article a \(condition.index) JOIN feed f ON f.id = a.feedID
                    WHERE \(condition.sql)
                    ORDER BY a.publishedAt DESC, a.id DESC LIMIT ?
                    """,
                arguments: condition.arguments + [limit.map { max($0, 0) } ?? -1])
            let decoder = JSONDecoder()
            return rows.compactMap { row in
                guard let feed = URL(string: row["feedURL"]) else { return nil }
                return StoredFeedItem(
                    item: FeedItemColumns.item(row, decoder: decoder),
                    read: (row["readAt"] as Double?) != nil,
                    saved: row["isSaved"], feedURL: feed, sourceName: row["sourceName"],
                    firstSeenAt: Date(timeIntervalSince1970: row["firstSeenAt"]))
            }
        }
    }

    /// How many items `filter` chooses, and how many of them are unread.
    public func filteredFeedCounts(_ filter: FeedFilter) async throws(StoreError) -> (items: Int, unread: Int)
    {
        guard !filter.feeds.isEmpty else { return (0, 0) }
        let now = clock().timeIntervalSince1970
        return try await filtered {
            guard let condition = try Self.condition(filter, now: now, in: $0) else { return (0, 0) }
            let row = try Row.fetchOne(
                $0,
                sql:
                    "SELECT count(*), coalesce(sum(a.readAt IS NULL), 0) FROM article a WHERE \(condition.sql)",
                arguments: condition.arguments)
            return (row?[0] ?? 0, row?[1] ?? 0)
        }
    }

    /// Marks every unread item `filter` chooses read now; returns how many there were.
    @discardableResult
    public func markFilteredFeedItemsRead(_ filter: FeedFilter) async throws(StoreError) -> Int {
        guard !filter.feeds.isEmpty else { return 0 }
        let now = clock().timeIntervalSince1970
        return try await filtered(writing: true) { (db: Database) -> Int in
            var unread = filter
            unread.unreadOnly = true
            guard let condition = try Self.condition(unread, now: now, in: db) else { return 0 }
            try db.execute(
                sql:
                    "UPDATE article SET readAt = ? WHERE id IN (SELECT a.id FROM article a WHERE \(condition.sql))",
                arguments: [now] + condition.arguments)
            let changed = db.changesCount
            if changed > 0 {
                try Self.recountFeeds(
                    "id IN (\(condition.feedIDs.map(String.init).joined(separator: ",")))", in: db)
            }
            return changed
        }
    }

    /// The first unread item `filter` chooses after `item` in the list's order (newest first), or
    /// the first one when `item` is nil or not among them.
    public func nextUnreadFilteredFeedArticle(_ filter: FeedFilter, after item: FeedItemReference?)
        async throws(StoreError) -> Article?
    {
        guard !filter.feeds.isEmpty else { return nil }
        let now = clock().timeIntervalSince1970
        return try await filtered { (db: Database) -> Article? in
            var unread = filter
            unread.unreadOnly = true
            guard let condition = try Self.condition(unread, now: now, in: db) else { return nil }
            var after = ""
            var arguments = condition.arguments
            if let item,
                let position = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT a.publishedAt, a.id FROM feed f JOIN article a ON a.feedID = f.id
                        WHERE f.url = ? AND a.itemID = ?
                        """,
                    arguments: [item.feed.absoluteString, item.item])
            {
                let date: Double? = position[0]
                let id: Int64 = position[1]
                if let date {
                    after =
                        "AND (a.publishedAt < ? OR a.publishedAt IS NULL OR (a.publishedAt = ? AND a.id < ?))"
                    arguments += [date, date, id]
                } else {
                    after = "AND a.publishedAt IS NULL AND a.id < ?"
                    arguments += [id]
                }
            }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT a.* FROM article a \(condition.index)
                    WHERE \(condition.sql) \(after)
                    ORDER BY a.publishedAt DESC, a.id DESC LIMIT 1
                    """,
                arguments: arguments)
            return try Self.articles(rows, in: db).first
        }
    }

    // MARK: - Support

    /// A filter's WHERE clause over `article a`, with the index to walk; nil when none of its
    /// feeds is stored.
    private struct Condition {
        var sql: String
        var arguments: StatementArguments
        var feedIDs: [Int64]
        var index: String
    }

    private static func condition(_ filter: FeedFilter, now: Double, in db: Database) throws -> Condition? {
        var feeds: [Int64: FilterFeed] = [:]
        let byAddress = Dictionary(
            filter.feeds.map { ($0.key.absoluteString, $0.value) }, uniquingKeysWith: { first, _ in first })
        let addresses = Array(byAddress.keys)
        for start in stride(from: 0, to: addresses.count, by: 500) {
            let chunk = Array(addresses[start..<min(start + 500, addresses.count)])
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, url FROM feed WHERE removedAt IS NULL
                    AND url IN (\(databaseQuestionMarks(count: chunk.count)))
                    """,
                arguments: StatementArguments(chunk))
            for row in rows {
                if let feed = byAddress[row["url"]] { feeds[row["id"]] = feed }
            }
        }
        guard !feeds.isEmpty else { return nil }
        let ids = feeds.keys.sorted()
        var sql = "a.feedID IN (\(ids.map(String.init).joined(separator: ","))) AND a.hidden = 0"
        if filter.unreadOnly { sql += " AND a.readAt IS NULL" }
        var arguments = StatementArguments()
        if let expression = filter.expression {
            let compiled = FilterSQL(
                expression, feeds: feeds, now: now,
                deadline: Date().timeIntervalSince1970 + Double(filterTimeout))
            sql += " AND " + compiled.sql
            arguments = compiled.arguments
        }
        // One feed: its own index (feed, date); several: the date index, newest first.
        let index = ids.count == 1 ? "" : "INDEXED BY article_publishedAt"
        return Condition(sql: sql, arguments: arguments, feedIDs: ids, index: index)
    }

    /// Runs a filtered read or write, turning a regular expression's timeout into its sentence.
    private func filtered<T: Sendable>(
        writing: Bool = false, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(StoreError) -> T {
        do {
            return writing ? try await write(body) : try await read(body)
        } catch .failed(let reason) where reason.contains(FilterFunctions.timeoutMessage) {
            throw .filterTimedOut(seconds: Self.filterTimeout)
        }
    }
}
