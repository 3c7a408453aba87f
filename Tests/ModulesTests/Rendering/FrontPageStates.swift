import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import SampleEdition

/// The front pages the golden tests draw: loaded through the view model from the sample edition
/// and the sample feeds, or built by hand for the states in between.
@MainActor
enum FrontPageStates {
    /// The bundled sample edition, dated relative to ``Fixtures/now``.
    static let edition: SampleEdition = {
        do throws(NewsServiceError) {
            return try SampleEdition.bundled(now: Fixtures.now)
        } catch {
            fatalError("sample edition: \(error.sentence)")
        }
    }()

    static var sampleService: SampleNewsService { SampleNewsService(edition: edition) }

    /// A view model over `service` and `feeds`, loaded.
    static func loaded(
        _ sources: FrontPageSources,
        service: any NewsService = sampleService,
        feeds: any FeedLibrary = NoFeedLibrary(),
        readingList: any ReadingList = NoReadingList()
    ) async -> FrontPageViewModel {
        let viewModel = FrontPageViewModel(
            sources: sources, service: service, feeds: feeds, pageSize: 20, readingList: readingList)
        await viewModel.reload()
        return viewModel
    }

    /// The sample edition's seven categories.
    static func sample() async -> FrontPageState {
        await loaded(FrontPageSources()).state
    }

    /// The sample feeds alone: `Science Fiction`, `Podcasts` and `Feeds`.
    static func feeds() async -> FrontPageState {
        await loaded(
            FrontPageSources(categories: false, feeds: true), service: ScriptedNewsService([]),
            feeds: SampleFeeds.library(now: Fixtures.now)
        ).state
    }

    /// Three sections: the first and the last loaded, the health headlines failed with a server
    /// message carrying escape sequences.
    static let failed: FrontPageState = {
        var state = FrontPageState(sections: [
            section(.business, [Articles.truncated, Articles.plain, Articles.accents]),
            FrontPageSection(
                title: "Health", source: .category(.health),
                phase: .failed(
                    NewsServiceError.api(
                        code: "rateLimited",
                        message:
                            "\u{1B}[31mYou\u{1B}[0m have made too many requests\u{1B}]52;c;aGVsbG8=\u{07}."
                    ).sentence)),
            section(.science, [Articles.korean, Articles.chinese, Articles.sparse]),
        ])
        state.read = [Articles.plain.id]
        return state
    }()

    /// Seven sections: the first two loaded, the third still loading (its numbers kept), the
    /// feeds on their way, and an empty category.
    static let loading: FrontPageState = {
        var sections = NewsCategory.allCases.map(FrontPageSection.category)
        sections[0] = section(.business, [Articles.plain, Articles.emoji, Articles.accents])
        sections[1] = section(.entertainment, [Articles.japanese, Articles.sparse, Articles.hostile])
        sections[3] = section(.health, [])
        sections.append(.feedsPending)
        return FrontPageState(sections: sections)
    }()

    /// Every way the categories' headlines say where they came from.
    static let origins: [FrontPageState] = [
        stored(.stale, refreshing: true),
        stored(.offline(.transport(.notConnectedToInternet, host: "newsapi.org"))),
        stored(.offlineMode),
    ]

    /// A category section, loaded with `articles`, all unread.
    static func section(_ category: NewsCategory, _ articles: [Article]) -> FrontPageSection {
        FrontPageSection(
            title: category.displayName, source: .category(category), phase: .loaded, items: articles,
            unreadCount: articles.count)
    }

    private static func stored(_ reason: PageOrigin.StoreReason, refreshing: Bool = false) -> FrontPageState {
        var first = section(.business, [Articles.plain, Articles.truncated])
        first.origin = .store(savedAt: Fixtures.minutesAgo(120), reason: reason)
        first.isRefreshing = refreshing
        var second = section(.science, [Articles.korean])
        second.origin = .store(savedAt: Fixtures.minutesAgo(30), reason: reason)
        second.isRefreshing = refreshing
        return FrontPageState(sections: [first, second])
    }

    /// The article screen beside the page in the split goldens.
    static func article(_ article: Article) -> ArticleScreen {
        ArticleScreen(article: article, environment: Fixtures.environment, actions: NoSystemActions())
    }
}
