import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import SampleEdition
import Testing

/// ``FrontPageViewModel``: which sections a page has and in what order, how many headlines each
/// shows, numbers across sections, unread counts, failures kept to their section, and sections
/// arriving one by one.
@Suite("FrontPageViewModel")
@MainActor
struct FrontPageViewModelTests {
    private var edition: SampleEdition { FrontPageStates.edition }

    /// The sample edition's newest headlines of `category`.
    private func headlines(_ category: NewsCategory) -> [Article] {
        edition.entries.filter { $0.category == category }.map(\.article)
    }

    @Test(
        "Items each: 5 with up to 3 sections, 4 up to 6, else 3",
        arguments: [
            (1, 5), (3, 5), (4, 4), (6, 4), (7, 3), (12, 3),
        ])
    func itemsEach(sections: Int, items: Int) {
        #expect(FrontPageState.itemsEach(sectionCount: sections) == items)
    }

    @Test("The sample edition: its seven categories in order, three each, numbered across sections")
    func sampleNumbering() async throws {
        let viewModel = await FrontPageStates.loaded(FrontPageSources())
        let state = viewModel.state
        #expect(state.sections.map(\.source) == NewsCategory.allCases.map { .category($0) })
        #expect(state.sections.allSatisfy { $0.items.count == 3 })
        #expect(state.lastNumber == 21)
        #expect(state.firstNumber(ofSection: 1) == 4)
        #expect(viewModel.article(numbered: 1)?.title == headlines(.business)[0].title)
        #expect(viewModel.article(numbered: 4)?.title == headlines(.entertainment)[0].title)
        #expect(viewModel.article(numbered: 21)?.title == headlines(.technology)[2].title)
        #expect(viewModel.article(numbered: 22) == nil)
        #expect(viewModel.article(numbered: 0) == nil)
        #expect(state.featured == viewModel.article(numbered: 1))
    }

