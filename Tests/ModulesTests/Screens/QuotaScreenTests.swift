import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import SampleEdition
import TerminalText
import Testing

/// The screens and NewsAPI's daily quota: a load asks as the app and `r` and `n` as the reader
/// (``RequestTrigger``), a page the service answered from a fresh stored copy says when it was
/// fetched, and requests held back for the quota are said once, in one line.
@MainActor
@Suite("Screens within the daily quota")
struct QuotaScreenTests {
    /// 90 of 100 used on 22 Nov 2026, reset at midnight UTC.
    private let near = DailyRequests(
        used: 90, limit: 100, resetsAt: Date(timeIntervalSince1970: 1_795_392_000))
    private var spent: DailyRequests {
        var spent = near
        spent.used = 100
        return spent
    }

    /// A page of the articles numbered `numbers`, from `origin`.
    private func page(_ numbers: [Int], origin: PageOrigin) -> ArticlePage {
        var page = Fixtures.page(numbers, page: 1, pageSize: 3, total: numbers.count)
        page.origin = origin
        return page
    }

    private func text(_ lines: [StyledLine]) -> String {
        lines.map(\.plainText).joined(separator: "\n")
    }

    // MARK: Triggers

    @Test("The front page asks as the app when it opens and as the reader on r")
    func frontPageTriggers() async {
        let service = TriggerRecorder(FrontPageStates.sampleService)
        let screen = FrontPageScreen(
            viewModel: FrontPageViewModel(sources: FrontPageSources(), service: service, pageSize: 3),
            sources: FrontPageSources(), environment: Fixtures.environment)
        screen.refresh()
        await screen.activity.settle()
        #expect(service.triggers == [RequestTrigger](repeating: .automatic, count: 7))
        #expect(screen.handle(Command("r")!))
        await screen.activity.settle()
        #expect(Array(service.triggers.dropFirst(7)) == [RequestTrigger](repeating: .explicit, count: 7))
    }

    @Test("A list asks as the app when it opens and ahead of the reader, as the reader on r and n")
    func listTriggers() async {
        let service = TriggerRecorder(FrontPageStates.sampleService)
        let screen = ArticleListScreen(
            viewModel: ArticleListViewModel(
                query: .search("the", .publishedAt), service: service, pageSize: 3, prefetchesNextPage: true),
            environment: Fixtures.environment)
        screen.refresh()
        await screen.activity.settle()
        await screen.viewModel.settleBackgroundWork()
        // Page 1 on opening, page 2 ahead of the reader.
        #expect(service.pages == [1, 2])
        #expect(service.triggers == [RequestTrigger.automatic, .automatic])
        #expect(screen.handle(Command("r")!))
        await screen.activity.settle()
        await screen.viewModel.settleBackgroundWork()
        #expect(service.pages.dropFirst(2).first == 1)
        #expect(service.triggers.dropFirst(2).first == RequestTrigger.explicit)
        // n takes the page fetched ahead: no request of its own.
        let before = service.pages.count
        #expect(screen.handle(Command("n")!))
        await screen.activity.settle()
        #expect(service.pages.count >= before)
        #expect(!service.triggers.dropFirst(before).contains(RequestTrigger.explicit))

        // Without fetching ahead, n is the reader's request.
        let plain = TriggerRecorder(FrontPageStates.sampleService)
        let list = ArticleListScreen(
            viewModel: ArticleListViewModel(query: .search("the", .publishedAt), service: plain, pageSize: 3),
            environment: Fixtures.environment)
        list.refresh()
        await list.activity.settle()
        #expect(list.handle(Command("n")!))
        await list.activity.settle()
        #expect(plain.pages == [1, 2])
        #expect(plain.triggers == [RequestTrigger.automatic, .explicit])
    }

    // MARK: Fresh pages

