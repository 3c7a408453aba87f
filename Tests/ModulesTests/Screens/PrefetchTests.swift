import Coordinators
import Foundation
import Modules
import NewsModels
import Testing

/// The next page fetched ahead while the reader nears the end of a list: asked for before `n`,
/// used by `n` without a second request, and cancelled by a reload, a sort change or leaving.
@MainActor
@Suite("Prefetching the next page", .timeLimit(.minutes(1)))
struct PrefetchTests {
    private func screen(
        _ service: any NewsService,
        _ query: ArticleQuery = .headlines(nil),
        pageSize: Int = 3,
        images: any ArticleImages = NoArticleImages()
    ) -> ArticleListScreen {
        ArticleListScreen(
            viewModel: ArticleListViewModel(
                query: query, service: service, pageSize: pageSize, images: images, prefetchesNextPage: true),
            environment: Fixtures.environment)
    }

    /// Refreshes `screen` and answers its first page with stories 1–3 of 9.
    private func loadFirstPage(_ screen: ArticleListScreen, _ service: GatedNewsService) async {
        let before = service.requests.count
        screen.refresh()
        await service.waitForRequests(before + 1)
        service.answer(
            { $0.page == 1 }, with: .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 9)))
        await screen.activity.settle()
    }

    private func titles(_ screen: ArticleListScreen) -> [String] {
        screen.viewModel.state.list.articles.map(\.title)
    }

    @Test("Page 2 is asked for before n, held unseen, and n shows it without another request")
    func prefetchedBeforeMore() async {
        let service = GatedNewsService()
        let screen = screen(service)
        await loadFirstPage(screen, service)
        await service.waitForRequests(2)
        #expect(service.requests.map(\.page) == [1, 2], "page 2 was asked for before n")
        service.answer(
            { $0.page == 2 }, with: .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 9)))
        await screen.viewModel.settleBackgroundWork()
        #expect(titles(screen) == ["Story 1", "Story 2", "Story 3"], "the page is held, not shown")
        let log = ActivityLog(screen.activity)

        #expect(screen.handle(Command("n")!))
        await screen.activity.settle()
        #expect(titles(screen) == (1...6).map { "Story \($0)" })
        #expect(service.requests.filter { $0.page == 2 }.count == 1, "n used the page fetched ahead")
        #expect(log.appendices.count == 1)
        #expect(log.changedCount == 0)
        await service.waitForRequests(3)
        #expect(service.requests.last?.page == 3, "at the end again: page 3 is fetched ahead")
    }

    @Test("n while page 2 is on its way waits for that same request")
    func moreWaitsForPrefetchInFlight() async {
        let service = GatedNewsService()
        let screen = screen(service)
        await loadFirstPage(screen, service)
        await service.waitForRequests(2)
        #expect(screen.handle(Command("n")!))
        #expect(screen.activity.isBusy)
        #expect(service.pendingRequests.map(\.page) == [2], "no second request for page 2")
        service.answer(
            { $0.page == 2 }, with: .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 9)))
        await screen.activity.settle()
        #expect(titles(screen) == (1...6).map { "Story \($0)" })
        #expect(service.requests.prefix(2).map(\.page) == [1, 2])
        #expect(service.requests.filter { $0.page == 2 }.count == 1)
    }

    @Test("A page fetched ahead that failed is asked for again when n wants it")
    func failedPrefetchIsRetried() async {
        let service = GatedNewsService()
        let screen = screen(service)
        await loadFirstPage(screen, service)
        await service.waitForRequests(2)
        service.answer({ $0.page == 2 }, with: .failure(.transport(.timedOut, host: "newsapi.org")))
        await screen.viewModel.settleBackgroundWork()
        #expect(screen.viewModel.state.moreError == nil, "a failure nobody asked for is not shown")
        #expect(screen.handle(Command("n")!))
        await service.waitForRequests(3)
        service.answer(
            { $0.page == 2 }, with: .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 9)))
        await screen.activity.settle()
        #expect(titles(screen).count == 6)
    }

    @Test("Opening an article within five of the end fetches ahead; one further up does not")
    func openingNearTheEnd() async {
        let service = GatedNewsService()
        let screen = screen(service, pageSize: 10)
        screen.refresh()
        await service.waitForRequests(1)
        service.answer(
            { _ in true }, with: .success(Fixtures.page(Array(1...10), page: 1, pageSize: 10, total: 30)))
        await screen.activity.settle()
        await service.waitForRequests(2)
        service.answer({ $0.page == 2 }, with: .failure(.transport(.timedOut, host: "newsapi.org")))
        await screen.viewModel.settleBackgroundWork()

        #expect(screen.handle(Command("5")!))
        #expect(service.requests.count == 2, "article 5 of 10 is not near the end")
        #expect(screen.handle(Command("6")!))
        await service.waitForRequests(3)
        #expect(service.requests.map(\.page) == [1, 2, 2])
        #expect(screen.handle(Command("9")!))
        #expect(service.requests.count == 3, "the page is already on its way")
    }

    @Test("r cancels the page fetched ahead")
    func reloadCancels() async {
        let service = GatedNewsService()
        let screen = screen(service)
        await loadFirstPage(screen, service)
        await service.waitForRequests(2)
        #expect(screen.handle(Command("r")!))
        await service.waitForCancellations(1)
        #expect(service.cancelledRequests.map(\.page) == [2])
        await service.waitForRequests(3)
        service.answer(
            { $0.page == 1 }, with: .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 9)))
        await screen.activity.settle()
        await service.waitForRequests(4)
        #expect(service.requests.map(\.page) == [1, 2, 1, 2], "the new list fetches ahead again")
    }

    @Test("A sort change cancels the page fetched ahead")
    func sortCancels() async {
        let service = GatedNewsService()
        let screen = screen(service, .search("mars", .publishedAt))
        await loadFirstPage(screen, service)
        await service.waitForRequests(2)
        #expect(screen.handle(Command("sort relevancy")!))
        await service.waitForCancellations(1)
        #expect(service.cancelledRequests.first?.sortBy == .publishedAt)
        #expect(service.cancelledRequests.first?.page == 2)
        await service.waitForRequests(3)
        service.answer(
            { $0.sortBy == .relevancy }, with: .success(Fixtures.page([3], page: 1, pageSize: 3, total: 1)))
        await screen.activity.settle()
    }

    @Test("Leaving the screen cancels the page fetched ahead and the picture downloads")
    func leavingCancels() async {
        let service = GatedNewsService()
        let prefetchGate = Gate()
        let images = RecordingImages(answer: .disabled, prefetchGate: prefetchGate)
        let router = StackRouter()
        router.setRoot(BlankScreen())
        weak var left: ArticleListScreen?
        do {
            let list = screen(service, images: images)
            router.push(list)
            list.refresh()
            await service.waitForRequests(1)
            let page = ArticlePage(
                articles: [Articles.plain, Articles.truncated, Articles.japanese], totalResults: 9, page: 1,
                pageSize: 3)
            service.answer({ _ in true }, with: .success(page))
            await list.activity.settle()
            left = list
        }
        await service.waitForRequests(2)
        await prefetchGate.waitForArrivals(1)
        #expect(images.prefetches == [[Articles.plain.imageURL!, Articles.truncated.imageURL!]])

        router.pop()
        await service.waitForCancellations(1)
        await prefetchGate.waitForCancellations(1)
        #expect(service.cancelledRequests.map(\.page) == [2])
        #expect(left == nil, "the screen was released")
    }
}
