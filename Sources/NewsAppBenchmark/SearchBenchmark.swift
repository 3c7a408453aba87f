import Foundation
import NewsModels
import SQLite
import Store

/// Offline search over the 100,000-article store: ``NewsStore/search(_:sort:page:pageSize:)``
/// newest first and by relevancy, against a `LIKE '%word%'` scan of title, description and
/// content on the same file giving the newest-first answer: the number of matches and the first
/// page of 20.
enum SearchBenchmark {
    struct Case: Sendable {
        var kind: String
        /// What the user types.
        var text: String
        /// Words every match must contain somewhere, for the LIKE scan.
        var likeWords: [String]
    }

    struct Result: Sendable {
        var query: Case
        var ftsMatches: Int
        var likeMatches: Int
        /// `NewsStore.search` newest first: the same answer as the LIKE scan.
        var newest: Samples
        /// `NewsStore.search` by relevancy (bm25 over the matches stored last).
        var relevancy: Samples
        var like: Samples
        /// Diagnostic: the count alone.
        var countOnly: Samples

        /// How many times faster FTS is than the scan giving the same answer, from the medians.
        var speedup: Double { like.p50 / newest.p50 }
    }

    static func cases(rarePlace: String) -> [Case] {
        [
            Case(kind: "rare word", text: rarePlace, likeWords: [rarePlace]),
            Case(kind: "common word", text: "year", likeWords: ["year"]),
            Case(kind: "two words", text: "mars rover", likeWords: ["mars", "rover"]),
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
            let newest = try await measure(runs: ftsRuns, warmup: 10) {
                ftsMatches = try await store.search(query.text, sort: .publishedAt).totalResults
            }
            let relevancy = try await measure(runs: ftsRuns, warmup: 10) {
                _ = try await store.search(query.text, sort: .relevancy)
            }
            var likeMatches = 0
            let like = try await measure(runs: likeRuns, warmup: 1) {
                likeMatches = try await likeSearch(query.likeWords, pool)
            }
            let expression = query.likeWords.map { "\"" + $0 + "\"" }.joined(separator: " AND ")
            let countOnly = try await measure(runs: ftsRuns, warmup: 10) {
                _ = try await ftsCount(expression, pool)
            }
            log(
                String(
                    format: "  search %@: FTS newest p50 %.2f ms, relevancy p50 %.2f ms (%d matches), "
                        + "LIKE p50 %.1f ms (%d matches)",
                    query.text, newest.p50, relevancy.p50, ftsMatches, like.p50, likeMatches))
            results.append(
                Result(
                    query: query, ftsMatches: ftsMatches, likeMatches: likeMatches, newest: newest,
                    relevancy: relevancy, like: like, countOnly: countOnly))
        }
        return results
    }

    /// Diagnostic: only the number of matches.
    private static func ftsCount(_ expression: String, _ pool: DatabasePool) async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM articleSearch WHERE articleSearch MATCH ?",
                arguments: [expression]) ?? 0
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
