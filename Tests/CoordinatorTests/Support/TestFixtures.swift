import Coordinators
import CoordinatorsTesting
import Foundation
import Modules
import NewsModels
import SampleEdition

/// Fixed inputs so screens render the same way on every run.
@MainActor
enum TestFixtures {
    /// Sun 22 Nov 2026 12:00 UTC.
    nonisolated static let now = Date(timeIntervalSince1970: 1_795_348_800)
    static let environment = ScreenEnvironment(
        clock: { TestFixtures.now }, timeZone: TimeZone(identifier: "UTC")!)

    /// The bundled sample edition, dated relative to ``now``.
    static let edition: SampleEdition = {
        do throws(NewsServiceError) {
            return try SampleEdition.bundled(now: now)
        } catch {
            fatalError("sample edition: \(error.sentence)")
        }
    }()

    static let service = SampleNewsService(edition: edition)

    static func modules(
        service: any NewsService = service,
        pageSize: Int = 20,
        readingList: any ReadingList = NoReadingList(),
        images: any ArticleImages = NoArticleImages(),
        feeds: any FeedLibrary = NoFeedLibrary(),
        frontPage: FrontPageSources = FrontPageSources(),
        actions: any SystemActions = NoSystemActions(),
        reader: any ArticleReader = NoArticleReader(),
        fullText: FullTextMode = .off
    ) -> NewsModuleFactory {
        NewsModuleFactory(
            environment: AppEnvironment(
                service: service, screen: environment, pageSize: pageSize, actions: actions,
                readingList: readingList, images: images, feeds: feeds, frontPage: frontPage, reader: reader,
                fullText: fullText))
    }

    /// The app's root coordinator over `router`, with the sample edition.
    static func app(
        router: any NavigationRoutable,
        service: any NewsService = service,
        readingList: any ReadingList = NoReadingList(),
        feeds: any FeedLibrary = NoFeedLibrary(),
        frontPage: FrontPageSources = FrontPageSources(),
        actions: any SystemActions = NoSystemActions(),
        reader: any ArticleReader = NoArticleReader(),
        fullText: FullTextMode = .off
    ) -> AppCoordinator {
        let modules = modules(
            service: service, readingList: readingList, feeds: feeds, frontPage: frontPage, actions: actions,
            reader: reader, fullText: fullText)
        return AppCoordinator(
            router: router, factory: NewsCoordinatorFactory(modules: modules), modules: modules, feeds: feeds)
    }

    /// A whole session on a scripted terminal.
    static func session(
        _ script: [ScriptedTerminalStep],
        columns: Int = 80,
        rows: Int = 40,
        layout: AdaptiveRouter.Policy = .automatic(splitFromColumns: 120),
        service: any NewsService = service,
        interactive: Bool = false,
        readingList: any ReadingList = NoReadingList(),
        images: any ArticleImages = NoArticleImages(),
        feeds: any FeedLibrary = NoFeedLibrary(),
        frontPage: FrontPageSources = FrontPageSources(),
        prefetchesNextPage: Bool = true,
        reader: any ArticleReader = NoArticleReader()
    ) -> (NewsSession, ScriptedTerminal) {
        let terminal = ScriptedTerminal(
            script, size: TerminalSize(columns: columns, rows: rows), interactive: interactive)
        let screens = AppEnvironment(
            service: service, screen: environment, readingList: readingList, images: images, feeds: feeds,
            prefetchesNextPage: prefetchesNextPage, frontPage: frontPage, reader: reader)
        return (
            NewsSession(
                environment: screens, terminal: terminal, options: NewsSession.Options(layout: layout)),
            terminal
        )
    }

    /// The titles of the top headlines, newest first.
    static var headlineTitles: [String] { edition.entries.map(\.article.title) }

    /// The front page's headlines in the order of their numbers: the newest three of each
    /// category (seven sections show three each).
    static var frontPageTitles: [String] {
        NewsCategory.allCases.flatMap { category in
            edition.entries.filter { $0.category == category }.prefix(3).map(\.article.title)
        }
    }
}

typealias ScriptedTerminalStep = ScriptedTerminal.Step
