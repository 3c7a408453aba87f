import Foundation
import NewsModels
import Testing

@testable import Modules

/// The line that ends a list says why it ends.
@Suite("End of results")
struct EndOfResultsTests {
    static func state(
        _ query: ArticleQuery, cap: Bool, origin: PageOrigin = .network
    ) -> ArticleListState {
        var state = Fixtures.loadedState(
            query,
            pages: [
                ArticlePage(
                    articles: [Fixtures.article(1)], totalResults: 5_000, page: 1, pageSize: 1,
                    reachedResultCap: cap, origin: origin)
            ])
        state.origin = origin
        return state
    }

    static let stored = PageOrigin.store(savedAt: Date(timeIntervalSince1970: 0), reason: .offlineMode)

    @Test func theEndTheServicesCapAndTheStoresRankingLimitReadDifferently() {
        #expect(
            ArticleListRenderer.endOfResults(Self.state(.search("mars", .relevancy), cap: false))
                == "End of results.")
        #expect(
            ArticleListRenderer.endOfResults(Self.state(.search("mars", .relevancy), cap: true))
                == "End of results: NewsAPI returns no more than this per query.")
        #expect(
            ArticleListRenderer.endOfResults(
                Self.state(.search("mars", .relevancy), cap: true, origin: Self.stored)
            )
            .hasPrefix("End of the best matches: offline, only the articles stored last are ranked"))
        #expect(
            ArticleListRenderer.endOfResults(
                Self.state(.search("mars", .popularity), cap: true, origin: Self.stored)
            )
            .contains("sort newest lists every match"))
        #expect(
            ArticleListRenderer.endOfResults(Self.state(.headlines(nil), cap: true, origin: Self.stored))
                == "End of results: NewsAPI returns no more than this per query.")
    }
}

/// A long query (NewsAPI takes up to 500 characters) is quoted in a line or two, never whole.
@Suite("Long queries")
struct LongQueryTests {
    static let words = String(repeating: "kelordale ", count: 50).trimmingCharacters(in: .whitespaces)

    @Test func theHeaderTheFailureAndTheEmptyListQuoteItShort() {
        var failed = ArticleListState(query: .search(Self.words, .publishedAt))
        failed.phase = .failed(.transport(.timedOut, host: "newsapi.org"))
        let empty = Fixtures.loadedState(
            .search(Self.words, .publishedAt),
            pages: [ArticlePage(articles: [], totalResults: 0, page: 1, pageSize: 20)])
        for state in [failed, empty] {
            let lines = ArticleListRenderer.render(state, width: 80, context: Fixtures.context).map(
                \.plainText)
            #expect(lines.count < 12, "\(lines.count) lines")
            #expect(lines.allSatisfy { $0.count <= 80 })
            #expect(lines.contains { $0.contains("…”") })
            #expect(!lines.joined().contains(Self.words))
        }
    }
}
