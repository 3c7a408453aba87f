import Foundation
import NewsModels
import SQLite
import Testing

@testable import Store

/// Searches with more matches than the store sorts or ranks in full: newest first walks the date
/// index, relevancy ranks the matches stored last. Both must answer as the plain queries would.
@Suite("Full-text search with many matches")
struct ManyMatchesSearchTests {
    static let matching = 1_400
    static let others = 200

    /// How publication dates follow the order the articles were stored in, and so their ids.
    enum Layout: CaseIterable {
        /// Dates unrelated to ids, with many ties: the date walk's chunks are too scattered.
        case scattered
        /// Stored newest first, ties in threes (the benchmark's store).
        case newestStoredFirst
        /// Stored oldest first, ties in threes (as articles fetched over days are).
        case oldestStoredFirst

        func hoursAgo(_ index: Int, of count: Int) -> Double {
            switch self {
            case .scattered: Double((index * 37) % 300)
            case .newestStoredFirst: Double(index / 3)
            case .oldestStoredFirst: Double((count - index) / 3)
            }
        }
    }

    /// 1,400 articles about comets (a fifth of them with the word in the title, every seventh
    /// undated, dates as `layout` says) and, every eighth, 200 about other things, recorded in
    /// pages of 100.
    static func store(_ layout: Layout = .scattered) async throws -> NewsStore {
        let store = try NewsStore.testing()
        var articles: [Article] = []
        let count = matching + others
        for index in 0..<count {
            let isMatch = index % 8 != 0
            let name = "a\(index)"
            var article = Fixture.article(
                name, title: index % 5 == 0 && isMatch ? "Comet seen over town \(index)" : "Story \(index)",
                summary: isMatch ? "A bright comet, night \(index)." : "Council meets, night \(index).",
                hoursAgo: layout.hoursAgo(index, of: count))
            if index % 7 == 3 { article.publishedAt = nil }
            articles.append(article)
        }
        #expect(articles.filter { $0.summary?.contains("comet") == true }.count == matching)
        for (page, start) in stride(from: 0, to: articles.count, by: 100).enumerated() {
            let slice = Array(articles[start..<min(start + 100, articles.count)])
            try await store.record(
                Fixture.page(slice, page: page + 1, pageSize: 100, totalResults: articles.count),
                for: Fixture.science)
        }
        return store
    }

    @Test(arguments: Layout.allCases)
    func walkingTheDateIndexGivesTheSameOrderAsSortingEveryMatch(layout: Layout) async throws {
        let store = try await Self.store(layout)
        let expression = FullTextMatch.quote("comet")
        for (page, size) in [(1, 20), (2, 20), (13, 20), (40, 30), (47, 30), (200, 20)] {
            let window = NewsStore.PageWindow(page: page, pageSize: size)
            let (sorted, walked, chunked) = try await store.read { db in
                (
                    try NewsStore.newest(matching: expression, total: 0, window, in: db).map {
                        $0["id"] as Int64
                    },
                    try NewsStore.newest(matching: expression, total: .max, window, in: db).map {
                        $0["id"] as Int64
                    },
                    try NewsStore.newestByChunks(matching: expression, total: Self.matching, window, in: db)
                )
            }
            #expect(walked == sorted, "page \(page) of \(size)")
            #expect(sorted.count == (page == 200 ? 0 : page == 47 ? Self.matching - 46 * size : size))
            if let chunked {
                #expect(chunked == sorted, "page \(page) of \(size), a chunk at a time")
            } else {
                // Only scattered ids make the chunks give up.
                #expect(layout == .scattered)
            }
        }
        let first = try await store.search("comet", sort: .publishedAt)
        #expect(first.totalResults > NewsStore.dateWalkThreshold)
        let dates = first.articles.map { $0.publishedAt ?? .distantPast }
        #expect(dates == dates.sorted(by: >))
    }

    @Test func relevancyRanksTheMatchesStoredLastAndSaysWhereItStops() async throws {
        let store = try await Self.store()
        let limit = NewsStore.rankedMatchLimit
        let pageSize = 50
        var seen: [URL] = []
        var page = 1
        var last = try await store.search("comet", sort: .relevancy, page: page, pageSize: pageSize)
        let total = last.totalResults
        #expect(total > limit)
        while !last.articles.isEmpty {
            seen += last.urls
            #expect(last.reachedResultCap == (page * pageSize >= limit))
            page += 1
            last = try await store.search("comet", sort: .relevancy, page: page, pageSize: pageSize)
        }
        #expect(seen.count == limit)
        #expect(Set(seen).count == limit)
        #expect(page == limit / pageSize + 1)

        let storedLast = try await store.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT a.url FROM articleSearch JOIN article a ON a.id = articleSearch.rowid
                    WHERE articleSearch MATCH '"comet"' ORDER BY a.id DESC LIMIT ?
                    """,
                arguments: [limit])
        }
        #expect(Set(seen.map(\.absoluteString)) == Set(storedLast))
        // Title matches (weighted highest) come first among those ranked.
        let firstPage = try await store.search("comet", sort: .relevancy, page: 1, pageSize: pageSize)
        #expect(firstPage.articles.allSatisfy { $0.title.hasPrefix("Comet") })
    }
}
