import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Rows

extension NewsStore {
    static let newestFirst = "ORDER BY a.publishedAt IS NULL, a.publishedAt DESC, a.id DESC"

    /// How many (term, column, documents, occurrences) rows the full-text index and a fresh
    /// index of the articles do not share. SQLite 3.40's `integrity-check` does not compare an
    /// index with its external content; this does, term by term and column by column.
    static func fullTextDifferences(in db: Database) throws -> Int {
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE temp.integrityFresh USING fts5(
                    title, summary, content, sourceName, pageText, tokenize = '\(StoreSchema.tokenizer)');
                INSERT INTO temp.integrityFresh (rowid, title, summary, content, sourceName, pageText)
                    SELECT id, title, summary, content, sourceName, pageText FROM article;
                CREATE VIRTUAL TABLE temp.integrityLiveTerms USING fts5vocab(main, articleSearch, col);
                CREATE VIRTUAL TABLE temp.integrityFreshTerms USING fts5vocab(temp, integrityFresh, col);
                """)
        defer {
            try? db.execute(
                sql: """
                    DROP TABLE temp.integrityLiveTerms; DROP TABLE temp.integrityFreshTerms;
                    DROP TABLE temp.integrityFresh;
                    """)
        }
        let columns = "term, col, doc, cnt"
        return try Int.fetchOne(
            db,
            sql: """
                SELECT (SELECT count(*) FROM (SELECT \(columns) FROM temp.integrityLiveTerms
                        EXCEPT SELECT \(columns) FROM temp.integrityFreshTerms))
                    + (SELECT count(*) FROM (SELECT \(columns) FROM temp.integrityFreshTerms
                        EXCEPT SELECT \(columns) FROM temp.integrityLiveTerms))
                """) ?? 0
    }

    /// The `listing` row of `key`, created if needed.
    static func listingID(for key: ListingKey, in db: Database) throws -> Int64 {
        var arguments: StatementArguments = [key.canonical]
        switch key {
        case .headlines(let country, let category):
            arguments += ["headlines", country?.lowercased(), category?.rawValue, nil, nil, nil]
        case .search(let query, let sort, let language):
            arguments += [
                "search", nil, nil, ListingKey.normalizedQuery(query), sort.rawValue, language?.lowercased(),
            ]
        }
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO listing (key, kind, country, category, query, sort, language)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET kind = excluded.kind
                RETURNING id
                """)
        guard let id = try Int64.fetchAll(statement, arguments: arguments).first else {
            throw DatabaseError(message: "the listing row was not created")
        }
        return id
    }

    /// Inserts or updates the NewsAPI article `article` by URL (feed items are not touched) and
    /// returns its id. A copy lacking a field keeps the stored one; `fetched` moves
    /// `lastFetchedAt` forward (never back). A new article is added to the full-text index.
    ///
    /// A new article is inserted by a plain `INSERT`: a statement that may run the update
    /// trigger opens a savepoint, at which FTS5 writes out the index rows it holds in memory, so
    /// inserting through the upsert would flush the index once per article.
    static func upsert(_ article: Article, at now: Double, fetched: Bool, in db: Database) throws -> Int64 {
        let link = article.url.absoluteString
        let values: StatementArguments = [
            link, article.source.id, article.source.name, article.author, article.title, article.summary,
            article.imageURL?.absoluteString, article.publishedAt?.timeIntervalSince1970, article.content,
            article.omittedCharacterCount, now, now,
        ]
        let columns = """
            INSERT INTO article (url, sourceID, sourceName, author, title, summary, imageURL, publishedAt,
                content, omittedCharacterCount, firstSeenAt, lastFetchedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        guard try newsArticleID(link, in: db) != nil else {
            try db.cachedStatement(sql: columns).execute(arguments: values)
            let id = db.lastInsertedRowID
            try SearchIndex(db).add(
                id: id, title: article.title, summary: article.summary, content: article.content,
                sourceName: article.source.name)
            return id
        }
        let statement = try db.cachedStatement(
            sql: columns + """

                ON CONFLICT (url) WHERE feedID IS NULL DO UPDATE SET
                    sourceID = coalesce(excluded.sourceID, sourceID),
                    sourceName = CASE WHEN excluded.sourceName = '' THEN sourceName ELSE excluded.sourceName END,
                    author = coalesce(excluded.author, author),
                    title = excluded.title,
                    summary = coalesce(excluded.summary, summary),
                    imageURL = coalesce(excluded.imageURL, imageURL),
                    publishedAt = coalesce(excluded.publishedAt, publishedAt),
                    omittedCharacterCount = CASE WHEN excluded.content IS NULL THEN omittedCharacterCount
                        ELSE excluded.omittedCharacterCount END,
                    content = coalesce(excluded.content, content),
                    lastFetchedAt = CASE WHEN ? THEN max(lastFetchedAt, excluded.lastFetchedAt)
                        ELSE lastFetchedAt END
                RETURNING id
                """)
        guard let id = try Int64.fetchAll(statement, arguments: values + [fetched]).first else {
            throw DatabaseError(message: "the article row was not stored")
        }
        return id
    }

    /// The id of the NewsAPI article at `link`, or nil.
    static func newsArticleID(_ link: String, in db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM article WHERE url = ? AND feedID IS NULL"),
            arguments: [link])
    }

    /// An article from a row of `article`; nil if its URL no longer parses. A feed item's row
    /// (`feedID` set) needs its feed's address from `feeds` to say which item it is, and gets its
    /// numbered links and enclosures back through `decoder`.
    static func article(_ row: ArticleRow, feeds: [Int64: URL] = [:], decoder: JSONDecoder? = nil) -> Article?
    {
        guard let link: String = row["url"], let url = URL(string: link) else { return nil }
        var article = Article(
            source: ArticleSource(id: row["sourceID"], name: row["sourceName"] ?? ""),
            author: row["author"],
            title: row["title"] ?? "",
            summary: row["summary"],
            url: url,
            imageURL: (row["imageURL"] as String?).flatMap(URL.init(string:)),
            publishedAt: (row["publishedAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
            content: row["content"],
            omittedCharacterCount: row["omittedCharacterCount"])
        if let feedID: Int64 = row["feedID"], let feed = feeds[feedID], let item: String = row["itemID"] {
            article.feedItem = FeedItemReference(feed: feed, item: item)
            if let decoder {
                article.links = FeedJSON.decodeLinks(row["links"], with: decoder)
                article.enclosures = FeedJSON.decodeEnclosures(row["enclosures"], with: decoder)
            }
        }
        return article
    }

    /// The articles of rows of `article`, each once: feed items with their feed and item id,
    /// links and enclosures (one query for the feeds' addresses).
    static func articles(_ rows: [Row], in db: Database) throws -> [Article] {
        let feedIDs = Set(rows.compactMap { $0["feedID"] as Int64? })
        var feeds: [Int64: URL] = [:]
        if !feedIDs.isEmpty {
            let ids = Array(feedIDs)
            for part in ids.statementChunks {
                let found = try Row.fetchAll(
                    db,
                    sql: "SELECT id, url FROM feed WHERE id IN (\(databaseQuestionMarks(count: part.count)))",
                    arguments: StatementArguments(part))
                for row in found {
                    if let url = URL(string: row["url"] as String) { feeds[row["id"]] = url }
                }
            }
        }
        let decoder = feedIDs.isEmpty ? nil : JSONDecoder()
        let columns = ArticleRow.columns(of: rows)
        return rows.compactMap {
            article(ArticleRow(row: $0, columns: columns), feeds: feeds, decoder: decoder)
        }
        .uniquedByID()
    }

    /// The rows of the articles `ids`, in that order (an id not stored is left out): `columns`
    /// of `article a` and what `joining` adds to it.
    static func articleRows(
        withIDs ids: [Int64], columns: String = "a.*", joining: String = "", in db: Database
    ) throws -> [Row] {
        var byID: [Int64: Row] = [:]
        for chunk in ids.statementChunks {
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT \(columns) FROM article a \(joining)
                    WHERE a.id IN (\(databaseQuestionMarks(count: chunk.count)))
                    """,
                arguments: StatementArguments(chunk))
            {
                byID[row["id"]] = row
            }
        }
        return ids.compactMap { byID[$0] }
    }

    /// A page of search-like results; `savedAt` is the latest fetch among them.
    static func page(_ rows: [Row], total: Int, page: Int, pageSize: Int, at now: Date, in db: Database)
        throws
        -> ArticlePage
    {
        let latest = rows.compactMap { $0["lastFetchedAt"] as Double? }.max()
        return ArticlePage(
            articles: try articles(rows, in: db), totalResults: total, page: page,
            pageSize: pageSize,
            origin: .store(savedAt: latest.map(Date.init(timeIntervalSince1970:)) ?? now, reason: .stale))
    }

    static func emptyPage(page: Int, pageSize: Int, at now: Date) -> ArticlePage {
        ArticlePage(
            articles: [], totalResults: 0, page: page, pageSize: pageSize,
            origin: .store(savedAt: now, reason: .stale))
    }

    /// Page `page` of size `pageSize` cut from pages stored with another size, or nil unless the
    /// stored pages cover it entirely. Only the pages needed are read (a list can hold hundreds).
    static func slice(listingID: Int64, page: Int, pageSize: Int, in db: Database) throws -> ArticlePage? {
        guard let newest = try StoredPageInfo.newest(listingID, in: db) else { return nil }
        let storedSize = newest.pageSize
        let low = (page - 1) * pageSize
        let end = min(page * pageSize, newest.totalResults)
        guard low < end else { return nil }
        let needed = (low / storedSize + 1)...((end - 1) / storedSize + 1)
        let covering = try StoredPageInfo.fetch(listingID, pages: needed, in: db)
        guard covering.count == needed.count, let oldest = covering.map(\.fetchedAt).min() else { return nil }
        // The page range keeps this a walk of the few entries needed (the primary key starts
        // with listingID, page): the position test alone would read every entry of the list.
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT a.* FROM listingEntry e JOIN article a ON a.id = e.articleID
                    WHERE e.listingID = ? AND e.page BETWEEN ? AND ?
                        AND (e.page - 1) * ? + e.position BETWEEN ? AND ?
                    ORDER BY e.page, e.position
                    """),
            arguments: [
                listingID, needed.lowerBound, needed.upperBound, storedSize, low, page * pageSize - 1,
            ])
        return ArticlePage(
            articles: try articles(rows, in: db), totalResults: newest.totalResults, page: page,
            pageSize: pageSize, origin: .store(savedAt: oldest, reason: .stale))
    }
}
