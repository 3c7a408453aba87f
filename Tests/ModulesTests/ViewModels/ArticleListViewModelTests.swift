import Modules
import NewsModels
import Testing

/// ``ArticleListViewModel`` over a scripted ``NewsService``: what it asks for and what it keeps.
@MainActor
@Suite("ArticleListViewModel")
struct ArticleListViewModelTests {
    private let search = ArticleQuery.search("mars rover", .publishedAt)

    private func viewModel(
        _ service: any NewsService,
        _ query: ArticleQuery = .headlines(nil),
        pageSize: Int = 3,
        country: String? = nil,
        language: String? = nil
    ) -> ArticleListViewModel {
        ArticleListViewModel(
            query: query, service: service, pageSize: pageSize, country: country, language: language)
    }

    private func titles(_ model: ArticleListViewModel) -> [String] {
        model.state.list.articles.map(\.title)
    }

    @Test("Pages append in order and paging stops at totalResults")
    func pagingStopsAtTotal() async {
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 7)),
            .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 7)),
            .success(Fixtures.page([7], page: 3, pageSize: 3, total: 7)),
        ])
        let model = viewModel(service)
        await model.reload()
        #expect(model.state.phase == .loaded)
        #expect(model.state.list.nextPage == 2)
        await model.loadMore()
        await model.loadMore()
        #expect(titles(model) == (1...7).map { "Story \($0)" })
        #expect(model.state.list.nextPage == nil)
        #expect(!model.state.canLoadMore)
        await model.loadMore()
        #expect(service.requests.map(\.page) == [1, 2, 3], "no request past the last page")
    }

    @Test("Paging stops at a page that reached the result cap")
    func pagingStopsAtCap() async {
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 500)),
            .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 500, reachedResultCap: true)),
        ])
        let model = viewModel(service, search)
        await model.reload()
        await model.loadMore()
        #expect(model.state.list.count == 6)
        #expect(model.state.list.reachedResultCap)
        #expect(model.state.list.nextPage == nil)
        await model.loadMore()
        #expect(service.requests.map(\.page) == [1, 2])
    }

    @Test("An article repeated on the next page is kept once and numbering stays continuous")
    func duplicatesKeptOnce() async {
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 9)),
            .success(Fixtures.page([3, 4, 2], page: 2, pageSize: 3, total: 9)),
            .success(Fixtures.page([5, 6, 7], page: 3, pageSize: 3, total: 9)),
        ])
        let model = viewModel(service)
        await model.reload()
        await model.loadMore()
        await model.loadMore()
        #expect(
            titles(model) == ["Story 1", "Story 2", "Story 3", "Story 4", "Story 5", "Story 6", "Story 7"])
        #expect((1...7).map { model.article(numbered: $0)?.title } == (1...7).map { "Story \($0)" })
        #expect(model.article(numbered: 8) == nil)
        #expect(model.article(numbered: 0) == nil)
    }

    @Test("A sort change reloads from page 1 in the new order")
    func sortChangeResetsToPageOne() async {
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 9)),
            .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 9)),
            .success(Fixtures.page([9, 8, 7], page: 1, pageSize: 3, total: 9)),
        ])
        let model = viewModel(service, search)
        await model.reload()
        await model.loadMore()
        model.change(to: .search("mars rover", .popularity))
        #expect(model.state.list.isEmpty, "the old order's articles are gone at once")
        await model.reload()
        #expect(service.requests.count == 3)
        #expect(service.requests.last?.page == 1)
        #expect(service.requests.last?.sortBy == .popularity)
        #expect(titles(model) == ["Story 9", "Story 8", "Story 7"])
        #expect(model.state.list.nextPage == 2)
    }

    @Test("An empty first page is a loaded, empty list")
    func emptyResult() async {
        let service = ScriptedNewsService([.success(Fixtures.page([], page: 1, pageSize: 3, total: 0))])
        let model = viewModel(service, search)
        await model.reload()
        #expect(model.state.phase == .loaded)
        #expect(model.state.list.isEmpty)
        #expect(model.state.list.nextPage == nil)
        #expect(model.state.moreError == nil)
    }

    @Test("A failed first page is .failed with the error")
    func firstPageFailure() async {
        let error = NewsServiceError.api(code: "rateLimited", message: "Slow down")
        let service = ScriptedNewsService([.failure(error)])
        let model = viewModel(service)
        await model.reload()
        #expect(model.state.phase == .failed(error))
        #expect(model.state.list.isEmpty)
    }

    @Test("A failed loadMore keeps the list and sets moreError; the next loadMore clears it")
    func failedLoadMore() async {
        let error = NewsServiceError.transport(.timedOut, host: "newsapi.org")
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 6)),
            .failure(error),
            .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 6)),
        ])
        let model = viewModel(service)
        await model.reload()
        await model.loadMore()
        #expect(model.state.phase == .loaded)
        #expect(titles(model) == ["Story 1", "Story 2", "Story 3"])
        #expect(model.state.moreError == error)
        #expect(!model.state.isLoadingMore)
        #expect(model.state.list.nextPage == 2, "the failed page is asked for again")
        await model.loadMore()
        #expect(model.state.moreError == nil)
        #expect(model.state.list.count == 6)
        #expect(service.requests.map(\.page) == [1, 2, 2])
    }

    @Test("Reloading after a failed first page recovers")
    func retryRecovers() async {
        let service = ScriptedNewsService([
            .failure(.server(status: 503, host: "newsapi.org")),
            .success(Fixtures.page([1, 2], page: 1, pageSize: 3, total: 2)),
        ])
        let model = viewModel(service)
        await model.reload()
        #expect(model.state.phase == .failed(.server(status: 503, host: "newsapi.org")))
        await model.reload()
        #expect(model.state.phase == .loaded)
        #expect(titles(model) == ["Story 1", "Story 2"])
        #expect(service.requests.map(\.page) == [1, 1])
    }

    @Test("A cancelled reload leaves a loaded list as it was")
    func cancelledReloadKeepsList() async {
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 6)),
            .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 6)),
            .failure(.cancelled),
        ])
        let model = viewModel(service)
        await model.reload()
        await model.loadMore()
        let before = model.state
        await model.reload()
        #expect(model.state == before)
        #expect(model.state.moreError == nil, "a cancellation is not an error to show")
    }

    @Test("A cancelled loadMore leaves the list as it was")
    func cancelledLoadMoreKeepsList() async {
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 6)),
            .failure(.cancelled),
        ])
        let model = viewModel(service)
        await model.reload()
        let before = model.state
        await model.loadMore()
        #expect(model.state == before)
        #expect(model.state.canLoadMore)
    }

    @Test("A cancelled first page is .cancelled, not an error, and r recovers")
    func cancelledFirstPage() async {
        let service = ScriptedNewsService([
            .failure(.cancelled), .success(Fixtures.page([1], page: 1, pageSize: 3, total: 1)),
        ])
        let model = viewModel(service)
        await model.reload()
        #expect(model.state.phase == .cancelled)
        #expect(model.state.list.isEmpty)
        #expect(model.state.moreError == nil)
        await model.reload()
        #expect(model.state.phase == .loaded)
        #expect(titles(model) == ["Story 1"])
    }

    @Test("The country reaches headline requests and the language reaches searches")
    func countryAndLanguage() async {
        let service = ScriptedNewsService([
            .success(Fixtures.page([1], page: 1, pageSize: 5, total: 1)),
            .success(Fixtures.page([2], page: 1, pageSize: 5, total: 1)),
        ])
        let headlines = viewModel(service, .headlines(.science), pageSize: 5, country: "de", language: "fr")
        await headlines.reload()
        let results = viewModel(service, search, pageSize: 5, country: "de", language: "fr")
        await results.reload()
        #expect(
            service.requests == [
                .headlines(HeadlinesRequest(country: "de", category: .science, page: 1, pageSize: 5)),
                .search(
                    SearchRequest(
                        query: "mars rover", language: "fr", sortBy: .publishedAt, page: 1, pageSize: 5)),
            ])
    }

    @Test("A page that arrives after the query changed does not touch the new list")
    func staleMoreIsDropped() async {
        let service = GatedNewsService()
        let model = viewModel(service, search)
        let first = Task { await model.reload() }
        await service.waitForRequests(1)
        service.answer(
            { _ in true }, with: .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 9)))
        await first.value
        let more = Task { await model.loadMore() }
        await service.waitForRequests(2)
        model.change(to: .search("mars rover", .popularity))
        let resorted = Task { await model.reload() }
        await service.waitForRequests(3)
        service.answer(
            { $0.sortBy == .popularity },
            with: .success(Fixtures.page([9, 8, 7], page: 1, pageSize: 3, total: 9)))
        await resorted.value
        service.answer(
            { _ in true }, with: .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 9)))
        await more.value
        #expect(titles(model) == ["Story 9", "Story 8", "Story 7"])
        #expect(model.state.list.nextPage == 2)

    }

    @Test("A first page that arrives after the query changed does not replace the new list")
    func staleReloadIsDropped() async {
        let service = GatedNewsService()
        let model = viewModel(service, search)
        let old = Task { await model.reload() }
        await service.waitForRequests(1)
        model.change(to: .search("mars rover", .popularity))
        let new = Task { await model.reload() }
        await service.waitForRequests(2)
        service.answer(
            { $0.sortBy == .popularity },
            with: .success(Fixtures.page([9, 8, 7], page: 1, pageSize: 3, total: 9)))
        await new.value
        service.answer(
            { _ in true }, with: .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 9)))
        await old.value
        #expect(model.state.query == .search("mars rover", .popularity))
        #expect(titles(model) == ["Story 9", "Story 8", "Story 7"])

    }
}
