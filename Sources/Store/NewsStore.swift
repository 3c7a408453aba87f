import Foundation
import GRDB
import NewsModels

/// The local article store: every page the app fetched, what the user read and saved, and a
/// full-text index over it all, in one SQLite file.
///
/// A store wraps a GRDB `DatabasePool` (WAL mode, so reads never wait for a write, with a busy
/// timeout so that two app instances on one file take turns instead of failing). Every method
/// runs on GRDB's own queues, never blocking the caller's thread, and each write is one
/// transaction. Open one with ``open(at:clock:)``; tests can use ``inMemory(clock:)``.
public struct NewsStore: Sendable {
    /// The database, replaced when it turns out to be damaged (see ``StoreDatabase``); shared by
    /// every copy of this store.
    let database: StoreDatabase
    let clock: @Sendable () -> Date
    /// The database file; nil for an in-memory store.
    public let path: String?

    init(writer: any DatabaseWriter, clock: @escaping @Sendable () -> Date, path: String?) {
        database = StoreDatabase(writer: writer, path: path, clock: clock)
        self.clock = clock
        self.path = path
    }

    /// The database in use now.
    var writer: any DatabaseWriter { database.writer }

    /// Sentences for the user about the store itself, each delivered once to `handler` (those
    /// from before it was set too): when the file turns out to be damaged while the app runs, it
    /// is moved aside to `news.sqlite.corrupt-<yyyyMMdd-HHmmss>`, a new store replaces it, and
    /// the notice says so in one line, with how many saved articles were copied into the new one.
    /// A later handler replaces an earlier one.
    public func deliverNotices(to handler: @escaping @Sendable (String) -> Void) {
        database.deliverNotices(to: handler)
    }

    /// A store in memory, with the full schema, for tests and previews.
    public static func inMemory(clock: @escaping @Sendable () -> Date = { Date() }) throws(StoreError)
        -> NewsStore
    {
        do {
            let queue = try DatabaseQueue(configuration: StoreOpener.configuration())
            try StoreSchema.migrator.migrate(queue)
            return NewsStore(writer: queue, clock: clock, path: nil)
        } catch {
            throw .unavailable(path: ":memory:", reason: StoreError(error).reasonText)
        }
    }

