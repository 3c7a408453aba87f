import Coordinators
import Modules
import NewsModels
import TerminalText
import Testing

/// ``ArticleListScreen`` through `handle(_:)`, its output closures and its activity events.
@MainActor
@Suite("ArticleListScreen")
struct ArticleListScreenTests {
    /// A screen over `answers`, its first page loaded, and a log of its activity from then on.
    private func loadedScreen(
        _ query: ArticleQuery = .headlines(nil),
        _ answers: [ScriptedNewsService.Answer] = [
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 6)),
            .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 6)),
        ]
    ) async -> (ArticleListScreen, ScriptedNewsService, ActivityLog) {
        let service = ScriptedNewsService(answers)
        let screen = ArticleListScreen(
            viewModel: ArticleListViewModel(query: query, service: service, pageSize: 3),
            environment: Fixtures.environment)
        screen.refresh()
        await screen.activity.settle()
        return (screen, service, ActivityLog(screen.activity))
    }

    private func type(_ line: String, to screen: ArticleListScreen) async -> Bool {
        let handled = screen.handle(Command(line)!)
        await screen.activity.settle()
        return handled
    }

    @Test("A number opens the article with that number")
    func numberSelectsArticle() async {
        let (screen, _, _) = await loadedScreen()
        var picked: [String] = []
        screen.onArticleSelected = { picked.append($0.title) }
        #expect(await type("2", to: screen))
        #expect(await type("3", to: screen))
        #expect(await type("1", to: screen))
        #expect(picked == ["Story 2", "Story 3", "Story 1"])
    }

    @Test("A number past the list posts a message and opens nothing")
    func outOfRangeNumber() async {
        let (screen, _, log) = await loadedScreen()
        var picked: [Article] = []
        screen.onArticleSelected = { picked.append($0) }
        #expect(await type("4", to: screen))
        #expect(picked.isEmpty)
        #expect(log.messages == ["There is no article 4 here: choose 1–3."])
    }

    @Test("n appends the next page and reports it as an appendix numbered on")
    func moreAppends() async {
        let (screen, service, log) = await loadedScreen()
        #expect(await type("n", to: screen))
        #expect(screen.viewModel.state.list.articles.map(\.title) == (1...6).map { "Story \($0)" })
        #expect(service.requests.map(\.page) == [1, 2])
        #expect(log.changedCount == 0, "a page appended must not redraw the whole list")
        #expect(log.appendices.count == 1)
        let appendix = log.appendices.first?(60) ?? []
        #expect(appendix.first?.plainText.hasPrefix("4  Story 4") == true)
        #expect(!appendix.contains { $0.plainText.hasPrefix("1  ") || $0.plainText.hasPrefix("3  ") })
        #expect(appendix.map(\.plainText).filter { $0.hasPrefix("6  ") }.count == 1)
    }

    @Test("more is a synonym of n; at the end of results it says so instead of asking")
    func moreAtEnd() async {
        let (screen, service, log) = await loadedScreen()
        #expect(await type("more", to: screen))
        log.clear()
        #expect(await type("n", to: screen))
        #expect(log.messages == ["End of results: there are no more articles."])
        #expect(log.appendices.isEmpty)
        #expect(service.requests.count == 2)
    }

    @Test("sort newest|relevancy|popularity on search results reloads from page 1 in that order")
    func sortByName() async {
        let (screen, service, _) = await loadedScreen(
            .search("mars", .publishedAt),
            [
                .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 6)),
                .success(Fixtures.page([3, 2, 1], page: 1, pageSize: 3, total: 6)),
                .success(Fixtures.page([2, 1, 3], page: 1, pageSize: 3, total: 6)),
                .success(Fixtures.page([1, 3, 2], page: 1, pageSize: 3, total: 6)),
            ])
        #expect(await type("sort relevancy", to: screen))
        #expect(screen.query == .search("mars", .relevancy))
        #expect(await type("sort popularity", to: screen))
        #expect(screen.query == .search("mars", .popularity))
        #expect(await type("sort newest", to: screen))
        #expect(screen.query == .search("mars", .publishedAt))
        #expect(service.requests.map(\.page) == [1, 1, 1, 1])
        #expect(service.requests.map(\.sortBy) == [.publishedAt, .relevancy, .popularity, .publishedAt])
        #expect(screen.viewModel.state.list.articles.map(\.title) == ["Story 1", "Story 3", "Story 2"])
    }

    @Test("sort in the current order runs the search again from page 1")
    func sortSameOrder() async {
        let (screen, service, log) = await loadedScreen(
            .search("mars", .popularity),
            [
                .success(Fixtures.page([1], page: 1, pageSize: 1, total: 2)),
                .success(Fixtures.page([2], page: 2, pageSize: 1, total: 2)),
                .success(Fixtures.page([3], page: 1, pageSize: 1, total: 2)),
            ])
        #expect(await type("n", to: screen))
        #expect(await type("sort popularity", to: screen))
        #expect(log.messages.isEmpty)
        #expect(service.requests.map(\.page) == [1, 2, 1])
        #expect(service.requests.map(\.sortBy) == [.popularity, .popularity, .popularity])
        #expect(screen.viewModel.state.list.articles.map(\.title) == ["Story 3"])
    }

    @Test("sort with an unknown order names the orders")
    func sortUnknownOrder() async {
        let (screen, service, log) = await loadedScreen(
            .search("mars", .popularity), [.success(Fixtures.page([1], page: 1, pageSize: 3, total: 1))])
        #expect(await type("sort oldest", to: screen))
        #expect(log.messages == ["There is no order “oldest”: use relevancy, popularity, newest."])
        #expect(service.requests.count == 1)
    }

    @Test("sort alone asks the coordinator for a picker")
    func sortAloneRequestsPicker() async {
        let (screen, service, log) = await loadedScreen(
            .search("mars", .popularity), [.success(Fixtures.page([1], page: 1, pageSize: 3, total: 1))])
        var requests = 0
        screen.onSortRequested = { requests += 1 }
        #expect(await type("sort", to: screen))
        #expect(requests == 1)
        #expect(log.messages.isEmpty)
        #expect(service.requests.count == 1)
    }

    @Test("sort alone without a picker lists the orders")
    func sortAloneWithoutPicker() async {
        let (screen, _, log) = await loadedScreen(
            .search("mars", .popularity), [.success(Fixtures.page([1], page: 1, pageSize: 3, total: 1))])
        #expect(await type("sort", to: screen))
        #expect(log.messages == ["Sort by one of: relevancy, popularity, newest."])
    }

    @Test("sort on headlines explains that headlines are not sorted")
    func sortOnHeadlines() async {
        let (screen, service, log) = await loadedScreen()
        var requests = 0
        screen.onSortRequested = { requests += 1 }
        #expect(await type("sort newest", to: screen))
        #expect(await type("sort", to: screen))
        #expect(requests == 0)
        #expect(log.messages.count == 2)
        #expect(log.messages.allSatisfy { $0.hasPrefix("Sorting applies to search results") })
        #expect(service.requests.count == 1)
        #expect(!screen.commands.contains { $0.names.contains("sort") })
    }

    @Test("b is answered only when onBack is set")
    func backOnlyWithOnBack() async {
        let (screen, _, _) = await loadedScreen()
        #expect(!screen.handle(Command("b")!))
        #expect(!screen.commands.contains { $0.names.contains("b") })
        var backs = 0
        screen.onBack = { backs += 1 }
        #expect(screen.handle(Command("b")!))
        #expect(screen.handle(Command("back")!))
        #expect(backs == 2)
        #expect(screen.commands.contains { $0.names.contains("b") })
    }

    @Test("r reloads from page 1 and redraws")
    func refreshReloads() async {
        let (screen, service, log) = await loadedScreen(
            .headlines(.science),
            [
                .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 6)),
                .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 6)),
                .success(Fixtures.page([7, 8, 9], page: 1, pageSize: 3, total: 6)),
            ])
        #expect(await type("n", to: screen))
        #expect(await type("r", to: screen))
        #expect(service.requests.map(\.page) == [1, 2, 1])
        #expect(log.changedCount == 1)
        #expect(screen.viewModel.state.list.articles.map(\.title) == ["Story 7", "Story 8", "Story 9"])
    }

    @Test("Commands it does not know fall through")
    func unknownCommand() async {
        let (screen, _, log) = await loadedScreen()
        #expect(!screen.handle(Command("o")!))
        #expect(!screen.handle(Command("/mars")!))
        #expect(log.events.isEmpty)
    }
}
