import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension NewsStore {
    /// Reader mode's text of `article`, as kept by ``recordReaderText(_:for:)``; nil when its page
    /// was never read or the article is not stored.
    public func readerText(for article: Article) async throws(StoreError) -> ReaderText? {
        let (condition, arguments) = Self.row(of: article)
        return try await read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT pageText, pageLinks, pageByline, pagePublishedAt, pageImageURL, pageFetchedAt
                        FROM article WHERE \(condition) AND pageText IS NOT NULL
                        """,
                    arguments: arguments),
                let text: String = row["pageText"]
            else { return nil }
            return ReaderText(
                text: text,
                links: FeedJSON.decodeLinks(row["pageLinks"], with: JSONDecoder()),
                byline: row["pageByline"],
                published: (row["pagePublishedAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
                leadImage: (row["pageImageURL"] as String?).flatMap(URL.init(string:)),
                fetchedAt: Date(timeIntervalSince1970: row["pageFetchedAt"] ?? 0))
        }
    }

    /// Keeps `text` with `article`, in place of what an earlier read of its page gave, and indexes
    /// it for search. A NewsAPI article not stored yet is stored first, as saving it would; a feed
    /// item that is no longer stored is left alone. The text goes with its article (retention,
    /// `cache clear`). Returns whether the text was kept.
    @discardableResult
    public func recordReaderText(_ text: ReaderText, for article: Article) async throws(StoreError) -> Bool {
        let now = clock().timeIntervalSince1970
        let (condition, arguments) = Self.row(of: article)
        return try await write { db in
            if article.feedItem == nil {
                _ = try Self.upsert(article, at: now, fetched: false, in: db)
            }
            return try Self.write(text, where: condition, arguments, in: db)
        }
    }

    /// Sets the page columns of the rows `condition` picks to `text`; true when there was one.
    static func write(
        _ text: ReaderText, where condition: String, _ arguments: StatementArguments, in db: Database
    )
        throws -> Bool
    {
        let values: StatementArguments = [
            text.text, FeedJSON.links(text.links), text.byline, text.published?.timeIntervalSince1970,
            text.leadImage?.absoluteString, text.fetchedAt.timeIntervalSince1970,
        ]
        try db.execute(
            sql: """
                UPDATE article SET pageText = ?, pageLinks = ?, pageByline = ?, pagePublishedAt = ?,
                    pageImageURL = ?, pageFetchedAt = ?
                WHERE \(condition)
                """,
            arguments: values + arguments)
        return db.changesCount > 0
    }

    /// False when `article` is a feed item whose address is not a page of its own (an item with
    /// neither a link nor an id that is a web address is shown at its feed's site); true
    /// otherwise, and for items not stored.
    public func hasOwnPage(_ article: Article) async throws(StoreError) -> Bool {
        guard article.feedItem != nil else { return true }
        let (condition, arguments) = Self.row(of: article)
        return try await read { db in
            try Bool.fetchOne(
                db, sql: "SELECT urlIsLink OR url = itemID FROM article WHERE \(condition)",
                arguments: arguments)
                ?? true
        }
    }

    /// The condition that picks `article`'s row, and its arguments.
    private static func row(of article: Article) -> (String, StatementArguments) {
        guard let item = article.feedItem else {
            return ("url = ? AND feedID IS NULL", [article.url.absoluteString])
        }
        return (
            "feedID = (SELECT id FROM feed WHERE url = ?) AND itemID = ?",
            [item.feed.absoluteString, item.item]
        )
    }
}
