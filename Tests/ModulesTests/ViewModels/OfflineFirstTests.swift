import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// ``ArticleListViewModel`` over services that keep pages: stored pages first, the network's
/// after, the store answering when the network cannot, and read marks.
@MainActor
@Suite("Offline-first lists", .timeLimit(.minutes(1)))
struct OfflineFirstTests {
    private let savedAt = Fixtures.minutesAgo(120)

    private func storedPage(_ numbers: [Int], total: Int = 9) -> ArticlePage {
        var page = Fixtures.page(numbers, page: 1, pageSize: 3, total: total)
        page.origin = .store(savedAt: savedAt, reason: .stale)
        return page
    }

    private func titles(_ model: ArticleListViewModel) -> [String] {
        model.state.list.articles.map(\.title)
    }

    // MARK: Stale-while-revalidate

    @Test("The stored page shows at once, marked stale and refreshing, before the network answers")
    func storedPageFirst() async {
        let service = StoringGatedNewsService(stored: [1: storedPage([1, 2, 3])])
        let model = ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3)
        var shown: [ArticleListState] = []
        let load = Task { await model.reload(storedPageShown: { shown.append(model.state) }) }
        await service.network.waitForRequests(1)
        #expect(shown.count == 1)
        #expect(shown.first?.list.articles.map(\.title) == ["Story 1", "Story 2", "Story 3"])
        #expect(shown.first?.phase == .loaded)
        #expect(shown.first?.isRefreshing == true)
        #expect(shown.first?.origin == .store(savedAt: savedAt, reason: .stale))
        #expect(model.state.isRefreshing, "still refreshing while the network is asked")
        #expect(!model.state.canLoadMore, "no paging from a list about to be replaced")