    @Test("Categories, then a section per tag, then the untagged feeds under Feeds")
    func sourcesTogether() async {
        let viewModel = await FrontPageStates.loaded(
            FrontPageSources(categories: true, feeds: true), feeds: SampleFeeds.library(now: Fixtures.now))
        let titles = viewModel.state.sections.map(\.title)
        #expect(
            titles == NewsCategory.allCases.map(\.displayName) + ["Science Fiction", "Podcasts", "Feeds"])
        #expect(viewModel.state.sections.allSatisfy { $0.items.count <= 3 }, "ten sections show three each")
        #expect(viewModel.state.sections[7].source == .feeds(.tag("Science Fiction")))
        #expect(viewModel.state.sections[9].source == .feeds(.untagged))
        #expect(
            viewModel.article(numbered: 22)?.title
                == "“The Lighthouse at Vesta” — a new story by Imani Okafor")
    }

    @Test("Feeds alone: three sections of up to five, numbered across them")
    func feedsAlone() async {
        let state = await FrontPageStates.feeds()
        #expect(state.sections.map(\.items.count) == [4, 2, 5])
        #expect(state.sections.map(\.unreadCount) == [4, 2, 5])
        #expect(state.firstNumber(ofSection: 2) == 7)
        #expect(state.article(numbered: 7)?.title == "Repairing a 1970s radio with parts from a 3D printer")
    }

    @Test("A category's unread count is among the headlines fetched; opening one counts it read")
    func unreadCounts() async throws {
        let science = headlines(.science)
        let readingList = RecordingReadingList(read: [science[0].url, science[5].url])
        let viewModel = await FrontPageStates.loaded(FrontPageSources(), readingList: readingList)
        let index = try #require(viewModel.state.sections.firstIndex { $0.source == .category(.science) })
        #expect(viewModel.state.sections[index].unreadCount == science.count - 2)
        #expect(viewModel.state.read.contains(science[0].id))
        let business = try #require(viewModel.article(numbered: 2))
        #expect(viewModel.markOpened(business))
        #expect(!viewModel.markOpened(business), "a second time changes nothing")
        #expect(viewModel.state.sections[0].unreadCount == headlines(.business).count - 1)
    }

    @Test("Opening a feed item counts it read in its section")
    func feedUnread() async throws {
        let viewModel = await FrontPageStates.loaded(
            FrontPageSources(categories: false, feeds: true), service: ScriptedNewsService([]),
            feeds: SampleFeeds.library(now: Fixtures.now))
        let item = try #require(viewModel.article(numbered: 5))
        viewModel.markOpened(item)
        #expect(viewModel.state.sections.map(\.unreadCount) == [4, 1, 5])
    }

    @Test("An item opened from the page is marked read, and the feed sections read again count it")
    func openedItemsAreCountedOnReload() async throws {
        let library = SampleFeeds.library(now: Fixtures.now)
        let viewModel = await FrontPageStates.loaded(
            FrontPageSources(categories: false, feeds: true), service: ScriptedNewsService([]),
            feeds: library, readingList: FeedReadingList(library))
        let item = try #require(viewModel.article(numbered: 5))
        viewModel.markOpened(item)
        await viewModel.reloadFeedSections()
        #expect(library.isRead(item), "the page writes the mark, as the reader may leave the article first")
        #expect(viewModel.state.sections.map(\.unreadCount) == [4, 1, 5], "the library's count includes it")
    }

    @Test("An item opened while the library is asked for the feed sections is counted: it is asked again")
    func openedWhileTheLibraryIsAsked() async throws {
        let library = SampleFeeds.library(now: Fixtures.now)
        let feeds = HeldFeedLibrary(library)
        let viewModel = await FrontPageStates.loaded(
            FrontPageSources(categories: false, feeds: true), service: ScriptedNewsService([]),
            feeds: feeds, readingList: FeedReadingList(library))
        let gate = Gate()
        feeds.holdNextSections(at: gate)
        let reload = Task { await viewModel.reloadFeedSections() }
        await gate.waitForArrivals(1)
        let item = try #require(viewModel.article(numbered: 5))
        viewModel.markOpened(item)
        gate.open()
        await reload.value
        #expect(
            viewModel.state.sections.map(\.unreadCount) == [4, 1, 5], "not the answer read before the mark")
    }

    @Test("A section that fails says why; the others load, and the numbers skip it")
    func failureIsolation() async throws {
        let service = FailingCategories(
            FrontPageStates.sampleService,
            failing: [.health: .api(code: "rateLimited", message: "Too many requests.")])
        let viewModel = await FrontPageStates.loaded(FrontPageSources(), service: service)
        let state = viewModel.state
        let health = try #require(state.sections.first { $0.source == .category(.health) })
        guard case .failed(let reason) = health.phase else {
            Issue.record("health is \(health.phase)")
            return
        }
        #expect(reason.contains("NewsAPI is limiting requests"))
        #expect(state.sections.filter { $0.phase == .loaded }.count == 6)
        #expect(state.lastNumber == 18)
        #expect(viewModel.article(numbered: 10)?.title == headlines(.science)[0].title)
    }

    @Test("Feeds that cannot be read are one failed Feeds section; the categories are unaffected")
    func feedsFail() async throws {
        let library = SampleFeeds.library(now: Fixtures.now)
        library.fail(with: FeedLibraryError("The feed store cannot be read."))
        let viewModel = await FrontPageStates.loaded(
            FrontPageSources(categories: true, feeds: true), feeds: library)
        let last = try #require(viewModel.state.sections.last)
        #expect(last.title == "Feeds")
        #expect(last.phase == .failed("The feed store cannot be read."))
        #expect(viewModel.state.sections.prefix(7).allSatisfy { $0.phase == .loaded })
        #expect(
            viewModel.state.sectionNames == NewsCategory.allCases.map(\.rawValue),
            "a failed Feeds opens nothing")
    }

    @Test("Sections arrive one by one: a held one stays loading while the others are shown")
    func arrivals() async throws {
        let gate = Gate()
        let service = FailingCategories(FrontPageStates.sampleService, held: .sports, gate: gate)
        let viewModel = FrontPageViewModel(sources: FrontPageSources(), service: service, pageSize: 20)
        var arrivals: [Bool] = []
        var othersShownWhileHeld = false
        let load = Task {
            await viewModel.reload { filledAGap in
                arrivals.append(filledAGap)
                let sports = viewModel.state.sections.first { $0.source == .category(.sports) }
                if viewModel.state.sections.filter({ $0.phase == .loaded }).count == 6,
                    sports?.phase == .loading
                {
                    othersShownWhileHeld = true
                }
            }
        }
        await gate.waitForArrivals(1)
        // Wait for the other six on the main actor, by their arrivals rather than by time.
        for _ in 0..<100_000 where arrivals.count < 6 { await Task.yield() }
        #expect(arrivals.count == 6)
        #expect(othersShownWhileHeld)
        #expect(viewModel.article(numbered: 16) == nil, "sports' numbers wait for it")
        #expect(viewModel.article(numbered: 19)?.title == headlines(.technology)[0].title)
        gate.open()
        await load.value
        #expect(arrivals == Array(repeating: true, count: 7))
        #expect(viewModel.article(numbered: 16)?.title == headlines(.sports)[0].title)
    }

    @Test("Reloading keeps the page until the answers arrive, and a reload's answers replace no gap")
    func reload() async {
        let viewModel = await FrontPageStates.loaded(FrontPageSources())
        let before = viewModel.state
        var filled: [Bool] = []
        await viewModel.reload { filled.append($0) }
        #expect(filled == Array(repeating: false, count: 7))
        #expect(viewModel.state.sections.map(\.items) == before.sections.map(\.items))
    }

    @Test("Section names for c NAME: a category's keyword, a tag as written, Feeds; found ignoring case")
    func sectionNames() async throws {
        let viewModel = await FrontPageStates.loaded(
            FrontPageSources(categories: true, feeds: true), feeds: SampleFeeds.library(now: Fixtures.now))
        let state = viewModel.state
        #expect(
            state.sectionNames == NewsCategory.allCases.map(\.rawValue) + [
                "Science Fiction", "Podcasts", "Feeds",
            ])
        #expect(state.section(named: "SCIENCE")?.source == .category(.science))
        #expect(state.section(named: "science fiction")?.source == .feeds(.tag("Science Fiction")))
        #expect(state.section(named: "pod")?.source == .feeds(.tag("Podcasts")))
        #expect(state.section(named: "feeds")?.source == .feeds(.untagged))
        #expect(state.section(named: "sci") == nil, "science and Science Fiction both start so")
        #expect(state.section(named: "tech")?.source == .category(.technology))
        #expect(state.section(named: "gardening") == nil)
    }
}

/// The sample edition with some categories failing, or one held at a gate.
private struct FailingCategories: NewsService {
    let sample: SampleNewsService
    var failing: [NewsCategory: NewsServiceError] = [:]
    var held: NewsCategory?
    var gate: Gate?

    init(
        _ sample: SampleNewsService, failing: [NewsCategory: NewsServiceError] = [:],
        held: NewsCategory? = nil,
        gate: Gate? = nil
    ) {
        self.sample = sample
        self.failing = failing
        self.held = held
        self.gate = gate
    }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        if let category = request.category, let error = failing[category] { throw error }
        if let gate, request.category == held, !(await gate.pass()) { throw .cancelled }
        return try await sample.topHeadlines(request)
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        try await sample.search(request)
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] { [] }
}