    @Test("A page answered from a fresh stored copy says when it was fetched, calmly")
    func freshPages() async {
        let fetched = Fixtures.minutesAgo(12)
        let service = ScriptedNewsService(
            Array(
                repeating: .success(page([1, 2, 3], origin: .store(savedAt: fetched, reason: .fresh))),
                count: 8))
        let front = await FrontPageStates.loaded(FrontPageSources(), service: service)
        let page = text(FrontPageRenderer.render(front.state, width: 80, context: Fixtures.context))
        #expect(page.hasPrefix("Front page · 22 Nov 2026\nFetched 12 minutes ago · r refreshes\n\n"))

        let list = ArticleListViewModel(query: .headlines(.science), service: service, pageSize: 3)
        await list.reload()
        let drawn = text(ArticleListRenderer.render(list.state, width: 80, context: Fixtures.context))
        #expect(drawn.contains("3 of 3 articles\nFetched 12 minutes ago · r refreshes\n"))
        #expect(!drawn.contains("Offline"))
    }

    // MARK: Requests held for the quota

    @Test("Near the limit, held sections are said once for the page, with the stored ones' age")
    func heldOnTheFrontPage() async throws {
        let stored = ArticlePage(
            articles: [Fixtures.article(1), Fixtures.article(2)], totalResults: 2, page: 1, pageSize: 3,
            origin: .store(savedAt: Fixtures.minutesAgo(120), reason: .refused(.requestsHeld(near))))
        // Business has a stored copy; the other six have none.
        let service = ScriptedNewsService(
            [.success(stored)] + Array(repeating: .failure(.requestsHeld(near)), count: 6))
        let front = await FrontPageStates.loaded(FrontPageSources(), service: service)
        #expect(front.state.heldRequests == near)
        #expect(front.state.sections.filter { $0.phase == .held }.count == 6)
        let page = text(FrontPageRenderer.render(front.state, width: 100, context: Fixtures.context))
        #expect(
            page.hasPrefix(
                "Front page · 22 Nov 2026\n"
                    + "90 of 100 NewsAPI requests used today: showing headlines saved 2 hours ago · r asks\n\n"
            ))
        #expect(page.components(separatedBy: "Nothing stored yet.").count == 7)
        #expect(page.components(separatedBy: "NewsAPI").count == 2, "said once")
    }

    @Test("Once the day is spent, the line says until when and offers no r")
    func spentOnTheFrontPage() async {
        let service = ScriptedNewsService(Array(repeating: .failure(.requestsHeld(spent)), count: 7))
        let front = await FrontPageStates.loaded(FrontPageSources(), service: service)
        let page = text(FrontPageRenderer.render(front.state, width: 120, context: Fixtures.context))
        #expect(page.contains("\nAll 100 NewsAPI requests of today are used: none until midnight UTC"))
        #expect(!page.contains("r asks"))
        #expect(!page.contains("retries"))
    }

    @Test("A list held for the quota: one line with the stored copy's age, or why it has none")
    func heldLists() async {
        let service = ScriptedNewsService([
            .success(
                page(
                    [1, 2],
                    origin: .store(savedAt: Fixtures.minutesAgo(60), reason: .refused(.requestsHeld(near))))),
            .failure(.requestsHeld(spent)),
        ])
        let list = ArticleListViewModel(query: .headlines(.science), service: service, pageSize: 3)
        await list.reload()
        let held = text(ArticleListRenderer.render(list.state, width: 100, context: Fixtures.context))
        #expect(
            held.contains(
                "\n90 of 100 NewsAPI requests used today: showing articles saved 1 hour ago · r asks\n"))
        #expect(!held.contains("Near the daily limit"))

        let none = ArticleListViewModel(query: .search("mars", .publishedAt), service: service, pageSize: 3)
        await none.reload()
        let failed = text(ArticleListRenderer.render(none.state, width: 200, context: Fixtures.context))
        #expect(
            failed.contains(
                "Could not load results for “mars”. All 100 NewsAPI requests of today are used: NewsApp asks "
                    + "again after midnight UTC"))
        #expect(!failed.contains("retries"))
    }
}

/// The sample edition, recording each request's page and trigger.
private final class TriggerRecorder: NewsService {
    private let sample: SampleNewsService
    private let log = Locked<[(page: Int, trigger: RequestTrigger)]>([])

    init(_ sample: SampleNewsService) {
        self.sample = sample
    }

    var triggers: [RequestTrigger] { log.withLock { $0.map(\.trigger) } }
    var pages: [Int] { log.withLock { $0.map(\.page) } }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        log.withLock { $0.append((request.page, request.trigger)) }
        return try await sample.topHeadlines(request)
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        log.withLock { $0.append((request.page, request.trigger)) }
        return try await sample.search(request)
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] { [] }
}
