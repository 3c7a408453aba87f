import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension NewsStore {
    /// Relevancy ranks at most this many matches, the ones stored last: bm25 scores every match
    /// it ranks, which for a word in a third of 100,000 articles takes tens of milliseconds.
    public static let rankedMatchLimit = 1_000

    /// From this many matches on, the newest are found by walking the date index and keeping the
    /// matches, rather than by sorting every match by date.
    static let dateWalkThreshold = 1_000

    /// Stored articles matching `text` through the full-text index, one page at a time, with
    /// origin `.store(savedAt: <the latest fetch among the page's articles>, reason: .stale)`.
    ///
    /// `text` is read as NewsAPI's syntax (``SearchQuery``: words, `"phrases"`, `+must`, `-not`,
    /// `AND`, `OR`, `NOT`, parentheses) and turned into a safe FTS5 expression (``FullTextMatch``):
    /// nothing typed is ever FTS5 syntax, and no input makes this throw. `.relevancy` ranks by
    /// bm25 with the title weighted highest (title 10,
    /// description 4, source 2, content 1, the page's text that reader mode kept 1), among the
    /// ``rankedMatchLimit`` matches stored last when there are more (the page that reaches
    /// that limit says `reachedResultCap`); `.publishedAt` is newest first, over every match;
    /// `.popularity`, which the store knows nothing of, ranks by relevancy. A query that only
    /// excludes (`-sport`, `NOT (a OR b)`) matches every article without them, newest first.
    /// `totalResults` counts every match.
    public func search(
        _ text: String, sort: ArticleSortOrder = .relevancy, page: Int = 1, pageSize: Int = 20,
        among scope: SearchScope = .everything
    ) async throws(StoreError) -> ArticlePage {
        let now = clock()
        guard page >= 1, pageSize >= 1, let match = FullTextMatch(SearchQuery(text)) else {
            return Self.emptyPage(page: max(page, 1), pageSize: max(pageSize, 1), at: now)
        }
        return try await read { db in
            try Self.mapForScans(db)
            let window = PageWindow(page: page, pageSize: pageSize)
            let expression: String
            switch match {
            case .matching(let matching):
                expression = matching
            case .excluding(let excluded):
                let (rows, total) = try Self.allBut(excluded, window, scope: scope, in: db)
                return try Self.page(rows, total: total, page: page, pageSize: pageSize, at: now, in: db)
            }
            let total =
                try Int.fetchOne(
                    db,
                    sql: scope == .everything
                        ? "SELECT count(*) FROM articleSearch WHERE articleSearch MATCH ?"
                        : """
                        SELECT count(*) FROM articleSearch JOIN article a ON a.id = articleSearch.rowid
                        WHERE articleSearch MATCH ? \(scope.condition("a"))
                        """,
                    arguments: [expression]) ?? 0
            if sort == .publishedAt {
                let rows = try Self.newest(matching: expression, total: total, window, scope: scope, in: db)
                return try Self.page(rows, total: total, page: page, pageSize: pageSize, at: now, in: db)
            }
            let rows = try Self.mostRelevant(matching: expression, total: total, window, scope: scope, in: db)
            var result = try Self.page(rows, total: total, page: page, pageSize: pageSize, at: now, in: db)
            result.reachedResultCap = total > Self.rankedMatchLimit && window.end >= Self.rankedMatchLimit
            return result
        }
    }

    /// How much of the file a connection that has searched or filtered maps (SQLite reads the rest).
    static let scanMapSize = 256 << 20

    /// Maps the file on the reading connection `db`, from its first search or filtered read on.
    ///
    /// A search joins its matches to their articles in random order, and through SQLite's 2 MB
    /// page cache each of those reads would be a `pread` of a 16 KiB page; mapped, it is a memory
    /// read, several times faster. A filter that reads the whole date index (a query feed's
    /// count) would read all of it through that cache at every count. Other reads (a list, the
    /// front page) touch few pages, which a map would count in the app's memory with their
    /// neighbours (the kernel maps up to 64 KiB around each page touched), so mapping every
    /// reading connection from the start would add megabytes to a cold start's peak. The writer
    /// never maps the file: a refresh would count every page it touches. BENCHMARKS.md
    /// (“Measurements behind the code”) has the numbers.
    static func mapForScans(_ db: Database) throws {
        try db.execute(sql: "PRAGMA mmap_size = \(scanMapSize)")
    }

    // MARK: Orders

    /// Which rows of a result a page holds.
    struct PageWindow {
        var limit: Int
        var offset: Int
        var end: Int { offset + limit }

        init(page: Int, pageSize: Int) {
            limit = pageSize
            offset = (page - 1) * pageSize
        }
    }

    /// Newest first (``newestFirst``). Few matches are joined and sorted; many are found by
    /// walking the date index, whose order (publishedAt, then id, descending, undated last) is
    /// the same, until the page is full: a chunk of articles at a time when their ids lie close
    /// together (``newestByChunks(matching:total:_:scope:in:)``), else keeping the articles whose
    /// id is in the set of every match.
    static func newest(
        matching expression: String, total: Int, _ window: PageWindow, scope: SearchScope = .everything,
        in db: Database
    ) throws -> [Row] {
        guard total >= dateWalkThreshold else {
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT a.* FROM articleSearch JOIN article a ON a.id = articleSearch.rowid
                    WHERE articleSearch MATCH ? \(scope.condition("a")) \(newestFirst) LIMIT ? OFFSET ?
                    """,
                arguments: [expression, window.limit, window.offset])
        }
        if let ids = try newestByChunks(matching: expression, total: total, window, scope: scope, in: db) {
            return try articleRows(withIDs: ids, in: db)
        }
        return try Row.fetchAll(
            db,
            sql: """
                SELECT a.* FROM article a WHERE a.id IN (
                    SELECT x.id FROM article x INDEXED BY article_publishedAt
                    WHERE x.id IN (SELECT rowid FROM articleSearch WHERE articleSearch MATCH ?)
                        \(scope.condition("x"))
                    ORDER BY x.publishedAt DESC, x.id DESC LIMIT ? OFFSET ?)
                \(newestFirst)
                """,
            arguments: [expression, window.limit, window.offset])
    }

    /// The ids of the window's matches, newest first, found by walking the date index a chunk
    /// at a time and asking the full-text index only for the matches between the chunk's lowest
    /// and highest id; nil when that would not be cheap, and the caller looks every match up.
    ///
    /// Building the set of every match is most of the cost of a common word's newest page (a
    /// third of 100,000 articles: 32,790 ids), while its newest 20 are among the first 60
    /// articles walked. Articles stored together were mostly published together, so a chunk's
    /// ids lie close together and its range holds about the chunk's own matches. Where they do
    /// not (a chunk's ids spread over more than ``chunkSpread`` times its size), or the matches
    /// are so far back that the walk passes ``chunkWalkLimit`` chunks, this gives up: at worst
    /// it has walked those few thousand index entries for nothing.
    static func newestByChunks(
        matching expression: String, total: Int, _ window: PageWindow, scope: SearchScope = .everything,
        in db: Database
    ) throws -> [Int64]? {
        guard window.offset < total else { return [] }
        let highestID = try Int64.fetchOne(db, sql: "SELECT max(id) FROM article") ?? 0
        // The articles walked to meet the window's matches, were they spread evenly.
        let expected = Double(window.end) * Double(highestID) / Double(max(total, 1))
        let size = Int(min(max(2 * expected, 64), 4_096))
        let walk = try Int64.fetchCursor(
            db,
            sql: """
                SELECT x.id FROM article x INDEXED BY article_publishedAt WHERE 1 \(scope.condition("x"))
                ORDER BY x.publishedAt DESC, x.id DESC
                """)
        let inRange = try db.cachedStatement(
            sql: "SELECT rowid FROM articleSearch WHERE articleSearch MATCH ? AND rowid BETWEEN ? AND ?")
        let spread = Int64(chunkSpread * size)
        var found: [Int64] = []
        var chunk: [Int64] = []
        for chunks in 0..<chunkWalkLimit {
            chunk.removeAll(keepingCapacity: true)
            var (low, high) = (Int64.max, Int64.min)
            while chunk.count < size, let id = try walk.next() {
                (low, high) = (min(low, id), max(high, id))
                // Scattered ids: the range would hold most matches; stop before walking further.
                guard high - low < spread else { return nil }
                chunk.append(id)
            }
            guard !chunk.isEmpty else { break }
            let matches = Set(try Int64.fetchAll(inRange, arguments: [expression, low, high]))
            found += chunk.filter(matches.contains)
            if found.count >= window.end || chunk.count < size { break }
            if chunks == chunkWalkLimit - 1 { return nil }
        }
        return Array(found.dropFirst(window.offset).prefix(window.limit))
    }

    /// How far apart a chunk's ids may lie, in chunk sizes, for ``newestByChunks(matching:total:_:scope:in:)``.
    static let chunkSpread = 16
    /// How many chunks ``newestByChunks(matching:total:_:scope:in:)`` walks at most.
    static let chunkWalkLimit = 16

    /// By bm25, then newest; over the ``rankedMatchLimit`` matches stored last when there are more.
    static func mostRelevant(
        matching expression: String, total: Int, _ window: PageWindow, scope: SearchScope = .everything,
        in db: Database
    ) throws -> [Row] {
        var lowestID: Int64 = 0
        var limit = window.limit
        if total > rankedMatchLimit {
            limit = min(limit, rankedMatchLimit - window.offset)
            guard window.offset < rankedMatchLimit else { return [] }
            lowestID =
                try Int64.fetchOne(
                    db,
                    sql: scope == .everything
                        ? """
                        SELECT rowid FROM articleSearch WHERE articleSearch MATCH ?
                        ORDER BY rowid DESC LIMIT 1 OFFSET ?
                        """
                        : """
                        SELECT articleSearch.rowid FROM articleSearch JOIN article a ON a.id = articleSearch.rowid
                        WHERE articleSearch MATCH ? \(scope.condition("a"))
                        ORDER BY articleSearch.rowid DESC LIMIT 1 OFFSET ?
                        """,
                    arguments: [expression, rankedMatchLimit - 1]) ?? 0
        }
        return try Row.fetchAll(
            db,
            sql: """
                SELECT a.* FROM articleSearch JOIN article a ON a.id = articleSearch.rowid
                WHERE articleSearch MATCH ? AND articleSearch.rowid >= ? \(scope.condition("a"))
                ORDER BY bm25(articleSearch, 10.0, 4.0, 1.0, 2.0, 1.0), a.publishedAt DESC, a.id DESC
                LIMIT ? OFFSET ?
                """,
            arguments: [expression, lowestID, limit, window.offset])
    }

    /// Every article without the excluded terms, newest first, and how many there are.
    static func allBut(
        _ excluded: String, _ window: PageWindow, scope: SearchScope = .everything, in db: Database
    )
        throws -> (rows: [Row], total: Int)
    {
        let filter =
            "WHERE a.id NOT IN (SELECT rowid FROM articleSearch WHERE articleSearch MATCH ?) \(scope.condition("a"))"
        let total = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM article a \(filter)", arguments: [excluded])
        let rows = try Row.fetchAll(
            db, sql: "SELECT a.* FROM article a \(filter) \(newestFirst) LIMIT ? OFFSET ?",
            arguments: [excluded, window.limit, window.offset])
        return (rows, total ?? 0)
    }
}

/// Which stored articles a search looks through.
public enum SearchScope: Sendable, Equatable {
    /// Every stored article: NewsAPI's and the feeds' items.
    case everything
    /// The feeds' items only.
    case feedItems

    /// The SQL condition (starting with `AND`) on the `article` row aliased `alias`.
    func condition(_ alias: String) -> String {
        switch self {
        case .everything: ""
        case .feedItems: "AND \(alias).feedID IS NOT NULL"
        }
    }
}