    /// Folds the write-ahead log into the database file and closes it, once no operation is
    /// running on it. Later calls fail with ``StoreError/failed(reason:)``; an operation must
    /// not be started while this runs.
    public func close() throws(StoreError) {
        guard let writer = database.markClosed() else { return }
        if path != nil {
            // Best effort: another instance reading the file can keep the log from emptying.
            try? writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        do { try writer.close() } catch { throw StoreError(error) }
    }

    // MARK: - Listings

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

    // MARK: - Read and saved

    /// Marks `url` read now, and the feed items at `url` too. The article need not be stored.
    public func markRead(_ url: URL) async throws(StoreError) {
        let now = clock().timeIntervalSince1970
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO readMark (url, readAt) VALUES (?, ?)
                    ON CONFLICT (url) DO UPDATE SET readAt = excluded.readAt
                    """,
                arguments: [url.absoluteString, now])
        }
    }

    /// The URLs of `urls` that were marked read. Feed items keep their own marks
    /// (``markFeedItemRead(feed:itemID:read:)``): items of a feed may share an address.
    public func readURLs(among urls: [URL]) async throws(StoreError) -> Set<URL> {
        guard !urls.isEmpty else { return [] }
        let links = Array(Set(urls.map(\.absoluteString)))
        let read = try await read { db in
            var read: Set<String> = []
            for start in stride(from: 0, to: links.count, by: 500) {
                let chunk = Array(links[start..<min(start + 500, links.count)])
                let marks = databaseQuestionMarks(count: chunk.count)
                read.formUnion(
                    try String.fetchAll(
                        db,
                        sql: "SELECT url FROM readMark WHERE url IN (\(marks))",
                        arguments: StatementArguments(chunk)))
            }
            return read
        }
        return Set(urls.filter { read.contains($0.absoluteString) })
    }

    /// Saves `article` (storing it if needed). Saved articles are never evicted nor cleared.
    /// Saving again keeps the first `savedAt`. Feed items are saved as items
    /// (``markFeedItemSaved(feed:itemID:saved:)``).
    public func save(_ article: Article) async throws(StoreError) {
        let now = clock().timeIntervalSince1970
        try await write { db in
            let articleID = try Self.upsert(article, at: now, fetched: false, in: db)
            try db.execute(
                sql:
                    "INSERT INTO saved (articleID, savedAt) VALUES (?, ?) ON CONFLICT (articleID) DO NOTHING",
                arguments: [articleID, now])
        }
    }

    /// Unsaves the article at `url`; it stays stored like any other, and can be evicted.
    public func unsave(_ url: URL) async throws(StoreError) {
        try await write { db in
            try db.execute(
                sql:
                    "DELETE FROM saved WHERE articleID IN (SELECT id FROM article WHERE url = ? AND feedID IS NULL)",
                arguments: [url.absoluteString])
        }
    }

    public func isSaved(_ url: URL) async throws(StoreError) -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM saved
                    WHERE articleID IN (SELECT id FROM article WHERE url = ? AND feedID IS NULL))
                    """,
                arguments: [url.absoluteString]) ?? false
        }
    }

    /// Saved articles, the most recently saved first.
    public func savedArticles() async throws(StoreError) -> [Article] {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT a.* FROM saved s JOIN article a ON a.id = s.articleID ORDER BY s.savedAt DESC, s.rowid DESC"
            )
            return try Self.articles(rows, in: db)
        }
    }

    // MARK: - Housekeeping

    /// Removes what was not fetched since `date`, and returns how many articles went.
    ///
    /// Age is `lastFetchedAt`, the last time a recorded page held the article, not
    /// `publishedAt`: an old article that today's headlines still show stays, so a stored page
    /// never loses articles while it is fresh. Goes: listing pages fetched before `date` (and
    /// lists left with none), unsaved articles last fetched before `date`, and read marks older
    /// than `date` whose article is gone. Saved articles always stay, and so do feed items, which
    /// have their own retention (``applyFeedRetention(maxItemsPerFeed:olderThan:)``).
    @discardableResult
    public func evict(olderThan date: Date) async throws(StoreError) -> Int {
        let cutoff = date.timeIntervalSince1970
        return try await write { db in
            try db.execute(sql: "DELETE FROM listingPage WHERE fetchedAt < ?", arguments: [cutoff])
            try db.execute(sql: "DELETE FROM listing WHERE id NOT IN (SELECT listingID FROM listingPage)")
            try db.execute(
                sql: """
                    DELETE FROM article
                    WHERE feedID IS NULL AND lastFetchedAt < ? AND id NOT IN (SELECT articleID FROM saved)
                    """,
                arguments: [cutoff])
            let evicted = db.changesCount
            try Self.evictReadMarks(olderThan: cutoff, in: db)
            return evicted
        }
    }

    /// Like ``evict(olderThan:)``, a bounded step at a time, so it can run at launch: removes at
    /// most `limit` unsaved NewsAPI articles last fetched before `date` (never feed items) and at
    /// most `limit / 50` listing pages fetched before then (a page holds up to 100 articles), the
    /// oldest first, in one short transaction. Returns how many articles went; when that is `limit`, more may be left for
    /// another call.
    @discardableResult
    public func evict(olderThan date: Date, limit: Int) async throws(StoreError) -> Int {
        let cutoff = date.timeIntervalSince1970
        let limit = max(limit, 1)
        let pageLimit = max(limit / 50, 1)
        return try await write { db in
            try db.execute(
                sql: """
                    DELETE FROM listingPage WHERE (listingID, page) IN (
                        SELECT listingID, page FROM listingPage WHERE fetchedAt < ? ORDER BY fetchedAt LIMIT ?)
                    """,
                arguments: [cutoff, pageLimit])
            if db.changesCount > 0 {
                try db.execute(sql: "DELETE FROM listing WHERE id NOT IN (SELECT listingID FROM listingPage)")
            }
            try db.execute(
                sql: """
                    DELETE FROM article WHERE id IN (
                        SELECT id FROM article
                        WHERE feedID IS NULL AND lastFetchedAt < ? AND id NOT IN (SELECT articleID FROM saved)
                        ORDER BY lastFetchedAt LIMIT ?)
                    """,
                arguments: [cutoff, limit])
            let evicted = db.changesCount
            try Self.evictReadMarks(olderThan: cutoff, in: db)
            return evicted
        }
    }

    /// Removes read marks older than `cutoff` whose NewsAPI article is gone.
    private static func evictReadMarks(olderThan cutoff: Double, in db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM readMark WHERE readAt < ?
                    AND NOT EXISTS (SELECT 1 FROM article a WHERE a.url = readMark.url AND a.feedID IS NULL)
                """,
            arguments: [cutoff])
    }

    /// Removes every list, every read mark and every article that is not saved, as
    /// ``clear(includingSaved:)`` does without `includingSaved`.
    public func clear() async throws(StoreError) {
        _ = try await clear(includingSaved: false)
    }

    /// What ``clear(includingSaved:)`` removed.
    public struct Cleared: Sendable, Equatable {
        /// Feed items included.
        public var articles: Int
        /// Saved articles that were unsaved and removed; 0 unless saved ones were included.
        public var saved: Int
        public var readMarks: Int
        /// Lists (``ListingKey``s) with their stored pages.
        public var listings: Int
        /// Saved articles that were kept.
        public var keptSaved: Int

        public init(articles: Int, saved: Int, readMarks: Int, listings: Int, keptSaved: Int) {
            self.articles = articles
            self.saved = saved
            self.readMarks = readMarks
            self.listings = listings
            self.keptSaved = keptSaved
        }
    }

    /// Removes every list, every read mark and every NewsAPI article that is not saved, and with
    /// `includingSaved` the saved articles too, in one transaction; returns what went.
    ///
    /// Feeds stay subscribed: their rows stay, with their validators dropped so that the next
    /// refresh fetches every document whole and brings their unread items back, which go now
    /// unless saved. Read feed items stay, so that the refresh does not bring them back unread.
    public func clear(includingSaved: Bool) async throws(StoreError) -> Cleared {
        try await write { db in
            var removedSaved = 0
            if includingSaved {
                try db.execute(sql: "DELETE FROM saved")
                removedSaved = db.changesCount
            }
            try db.execute(sql: "DELETE FROM listing")
            let listings = db.changesCount
            try db.execute(sql: "DELETE FROM readMark")
            let readMarks = db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM article WHERE (feedID IS NULL OR readAt IS NULL)
                        AND id NOT IN (SELECT articleID FROM saved)
                    """)
            let articles = db.changesCount
            try Self.forgetFeedDocuments(in: db)
            let kept = try Int.fetchOne(db, sql: "SELECT count(*) FROM saved") ?? 0
            return Cleared(
                articles: articles, saved: removedSaved, readMarks: readMarks, listings: listings,
                keptSaved: kept)
        }
    }

    /// Merges the full-text index, rebuilds the file to its smallest size and empties the
    /// write-ahead log.
    public func vacuum() async throws(StoreError) {
        let inFile = path != nil
        try await database.perform { writer in
            try await writer.write { db in
                try db.execute(sql: "INSERT INTO articleSearch (articleSearch) VALUES ('optimize')")
            }
            try await writer.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM")
                if inFile { try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            }
        }
    }

    /// Counts, sizes and dates.
    public func stats() async throws(StoreError) -> StoreStats {
        let path = path
        var stats = try await read { db in
            let counts = try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT count(*) FROM article) AS articles, (SELECT count(*) FROM saved) AS saved,
                        (SELECT count(*) FROM readMark) AS reads, (SELECT count(*) FROM listing) AS listings,
                        (SELECT count(*) FROM listingPage) AS pages,
                        (SELECT min(publishedAt) FROM article) AS oldest,
                        (SELECT max(publishedAt) FROM article) AS newest
                    """)
            return StoreStats(
                articleCount: counts?["articles"] ?? 0, savedCount: counts?["saved"] ?? 0,
                readCount: counts?["reads"] ?? 0, listingCount: counts?["listings"] ?? 0,
                listingPageCount: counts?["pages"] ?? 0, fileSize: 0,
                oldestArticle: (counts?["oldest"] as Double?).map(Date.init(timeIntervalSince1970:)),
                newestArticle: (counts?["newest"] as Double?).map(Date.init(timeIntervalSince1970:)),
                path: path)
        }
        if let path {
            stats.fileSize = [path, path + "-wal"].reduce(Int64(0)) { total, file in
                let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size]) as? NSNumber
                return total + (size?.int64Value ?? 0)
            }
        }
        return stats
    }

    /// Problems found by SQLite's `integrity_check`, the full-text index's own check, a
    /// comparison of the index with a fresh index of the articles, and one of each feed's counts
    /// with its items; empty when the store is sound. Reads and re-indexes everything (seconds for 100,000 articles): for diagnostics
    /// and tests, not for every launch.
    public func checkIntegrity() async throws(StoreError) -> [String] {
        try await write { db in
            var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            do {
                try db.execute(sql: "INSERT INTO articleSearch (articleSearch) VALUES ('integrity-check')")
                let differences = try Self.fullTextDifferences(in: db)
                if differences > 0 {
                    problems.append("full-text index: \(differences) entries differ from the articles")
                }
            } catch let error as DatabaseError {
                problems.append("full-text index: " + StoreError.reason(error))
            }
            let miscounted = try Self.miscountedFeeds(in: db)
            if miscounted > 0 {
                problems.append("feeds: \(miscounted) hold other item or unread counts than their items")
            }
            return problems
        }
    }

    // MARK: - Database access

    // GRDB crashes on a closed database queue instead of throwing: StoreDatabase refuses
    // operations once the store is closed.

    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        try await database.perform { try await $0.read(body) }
    }

    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        try await database.perform { try await $0.write(body) }
    }
}

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
            for chunk in stride(from: 0, to: ids.count, by: 500) {
                let part = Array(ids[chunk..<min(chunk + 500, ids.count)])
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

/// A row of `article` whose columns are found by name through a table made once for all the rows
/// of a result: GRDB finds a name by lowercasing every column's name at every lookup, which for
/// the twenty-odd columns an article reads was 80,000 instructions a row (a sixth of a cold
/// start's work, and of a search's).
struct ArticleRow {
    let row: Row
    let columns: [String: Int]

    /// Each column's index by its name, the first of a name.
    static func columns(of rows: [Row]) -> [String: Int] {
        let names = rows.first.map { Array($0.columnNames) } ?? []
        return Dictionary(zip(names, names.indices)) { first, _ in first }
    }

    /// The value of the column `name` (as the schema spells it), nil when NULL or absent.
    subscript<Value: DatabaseValueConvertible>(_ name: String) -> Value? {
        columns[name].flatMap { row[$0] }
    }
}

/// A row of `listingPage`.
struct StoredPageInfo {
    var page: Int
    var pageSize: Int
    var totalResults: Int
    var skippedCount: Int
    var reachedResultCap: Bool
    var fetchedAt: Date

    private static let columns = "page, pageSize, totalResults, skippedCount, reachedResultCap, fetchedAt"

    /// The stored pages of the listing numbered within `pages`, in order.
    static func fetch(_ listingID: Int64, pages: ClosedRange<Int>, in db: Database) throws -> [StoredPageInfo]
    {
        try Row.fetchAll(
            db.cachedStatement(
                sql:
                    "SELECT \(columns) FROM listingPage WHERE listingID = ? AND page BETWEEN ? AND ? ORDER BY page"
            ),
            arguments: [listingID, pages.lowerBound, pages.upperBound]
        ).map(Self.init)
    }

    /// The listing's page fetched last, whose size and total the list has now.
    static func newest(_ listingID: Int64, in db: Database) throws -> StoredPageInfo? {
        try Row.fetchOne(
            db.cachedStatement(
                sql:
                    "SELECT \(columns) FROM listingPage WHERE listingID = ? ORDER BY fetchedAt DESC, page LIMIT 1"
            ),
            arguments: [listingID]
        ).map(Self.init)
    }

    private init(_ row: Row) {
        page = row[0]
        pageSize = row[1]
        totalResults = row[2]
        skippedCount = row[3]
        reachedResultCap = row[4]
        fetchedAt = Date(timeIntervalSince1970: row[5])
    }
}

extension [Article] {
    /// The articles without repeats (by ``Article/id``), each where it first appears.
    func uniquedByID() -> [Article] {
        var seen: Set<ArticleID> = []
        return filter { seen.insert($0.id).inserted }
    }
}

extension StoreError {
    /// The reason part, for wrapping into another case.
    var reasonText: String {
        switch self {
        case .unavailable(_, let reason), .cannotSetAside(_, let reason), .failed(let reason): reason
        case .cancelled: "cancelled"
        case .filterTimedOut(let seconds): "a filter ran longer than \(seconds) seconds"
        }
    }
}
