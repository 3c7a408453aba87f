import Foundation
import Modules
import NewsModels

/// Fixed inputs so screens render the same on every run: a fixed clock in UTC, and helpers that
/// build articles and pages.
enum Fixtures {
    /// Sun 22 Nov 2026 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_348_800)
    static let utc = TimeZone(identifier: "UTC")!
    static let context = RenderContext(time: TimeFormatting(now: now, timeZone: utc))
    static let environment = ScreenEnvironment(clock: { Fixtures.now }, timeZone: utc)

    /// The widths every golden is drawn at.
    static let widths = [60, 100, 160]

    static func minutesAgo(_ minutes: Int) -> Date {
        now.addingTimeInterval(-Double(minutes) * 60)
    }

    /// A plain article numbered `number`, for paging tests: its URL and title carry the number.
    static func article(_ number: Int, source: String = "Test Wire") -> Article {
        Article(
            source: ArticleSource(name: source),
            title: "Story \(number)",
            url: URL(string: "https://news.example/story/\(number)")!,
            publishedAt: minutesAgo(number))
    }

    /// A page holding the articles numbered `numbers`.
    static func page(
        _ numbers: [Int],
        page: Int,
        pageSize: Int,
        total: Int,
        reachedResultCap: Bool = false
    ) -> ArticlePage {
        ArticlePage(
            articles: numbers.map { article($0) }, totalResults: total, page: page, pageSize: pageSize,
            reachedResultCap: reachedResultCap)
    }

    /// A loaded list state holding `pages`.
    static func loadedState(_ query: ArticleQuery, pages: [ArticlePage]) -> ArticleListState {
        var state = ArticleListState(query: query)
        for page in pages { state.list.append(page) }
        state.phase = .loaded
        return state
    }
}
