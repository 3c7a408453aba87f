import Foundation
import GRDB
import Store

/// Offline search over the 100,000-article store: the FTS5 query of ``NewsStore/search(_:sort:page:pageSize:)``
/// against a `LIKE '%word%'` scan of title, description and content on the same file, each
/// answering what the app shows: the number of matches and the first page of 20.
enum SearchBenchmark {
    struct Case: Sendable {
        var kind: String
        /// What the user types (for the prefix case, the FTS5 prefix itself).
        var text: String
        /// Words every match must contain somewhere, for the LIKE scan.
        var likeWords: [String]
        /// `NewsStore.search` quotes every term, so a prefix goes to the same SQL through GRDB.
        var isPrefix = false
    }

    struct Result: Sendable {
        var query: Case
        var ftsMatches: Int
        var likeMatches: Int
        var fts: Samples
        var like: Samples
        /// Diagnostics: the count alone, and the page ranked inside the index before the join.
        var countOnly: Samples?
        var rankedFirst: Samples?
        /// Diagnostic: only the 1,000 matches stored last (highest rowids) ranked, inside the index.
        var boundedRank: Samples?

        /// How many times faster FTS is, from the medians.
        var speedup: Double { like.p50 / fts.p50 }
    }

    static func cases(rarePlace: String) -> [Case] {
        [
            Case(kind: "rare word", text: rarePlace, likeWords: [rarePlace]),
            Case(kind: "common word", text: "year", likeWords: ["year"]),
            Case(kind: "two words", text: "mars rover", likeWords: ["mars", "rover"]),
            Case(kind: "prefix", text: "plan*", likeWords: ["plan"], isPrefix: true),
        ]
    }

    static func run(file: URL, cases: [Case], ftsRuns: Int, likeRuns: Int) async throws -> [Result] {
        let (store, _) = try NewsStore.open(at: file)
        var configuration = Configuration()
        configuration.readonly = true
        let pool = try DatabasePool(path: file.path, configuration: configuration)
        defer {
            try? pool.close()
            try? store.close()
        }
        var results: [Result] = []
        for query in cases {
            var ftsMatches = 0
            let fts = try await measure(runs: ftsRuns, warmup: 10) {
                if query.isPrefix {
                    ftsMatches = try await prefixSearch(
                        query.text.replacingOccurrences(of: "*", with: ""), pool)
                } else {
                    ftsMatches = try await store.search(query.text).totalResults
                }
            }
            var likeMatches = 0
            let like = try await measure(runs: likeRuns, warmup: 1) {
                likeMatches = try await likeSearch(query.likeWords, pool)
            }
            var countOnly: Samples?
            var rankedFirst: Samples?
            var boundedRank: Samples?
            if !query.isPrefix {
                let expression = query.likeWords.map { "\"" + $0 + "\"" }.joined(separator: " AND ")
                countOnly = try await measure(runs: ftsRuns, warmup: 10) {
                    _ = try await ftsCount(expression, pool)
                }
                rankedFirst = try await measure(runs: ftsRuns, warmup: 10) {
                    _ = try await rankedFirstSearch(expression, pool)
                }
                boundedRank = try await measure(runs: ftsRuns, warmup: 10) {
                    _ = try await rankedFirstSearch(expression, pool, lastStored: 1_000)
                }
            }
            log(
                String(
                    format: "  search %@: FTS p50 %.2f ms (%d matches), LIKE p50 %.1f ms (%d matches)",
                    query.text, fts.p50, ftsMatches, like.p50, likeMatches))
            results.append(
                Result(
                    query: query, ftsMatches: ftsMatches, likeMatches: likeMatches, fts: fts, like: like,
                    countOnly: countOnly, rankedFirst: rankedFirst, boundedRank: boundedRank))
        }
        return results
    }

    /// The SQL of `NewsStore.search` (relevancy order), with an FTS5 prefix query: `"plan"*`.
    private static func prefixSearch(_ prefix: String, _ pool: DatabasePool) async throws -> Int {
        let expression = "\"" + prefix + "\"*"
        return try await pool.read { db in
            let total = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM articleSearch WHERE articleSearch MATCH ?",
                arguments: [expression])
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT a.* FROM articleSearch JOIN article a ON a.id = articleSearch.rowid
                    WHERE articleSearch MATCH ?
                    ORDER BY bm25(articleSearch, 10.0, 4.0, 1.0, 2.0), a.publishedAt DESC LIMIT 20 OFFSET 0
                    """,
                arguments: [expression])
            precondition(rows.count <= 20)
            return total ?? 0
        }
    }

    /// Diagnostic: only the number of matches.
    private static func ftsCount(_ expression: String, _ pool: DatabasePool) async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM articleSearch WHERE articleSearch MATCH ?",
                arguments: [expression]) ?? 0
        }
    }

    /// Diagnostic: what `NewsStore.search` could do instead, ranking by bm25 inside the index and
    /// reading only the 20 articles of the page (ties broken by date among those 20 only); with
    /// `lastStored`, ranking only that many of the matches stored last (the highest rowids; in the
    /// app, roughly the newest).
    private static func rankedFirstSearch(
        _ expression: String, _ pool: DatabasePool, lastStored: Int? = nil
    )
        async throws -> Int
    {
        try await pool.read { db in
            let total = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM articleSearch WHERE articleSearch MATCH ?",
                arguments: [expression])
            var bound = ""
            var arguments: StatementArguments = [expression]
            if let lastStored {
                bound = """
                    AND rowid >= coalesce((SELECT rowid FROM articleSearch WHERE articleSearch MATCH ?
                    ORDER BY rowid DESC LIMIT 1 OFFSET ?), 0)
                    """
                arguments += [expression, lastStored - 1]
            }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT a.* FROM (
                        SELECT rowid AS id, bm25(articleSearch, 10.0, 4.0, 1.0, 2.0) AS score
                        FROM articleSearch WHERE articleSearch MATCH ? \(bound)
                        ORDER BY score LIMIT 20 OFFSET 0
                    ) AS top JOIN article a ON a.id = top.id ORDER BY top.score, a.publishedAt DESC
                    """,
                arguments: arguments)
            precondition(rows.count <= 20)
            return total ?? 0
        }
    }

    /// The same answer by scanning: every article with each word somewhere in its title,
    /// description or content, newest first (a scan has no relevance to rank by).
    private static func likeSearch(_ words: [String], _ pool: DatabasePool) async throws -> Int {
        let condition = words.map { _ in "(title LIKE ? OR summary LIKE ? OR content LIKE ?)" }
            .joined(separator: " AND ")
        let arguments = StatementArguments(words.flatMap { Array(repeating: "%" + $0 + "%", count: 3) })
        return try await pool.read { db in
            let total = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM article WHERE \(condition)", arguments: arguments)
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT * FROM article WHERE \(condition) ORDER BY publishedAt DESC LIMIT 20 OFFSET 0",
                arguments: arguments)
            precondition(rows.count <= 20)
            return total ?? 0
        }
    }
}
