import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension NewsStore {
    /// The items of the feeds at `feeds` merged into one list, newest first (undated last, then
    /// the last stored first), as ``Article``s with their feed reference, links and enclosures;
    /// only unread ones when `unreadOnly`. Feeds not stored (or unsubscribed) add nothing.
    ///
    /// The list walks the date index from the newest item and stops once the page is full, so the
    /// newest items of 199 feeds holding 100,000 items take a millisecond, not a sort of them all.
    public func feedArticles(of feeds: [URL], unreadOnly: Bool = false, limit: Int, offset: Int = 0)
        async throws(StoreError) -> [Article]
    {
        guard !feeds.isEmpty, limit > 0 else { return [] }
        let addresses = Array(Set(feeds.map(\.absoluteString)))
        return try await read { db in
            let ids = try Self.feedIDs(addresses, in: db)
            guard !ids.isEmpty else { return [] }
            let unread = (unreadOnly ? "AND a.readAt IS NULL " : "") + "AND a.hidden = 0"
            let rows: [Row]
            if ids.count == 1 {
                rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT a.* FROM article a WHERE a.feedID = ? \(unread)
                        ORDER BY a.publishedAt DESC, a.id DESC LIMIT ? OFFSET ?
                        """,
                    arguments: [ids[0], limit, offset])
            } else {
                rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT a.* FROM article a INDEXED BY article_publishedAt
                        WHERE \(FeedIDCondition.sql("a.feedID", in: ids)) \(unread)
                        ORDER BY a.publishedAt DESC, a.id DESC LIMIT ? OFFSET ?
                        """,
                    arguments: [limit, offset])
            }
            return try Self.articles(rows, in: db)
        }
    }

    /// The first unread item of the feeds at `feeds` (merged, newest first) that comes after
    /// `item` in that order, or the first unread item when `item` is nil (or not among them).
    public func nextUnreadFeedArticle(in feeds: [URL], after item: FeedItemReference?)
        async throws(StoreError)
        -> Article?
    {
        guard !feeds.isEmpty else { return nil }
        let addresses = Array(Set(feeds.map(\.absoluteString)))
        return try await read { db in
            let ids = try Self.feedIDs(addresses, in: db)
            guard !ids.isEmpty else { return nil }
            let (after, afterArguments) = try Self.listed(after: item, in: db)
            let index = ids.count == 1 ? "" : "INDEXED BY article_publishedAt"
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT a.* FROM article a \(index)
                    WHERE \(FeedIDCondition.sql("a.feedID", in: ids)) AND a.readAt IS NULL
                        AND a.hidden = 0 \(after)
                    ORDER BY a.publishedAt DESC, a.id DESC LIMIT 1
                    """,
                arguments: afterArguments)
            return try Self.articles(rows, in: db).first
        }
    }

    /// The ids of the subscribed feeds at `addresses`.
    private static func feedIDs(_ addresses: [String], in db: Database) throws -> [Int64] {
        var ids: [Int64] = []
        for chunk in addresses.statementChunks {
            ids += try Int64.fetchAll(
                db,
                sql: """
                    SELECT id FROM feed WHERE removedAt IS NULL
                    AND url IN (\(databaseQuestionMarks(count: chunk.count)))
                    """,
                arguments: StatementArguments(chunk))
        }
        return ids
    }

    /// The condition (`AND …` over `article a`) that keeps the items after `item` in a list of
    /// feed items newest first, and its arguments; empty when `item` is nil or not stored. Later
    /// in the list: an older date, or the same date and a smaller id; undated items (NULL) come
    /// after every dated one.
    static func listed(after item: FeedItemReference?, in db: Database) throws -> (String, StatementArguments)
    {
        guard let item,
            let position = try Row.fetchOne(
                db,
                sql: """
                    SELECT a.publishedAt, a.id FROM feed f JOIN article a ON a.feedID = f.id
                    WHERE f.url = ? AND a.itemID = ?
                    """,
                arguments: [item.feed.absoluteString, item.item])
        else { return ("", []) }
        let date: Double? = position[0]
        let id: Int64 = position[1]
        guard let date else { return ("AND a.publishedAt IS NULL AND a.id < ?", [id]) }
        return (
            "AND (a.publishedAt < ? OR a.publishedAt IS NULL OR (a.publishedAt = ? AND a.id < ?))",
            [date, date, id]
        )
    }
}
