import CoordinatorsTesting
import Foundation
import Modules
import NewsModels
import SampleEdition
import TerminalText
import Testing

/// What an interactive session draws while the network is slow: screens worth reading are drawn
/// at once, and only a load that will replace a screen keeps it back.
@Suite("Drawing while loading", .timeLimit(.minutes(1)))
@MainActor
struct DrawingWhileLoadingTests {
    @Test("The spinner of the first load shows before anything is drawn")
    func firstLoadShowsTheSpinner() async {
        let service = HeldNewsService(TestFixtures.service, heldPages: [1])
        let (session, terminal) = TestFixtures.session([], service: service, interactive: true)
        let run = Task { await session.run() }
        await service.waitForHeldRequests(NewsCategory.allCases.count)
        await terminal.waitUntilReading()
        #expect(terminal.activityLabels == ["Loading the front page"])
        #expect(terminal.outputs.isEmpty, "nothing worth reading yet")
        await service.release()
        await terminal.waitForOutput(containing: "Technology · 12 unread")
        terminal.send("q")
        #expect(await run.value == .quit)
    }

    @Test("The stored feed is drawn at once, then again when the network answers")
    func storedFeedIsDrawnWhileTheNetworkIsAsked() async throws {
        let service = HeldNewsService(
            TestFixtures.service, heldPages: [1], storedSavedAt: TestFixtures.now - 7_200)
        let (session, terminal) = TestFixtures.session([], service: service, interactive: true)
        let run = Task { await session.run() }
        // Every category's request is held: whatever is drawn until the release is the store's.
        await service.waitForHeldRequests(NewsCategory.allCases.count)
        await terminal.waitForOutput {
            $0.contains("Saved 2 hours ago · refreshing…") && !$0.contains("Loading…")
        }
        #expect(terminal.lastOutput.contains("1  " + TestFixtures.frontPageTitles[0]))
        let stored = terminal.lastOutput
        let atRelease = terminal.outputs.count

        await service.release()
        await terminal.waitForOutput { !$0.contains("Saved 2 hours ago") && $0.contains("Front page") }
        // The fresh headlines replace the stored ones in one drawing, never section by section:
        // until the whole fresh page, any drawing is the stored page again (a loaded machine may
        // draw it once more, say when its read marks come back), and the first fresh one is whole.
        let after = Array(terminal.outputs[atRelease...])
        let fresh = try #require(after.firstIndex { !$0.contains("Saved 2 hours ago") })
        #expect(after[..<fresh].allSatisfy { $0 == stored })
        #expect(after[fresh].contains("Technology · 12 unread") && after[fresh].contains("Business · "))
        #expect(!after[fresh].contains("refreshing"))
        #expect(after[fresh...].allSatisfy { !$0.contains("Saved 2 hours ago") })
        terminal.send("q")
        #expect(await run.value == .quit)
    }

    @Test("Beside a list that is loading more, an opened article is drawn at once")
    func articleOpenedBesideALoadingList() async {
        let service = HeldNewsService(TestFixtures.service, heldPages: [2])
        let (session, terminal) = TestFixtures.session(
            [], columns: 160, layout: .preferSplit, service: service, interactive: true,
            prefetchesNextPage: false)
        let run = Task { await session.run() }
        await terminal.waitForOutput(containing: "Front page · ")
        terminal.send("c all")
        await terminal.waitForOutput(containing: "Top stories · All categories")
        terminal.send("n")
        await service.waitForHeldRequests(1)
        terminal.send("2")
        await terminal.waitForOutput(containing: TestFixtures.headlineTitles[1].prefix(40) + "")
        #expect(terminal.lastOutput.contains("│"), "drawn as two panes")
        #expect(await service.heldRequestCount == 1, "page 2 is still on its way")

        await service.release()
        await terminal.waitForOutput(containing: "21  ")
        terminal.send("q")
        #expect(await run.value == .quit)
    }

    @Test("An article waits a moment for its picture, then is drawn without it, and again with it")
    func articleIsNotKeptBackByItsPicture() async {
        let images = HeldImages()
        let (session, terminal) = TestFixtures.session([], interactive: true, images: images)
        let run = Task { await session.run() }
        await terminal.waitForOutput(containing: "Front page · ")
        terminal.send("1")
        await images.waitForRequest()
        await terminal.waitForOutput(containing: "o open")
        #expect(!terminal.lastOutput.contains("▀"), "drawn before the picture came")

        await images.release()
        await terminal.waitForOutput(containing: "▀")
        #expect(terminal.lastOutput.contains("o open"))
        terminal.send("q")
        #expect(await run.value == .quit)
    }
}

// MARK: - Doubles

/// The sample edition, with the network's answers for some pages held until ``release()``, and
/// optionally a stored copy of every headlines page saved at a given time.
actor HeldNewsService: StoringNewsService {
    private let sample: SampleNewsService
    private let heldPages: Set<Int>
    private let storedSavedAt: Date?
    private var released = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private(set) var heldRequestCount = 0
    private var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(_ sample: SampleNewsService, heldPages: Set<Int>, storedSavedAt: Date? = nil) {
        self.sample = sample
        self.heldPages = heldPages
        self.storedSavedAt = storedSavedAt
    }

    func waitForHeldRequests(_ count: Int) async {
        if heldRequestCount >= count { return }
        await withCheckedContinuation { countWaiters.append((count, $0)) }
    }

    /// Lets every held request, and every later one, through.
    func release() {
        released = true
        for continuation in held { continuation.resume() }
        held.removeAll()
    }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        await holdIfAsked(page: request.page)
        return try await sample.topHeadlines(request)
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        await holdIfAsked(page: request.page)
        return try await sample.search(request)
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        try await sample.sources(request)
    }

    func storedHeadlines(_ request: HeadlinesRequest) async -> ArticlePage? {
        guard let storedSavedAt, var page = try? await sample.topHeadlines(request) else { return nil }
        page.origin = .store(savedAt: storedSavedAt, reason: .stale)
        return page
    }

    func storedSearch(_ request: SearchRequest) async -> ArticlePage? { nil }

    private func holdIfAsked(page: Int) async {
        guard !released, heldPages.contains(page) else { return }
        heldRequestCount += 1
        let (met, waiting) = (
            countWaiters.filter { $0.count <= heldRequestCount },
            countWaiters.filter { $0.count > heldRequestCount }
        )
        countWaiters = waiting
        for waiter in met { waiter.continuation.resume() }
        await withCheckedContinuation { held.append($0) }
    }
}

/// Pictures that arrive only when the test says so: a 2 × 1 half-block picture.
actor HeldImages: ArticleImages {
    private var released = false
    private var requested = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var requestWaiters: [CheckedContinuation<Void, Never>] = []

    func waitForRequest() async {
        if requested { return }
        await withCheckedContinuation { requestWaiters.append($0) }
    }

    func release() {
        released = true
        for continuation in held { continuation.resume() }
        held.removeAll()
    }

    func thumbnail(for url: URL, columns: Int, rows: Int) async -> Thumbnail {
        requested = true
        for waiter in requestWaiters { waiter.resume() }
        requestWaiters.removeAll()
        if !released { await withCheckedContinuation { held.append($0) } }
        let cell = CellColors(foreground: RGB(200, 30, 30), background: RGB(30, 30, 200))
        return .picture([StyledLine([Span("▀", colors: cell), Span("▀", colors: cell)])])
    }

    func prefetch(_ urls: [URL]) async {}
}