        service.network.answer(
            { _ in true }, with: .success(Fixtures.page([7, 8, 1], page: 1, pageSize: 3, total: 9)))
        await load.value
        #expect(titles(model) == ["Story 7", "Story 8", "Story 1"])
        #expect(model.state.origin == .network)
        #expect(!model.state.isRefreshing)
        #expect(model.state.note == "Updated: 2 new articles.")
        #expect(service.storedRequestCount == 1)
    }

    @Test("A fresh page with the same articles says “Up to date.”; one new article is singular")
    func notes() async {
        let service = StoringGatedNewsService(stored: [1: storedPage([1, 2, 3])])
        let model = ArticleListViewModel(query: .search("mars", .relevancy), service: service, pageSize: 3)
        let load = Task { await model.reload() }
        await service.network.waitForRequests(1)
        service.network.answer(
            { _ in true }, with: .success(Fixtures.page([3, 2, 1], page: 1, pageSize: 3, total: 9)))
        await load.value
        #expect(model.state.note == "Up to date.")

        let again = Task { await model.reload() }
        await service.network.waitForRequests(2)
        #expect(
            service.storedRequestCount == 1, "a list with articles on screen is not replaced by the store")
        service.network.answer(
            { _ in true }, with: .success(Fixtures.page([4, 3, 2], page: 1, pageSize: 3, total: 9)))
        await again.value
        #expect(model.state.note == "Updated: 1 new article.")
        model.markOpened(Fixtures.article(4))
        #expect(model.state.note == nil, "the note is said once")
    }

    @Test("When the network then fails, the stored articles stay and the list is offline with the error")
    func networkFailsAfterStoredPage() async {
        let error = NewsServiceError.transport(.notConnectedToInternet, host: "newsapi.org")
        let service = StoringGatedNewsService(stored: [1: storedPage([1, 2, 3])])
        let model = ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3)
        let load = Task { await model.reload() }
        await service.network.waitForRequests(1)
        service.network.answer({ _ in true }, with: .failure(error))
        await load.value
        #expect(titles(model) == ["Story 1", "Story 2", "Story 3"])
        #expect(model.state.phase == .loaded)
        #expect(model.state.origin == .store(savedAt: savedAt, reason: .offline(error)))
        #expect(model.state.moreError == nil)
        #expect(model.state.note == nil)
    }

    @Test(
        "When the service then refuses the key or the pace, the stored articles stay under the refusal, not offline",
        arguments: [
            NewsServiceError.api(code: "rateLimited", message: "Slow down."),
            .api(code: "apiKeyInvalid", message: "Your API key is invalid."),
            .server(status: 429, host: "newsapi.org"),
        ])
    func refusalAfterStoredPage(_ error: NewsServiceError) async throws {
        let service = StoringGatedNewsService(stored: [1: storedPage([1, 2, 3])])
        let model = ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3)
        let load = Task { await model.reload() }
        await service.network.waitForRequests(1)
        service.network.answer({ _ in true }, with: .failure(error))
        await load.value
        #expect(titles(model) == ["Story 1", "Story 2", "Story 3"])
        #expect(model.state.phase == .loaded)
        #expect(model.state.origin == .store(savedAt: savedAt, reason: .refused(error)))
        let lines = ArticleListRenderer.render(model.state, width: 200, context: Fixtures.context)
            .map(\.plainText)
        let banner = try #require(lines.firstIndex { $0.hasPrefix("\(error.refusalTitle ?? "?") — showing") })
        #expect(lines[banner].hasSuffix(" · r retries"))
        #expect(lines[banner + 1] == error.sentence)
        #expect(!lines.contains { $0.contains("Offline") })
    }

    @Test("A cancelled refresh keeps the stored articles, no longer refreshing")
    func cancelledRefreshKeepsStored() async {
        let service = StoringGatedNewsService(stored: [1: storedPage([1, 2, 3])])
        let model = ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3)
        let load = Task { await model.reload() }
        await service.network.waitForRequests(1)
        load.cancel()
        await load.value
        #expect(service.network.cancelledRequests.count == 1)
        #expect(titles(model) == ["Story 1", "Story 2", "Story 3"])
        #expect(!model.state.isRefreshing)
        #expect(model.state.origin == .store(savedAt: savedAt, reason: .stale))
        #expect(model.state.phase == .loaded)
    }

    @Test("With nothing stored, the list loads from the network as before and a failure is the error state")
    func nothingStored() async {
        let error = NewsServiceError.transport(.notConnectedToInternet, host: "newsapi.org")
        let service = StoringGatedNewsService(stored: [:])
        let model = ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3)
        let load = Task { await model.reload() }
        await service.network.waitForRequests(1)
        #expect(model.state.phase == .loading)
        service.network.answer({ _ in true }, with: .failure(error))
        await load.value
        #expect(model.state.phase == .failed(error))
        #expect(model.state.list.isEmpty)
    }

    @Test("A page the service answered from the store after a network failure marks the list offline")
    func offlinePageFromService() async {
        let error = NewsServiceError.transport(.timedOut, host: "newsapi.org")
        var page = Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 9)
        page.origin = .store(savedAt: savedAt, reason: .offline(error))
        let service = ScriptedNewsService([.success(page)])
        let model = ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3)
        await model.reload()
        #expect(model.state.origin == .store(savedAt: savedAt, reason: .offline(error)))
        #expect(model.state.note == nil, "no “Updated” note for a page that is not fresh")
    }

    @Test("A later page from the store marks the list offline")
    func laterPageOffline() async {
        let error = NewsServiceError.server(status: 503, host: "newsapi.org")
        var second = Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 9)
        second.origin = .store(savedAt: savedAt, reason: .offline(error))
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 9)), .success(second),
        ])
        let model = ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3)
        await model.reload()
        #expect(model.state.origin == .network)
        await model.loadMore()
        #expect(model.state.origin == .store(savedAt: savedAt, reason: .offline(error)))
    }

    // MARK: Popularity offline

    @Test(
        "An offline search asked for popularity says it shows relevancy instead",
        arguments: [
            (
                ArticleSortOrder.popularity, PageOrigin.StoreReason.offline(.transport(.timedOut, host: "h")),
                true
            ),
            (.popularity, .offlineMode, true),
            (.popularity, .stale, false),
            (.relevancy, .offlineMode, false),
            (.publishedAt, .offline(.transport(.timedOut, host: "h")), false),
        ])
    func popularityOffline(sort: ArticleSortOrder, reason: PageOrigin.StoreReason, says: Bool) async {
        var page = Fixtures.page([1, 2], page: 1, pageSize: 3, total: 2)
        page.origin = .store(savedAt: savedAt, reason: reason)
        let model = ArticleListViewModel(
            query: .search("mars", sort), service: ScriptedNewsService([.success(page)]), pageSize: 3)
        await model.reload()
        #expect(model.state.sortsByRelevancyInstead == says)
        let text = ArticleListRenderer.render(model.state, width: 100, context: Fixtures.context)
            .map(\.plainText).joined(separator: "\n")
        let sentence =
            "Sorting by popularity needs the network; showing the best matches (relevancy) instead."
        #expect(text.components(separatedBy: sentence).count - 1 == (says ? 1 : 0))
    }

    @Test("Headlines answered from the store never mention popularity")
    func headlinesNeverMentionPopularity() async {
        var page = Fixtures.page([1], page: 1, pageSize: 3, total: 1)
        page.origin = .store(savedAt: savedAt, reason: .offlineMode)
        let model = ArticleListViewModel(
            query: .headlines(nil), service: ScriptedNewsService([.success(page)]), pageSize: 3)
        await model.reload()
        #expect(!model.state.sortsByRelevancyInstead)
    }

    // MARK: Read marks

    @Test("Read marks are asked for each page's articles and kept across pages")
    func readMarksPerPage() async {
        let readingList = RecordingReadingList(read: [Fixtures.article(2).url, Fixtures.article(5).url])
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 6)),
            .success(Fixtures.page([4, 5, 6], page: 2, pageSize: 3, total: 6)),
        ])
        let model = ArticleListViewModel(
            query: .headlines(nil), service: service, pageSize: 3, readingList: readingList)
        await model.reload()
        #expect(model.state.read == [Fixtures.article(2).id])
        await model.loadMore()
        #expect(model.state.read == [Fixtures.article(2).id, Fixtures.article(5).id])
        #expect(
            readingList.readQueries == [[1, 2, 3], [4, 5, 6]].map { $0.map { Fixtures.article($0).url } })
    }

    @Test("An opened article is read at once, without asking the reading list")
    func openedIsRead() async {
        let service = ScriptedNewsService([
            .success(Fixtures.page([1, 2, 3], page: 1, pageSize: 3, total: 3))
        ])
        let model = ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3)
        await model.reload()
        #expect(model.markOpened(Fixtures.article(3)))
        #expect(!model.markOpened(Fixtures.article(3)), "marking twice changes nothing")
        #expect(model.state.read == [Fixtures.article(3).id])
    }

    // MARK: Saved articles

    @Test("The saved list is the reading list's articles, one page, in its order")
    func savedList() async {
        let readingList = RecordingReadingList(saved: [Articles.truncated, Articles.plain])
        let model = ArticleListViewModel(
            query: .saved, service: ScriptedNewsService([]), pageSize: 3, readingList: readingList)
        await model.reload()
        #expect(titles(model) == [Articles.truncated.title, Articles.plain.title])
        #expect(model.state.list.nextPage == nil)
        #expect(model.state.phase == .loaded)
    }

    @Test("A reading list that fails leaves the saved list in its error state, one sentence")
    func savedListFails() async {
        let model = ArticleListViewModel(
            query: .saved, service: ScriptedNewsService([]), pageSize: 3, readingList: NoReadingList())
        await model.reload()
        #expect(model.state.phase == .failed(.unavailable(ReadingListError.unavailable.sentence)))
    }
}
