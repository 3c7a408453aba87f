import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// ``ArticleListScreen`` over services that keep pages, and with read marks.
@MainActor
@Suite("ArticleListScreen: stored pages, offline and read marks", .timeLimit(.minutes(1)))
struct ArticleListOfflineScreenTests {
    private let savedAt = Fixtures.minutesAgo(120)

    private func text(_ screen: ArticleListScreen, width: Int = 100) -> String {
        screen.render(width: width, height: nil).map(\.plainText).joined(separator: "\n")
    }

    @Test("The stored page asks for a redraw at once, while the refresh is still in flight")
    func storedPageDrawnAtOnce() async {
        var stored = Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 9)
        stored.origin = .store(savedAt: savedAt, reason: .stale)
        let service = StoringGatedNewsService(stored: [1: stored])
        let screen = ArticleListScreen(
            viewModel: ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3),
            environment: Fixtures.environment)
        let log = ActivityLog(screen.activity)
        screen.refresh()
        await service.network.waitForRequests(1)
        #expect(log.changedCount == 1)
        #expect(screen.activity.isBusy, "the refresh runs through the screen's activity")
        #expect(text(screen).contains("3 of 9 articles\nSaved 2 hours ago · refreshing…\n\n1  Story 1"))

        #expect(screen.handle(Command("n")!))
        #expect(log.messages == ["The list is still refreshing; try n again in a moment."])

        service.network.answer(
            { _ in true }, with: .success(Fixtures.page([0, 1, 2], page: 1, pageSize: 3, total: 9)))
        await screen.activity.settle()
        #expect(log.changedCount == 2)
        #expect(text(screen).contains("3 of 9 articles\nUpdated: 1 new article.\n\n1  Story 0"))
        #expect(!text(screen).contains("Saved"))
    }

    @Test("Offline, r retries the network; when it answers, the banner goes")
    func offlineRetry() async {
        let error = NewsServiceError.transport(.notConnectedToInternet, host: "newsapi.org")
        var offline = Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 3)
        offline.origin = .store(savedAt: savedAt, reason: .offline(error))
        let service = ScriptedNewsService([
            .success(offline), .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 3)),
        ])
        let screen = ArticleListScreen(
            viewModel: ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3),
            environment: Fixtures.environment)
        screen.refresh()
        await screen.activity.settle()
        #expect(
            text(screen).contains(
                "Offline — showing articles saved 2 hours ago · r retries\n" + error.sentence + "\n"))
        #expect(screen.handle(Command("r")!))
        await screen.activity.settle()
        #expect(service.requests.count == 2)
        #expect(!text(screen).contains("Offline"))
        #expect(text(screen).contains("3 of 3 articles\nUp to date.\n"))
    }

    @Test("Opening an article shows it as read at once, with a redraw for a list still on screen")
    func openingMarksRead() async {
        let readingList = RecordingReadingList(read: [Fixtures.article(3).url])
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 3))
        ])
        let screen = ArticleListScreen(
            viewModel: ArticleListViewModel(
                query: .search("story", .relevancy), service: service, pageSize: 3, readingList: readingList),
            environment: Fixtures.environment)
        screen.refresh()
        await screen.activity.settle()
        #expect(text(screen).contains("3  Story 3\n   Test Wire · 3 minutes ago · read"))
        #expect(text(screen).contains("2  Story 2\n   Test Wire · 2 minutes ago\n"))
        let log = ActivityLog(screen.activity)
        var opened: [Article] = []
        screen.onArticleSelected = { opened.append($0) }
        #expect(screen.handle(Command("2")!))
        #expect(opened.map(\.title) == ["Story 2"])
        #expect(log.changedCount == 1)
        #expect(text(screen).contains("2  Story 2\n   Test Wire · 2 minutes ago · read"))
        #expect(screen.handle(Command("2")!))
        #expect(log.changedCount == 1, "opening it again changes nothing on the list")
        #expect(readingList.markedRead.isEmpty, "the article screen records the mark, not the list")
    }
}
