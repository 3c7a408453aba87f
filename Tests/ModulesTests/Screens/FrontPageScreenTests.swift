import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import TerminalText
import Testing

/// ``FrontPageScreen``: a number opens a headline, `r` loads the sections again (and with feeds
/// asks for their refresh), the featured story's picture, and reloading the feed sections.
@MainActor
@Suite("FrontPageScreen")
struct FrontPageScreenTests {
    /// A screen over the sample edition (and `feeds`), loaded, and a log of its activity from then
    /// on.
    private func loadedScreen(
        _ sources: FrontPageSources = FrontPageSources(),
        service: any NewsService = FrontPageStates.sampleService,
        feeds: any FeedLibrary = NoFeedLibrary(),
        images: any ArticleImages = NoArticleImages()
    ) async -> (FrontPageScreen, ActivityLog) {
        let viewModel = FrontPageViewModel(
            sources: sources, service: service, feeds: feeds, pageSize: 20, images: images)
        let screen = FrontPageScreen(
            viewModel: viewModel, sources: sources, environment: Fixtures.environment, images: images)
        screen.refresh()
        await screen.activity.settle()
        return (screen, ActivityLog(screen.activity))
    }

    private func type(_ line: String, to screen: FrontPageScreen) async -> Bool {
        let handled = screen.handle(Command(line)!)
        await screen.activity.settle()
        return handled
    }

    private func text(_ screen: FrontPageScreen, width: Int = 80) -> String {
        screen.render(width: width, height: nil).map(\.plainText).joined(separator: "\n")
    }

    @Test("A number opens that headline and marks it read; one past the page says which there are")
    func numbers() async throws {
        let (screen, log) = await loadedScreen()
        var opened: [String] = []
        screen.onArticleSelected = { opened.append($0.title) }
        #expect(screen.commands.first?.numbers == 1...21)
        #expect(await type("5", to: screen))
        let fifth = try #require(screen.article(numbered: 5))
        #expect(opened == [fifth.title])
        #expect(screen.viewModel.state.read.contains(fifth.id))
        #expect(text(screen).contains("Entertainment · 11 unread"))
        #expect(await type("22", to: screen))
        #expect(opened.count == 1)
        #expect(log.messages == ["There is no headline 22: choose 1–21."])
    }

    @Test("r loads every section again; without feeds it asks for no feed refresh")
    func refreshWithoutFeeds() async {
        let service = CountingService(FrontPageStates.sampleService)
        let (screen, _) = await loadedScreen(service: service)
        var feedRefreshes = 0
        screen.onRefreshFeeds = { feedRefreshes += 1 }
        #expect(service.count == 7)
        #expect(await type("r", to: screen))
        #expect(service.count == 14)
        #expect(feedRefreshes == 0)
        #expect(
            screen.commands.contains {
                $0.names == ["r", "refresh"] && $0.summary == "Load the sections again"
            })
    }

    @Test("r with feeds also asks the app to refresh the feeds; the feed sections read again show new items")
    func refreshWithFeeds() async throws {
        let library = SampleFeeds.library(now: Fixtures.now)
        let (screen, _) = await loadedScreen(
            FrontPageSources(categories: false, feeds: true), service: ScriptedNewsService([]), feeds: library
        )
        var feedRefreshes = 0
        screen.onRefreshFeeds = { feedRefreshes += 1 }
        #expect(await type("refresh", to: screen))
        #expect(feedRefreshes == 1)
        #expect(screen.commands.contains { $0.summary == "Load the sections again and refresh the feeds" })

        // The refresh marked an item read elsewhere; the screen is told the feeds changed.
        let first = try #require(screen.article(numbered: 1))
        library.markRead(first)
        screen.reloadFeedSections()
        await screen.activity.settle()
        #expect(text(screen).contains("Science Fiction · 3 unread"))
        #expect(screen.feedScope(of: first) == .tag("Science Fiction"))
    }

    @Test("With no numbers yet a number says the page is empty")
    func emptyPage() async {
        let library = MemoryFeedLibrary(feeds: [])
        let (screen, log) = await loadedScreen(
            FrontPageSources(categories: false, feeds: true), service: ScriptedNewsService([]), feeds: library
        )
        #expect(text(screen).contains("Feeds\n   No feeds yet: add one with newsapp feeds add URL."))
        #expect(await type("1", to: screen))
        #expect(log.messages == ["There are no headlines yet."])
        #expect(screen.sectionNames.isEmpty)
    }

    @Test("The featured story's picture is asked for once, at the pane's width less the indent, and drawn")
    func picture() async throws {
        let cell = CellColors(foreground: RGB(200, 30, 30), background: RGB(30, 30, 200))
        let images = RecordingImages(answer: .picture([StyledLine([Span("▀▀▀▀", colors: cell)])]))
        let (screen, _) = await loadedScreen(images: images)
        let featured = try #require(screen.viewModel.state.featured?.imageURL)
        #expect(images.thumbnailRequests.map(\.url) == [featured])
        #expect(images.thumbnailRequests.first?.columns == 76)
        #expect(screen.picture != nil)
        #expect(screen.render(width: 80, height: nil).contains { $0.spans.contains { $0.colors != nil } })
        #expect(await type("r", to: screen))
        #expect(images.thumbnailRequests.count == 1, "the same story keeps its picture")
    }
}

/// The sample edition, counting the headlines requests.
private final class CountingService: NewsService {
    private let sample: any NewsService
    private let requests = Locked(0)

    init(_ sample: any NewsService) {
        self.sample = sample
    }

    var count: Int { requests.withLock { $0 } }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        requests.withLock { $0 += 1 }
        return try await sample.topHeadlines(request)
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        try await sample.search(request)
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] { [] }
}
