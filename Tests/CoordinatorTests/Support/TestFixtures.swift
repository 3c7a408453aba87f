import Coordinators
import CoordinatorsTesting
import Foundation
import Modules
import Networking
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
        feeds: any FeedLibrary = NoFeedLibrary()
    ) -> NewsModuleFactory {
        NewsModuleFactory(
            service: service, environment: environment, pageSize: pageSize, readingList: readingList,
            images: images, feeds: feeds)
    }

    /// The app's root coordinator over `router`, with the sample edition.
    static func app(
        router: any NavigationRoutable,
        service: any NewsService = service,
        readingList: any ReadingList = NoReadingList(),
        feeds: any FeedLibrary = NoFeedLibrary()
    ) -> AppCoordinator {
        let modules = modules(service: service, readingList: readingList, feeds: feeds)
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
        prefetchesNextPage: Bool = true
    ) -> (NewsSession, ScriptedTerminal) {
        let terminal = ScriptedTerminal(
            script, size: TerminalSize(columns: columns, rows: rows), interactive: interactive)
        let options = NewsSession.Options(
            layout: layout, environment: environment, readingList: readingList, images: images, feeds: feeds,
            prefetchesNextPage: prefetchesNextPage)
        return (NewsSession(service: service, terminal: terminal, options: options), terminal)
    }

    /// The titles of the top headlines, newest first.
    static var headlineTitles: [String] { edition.entries.map(\.article.title) }
}

typealias ScriptedTerminalStep = ScriptedTerminal.Step
