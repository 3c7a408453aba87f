import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Listings

extension NewsStore {
    /// Stores a page of `key`'s list in one transaction: upserts its articles by URL, replaces
    /// what the store had for that page, and keeps its `totalResults`. Duplicate URLs within the
    /// page are stored once, at their first position.
    public func record(_ page: ArticlePage, for key: ListingKey) async throws(StoreError) {
        guard page.page >= 1, page.pageSize >= 1 else {
            throw .failed(reason: "page \(page.page) of size \(page.pageSize) cannot be stored")
        }
        let now = clock().timeIntervalSince1970
        let articles = page.articles.uniquedByID()
        try await write { db in
            let listingID = try Self.listingID(for: key, in: db)
            // A listing keeps one page size: pages of another size would overlap this one.
            try db.execute(
                sql: "DELETE FROM listingPage WHERE listingID = ? AND pageSize <> ?",
                arguments: [listingID, page.pageSize])
            try db.execute(
                sql: """
                    INSERT INTO listingPage
                        (listingID, page, pageSize, totalResults, skippedCount, reachedResultCap, fetchedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (listingID, page) DO UPDATE SET
                        pageSize = excluded.pageSize, totalResults = excluded.totalResults,
                        skippedCount = excluded.skippedCount, reachedResultCap = excluded.reachedResultCap,
                        fetchedAt = excluded.fetchedAt
                    """,
                arguments: [
                    listingID, page.page, page.pageSize, page.totalResults, page.skippedCount,
                    page.reachedResultCap, now,
                ])
            try db.execute(
                sql: "DELETE FROM listingEntry WHERE listingID = ? AND page = ?",
                arguments: [listingID, page.page])
            let insertEntry = try db.cachedStatement(
                sql: "INSERT INTO listingEntry (listingID, page, position, articleID) VALUES (?, ?, ?, ?)")
            for (position, article) in articles.enumerated() {
                let articleID = try Self.upsert(article, at: now, fetched: true, in: db)
                try insertEntry.execute(arguments: [listingID, page.page, position, articleID])
            }
        }
    }

    /// The stored copy of page `page` of `key`'s list, with origin
    /// `.store(savedAt: <when it was fetched>, reason: .stale)`, or nil when it is not stored.
    ///
    /// When the list was stored with another page size, the page is cut from the stored ones if
    /// they cover it entirely; `savedAt` is then the oldest of the pages it came from.
    public func storedPage(for key: ListingKey, page: Int, pageSize: Int) async throws(StoreError)
        -> ArticlePage?
    {
        guard page >= 1, pageSize >= 1 else { return nil }
        let canonical = key.canonical
        return try await read { db in
            guard
                let listingID = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT id FROM listing WHERE key = ?"), arguments: [canonical])
            else { return nil }
            if let exact = try StoredPageInfo.fetch(listingID, pages: page...page, in: db).first,
                exact.pageSize == pageSize
            {
                let rows = try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT a.* FROM listingEntry e JOIN article a ON a.id = e.articleID
                            WHERE e.listingID = ? AND e.page = ? ORDER BY e.position
                            """),
                    arguments: [listingID, page])
                return ArticlePage(
                    articles: try Self.articles(rows, in: db), totalResults: exact.totalResults,
                    page: page, pageSize: pageSize, skippedCount: exact.skippedCount,
                    reachedResultCap: exact.reachedResultCap,
                    origin: .store(savedAt: exact.fetchedAt, reason: .stale))
            }
            return try Self.slice(listingID: listingID, page: page, pageSize: pageSize, in: db)
        }
    }

    /// True when at least one page of `key`'s list is stored.
    public func hasListing(for key: ListingKey) async throws(StoreError) -> Bool {
        let canonical = key.canonical
        return try await read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM listing l JOIN listingPage p ON p.listingID = l.id
                    WHERE l.key = ?)
                    """,
                arguments: [canonical]) ?? false
        }
    }

    /// The newest stored NewsAPI articles (by `publishedAt`, undated last): those that appeared
    /// in headlines of `category`, or every stored one when `category` is nil; never feed items.
    /// For offline headlines when the exact list was never stored. Origin `.store(savedAt: <the
    /// latest fetch among them>, reason: .stale)`.
    public func newestArticles(category: NewsCategory?, page: Int, pageSize: Int) async throws(StoreError)
        -> ArticlePage
    {
        let now = clock()
        guard page >= 1, pageSize >= 1 else { return Self.emptyPage(page: page, pageSize: pageSize, at: now) }
        return try await read { db in
            let filter: String
            var arguments: StatementArguments = []
            if let category {
                filter = """
                    WHERE a.id IN (SELECT e.articleID FROM listingEntry e JOIN listing l ON l.id = e.listingID
                    WHERE l.kind = 'headlines' AND l.category = ?)
                    """
                arguments += [category.rawValue]
            } else {
                filter = "WHERE a.feedID IS NULL"
            }
            let total = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM article a \(filter)", arguments: arguments)
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT a.* FROM article a \(filter) \(Self.newestFirst) LIMIT ? OFFSET ?",
                arguments: arguments + [pageSize, (page - 1) * pageSize])
            return try Self.page(rows, total: total ?? 0, page: page, pageSize: pageSize, at: now, in: db)
        }
    }
}

extension [Article] {
    /// The articles without repeats (by ``Article/id``), each where it first appears.
    func uniquedByID() -> [Article] {
        var seen: Set<ArticleID> = []
        return filter { seen.insert($0.id).inserted }
    }
}
