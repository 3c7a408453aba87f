import Coordinators
import Modules
import ModulesTestSupport
import NewsModels
import TerminalText
import Testing

/// ``FrontPageRenderer`` against its goldens: the sample edition and the sample feeds stacked at
/// 80 columns and beside an open article at 160, the featured story with its picture, a failed
/// section, sections still loading, and where stored headlines came from. Every rendering is
/// also checked for control characters and width.
@Suite("FrontPageRenderer goldens")
@MainActor
struct FrontPageRendererGoldenTests {
    private func check(
        _ lines: [StyledLine],
        _ name: String,
        width: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        Golden.expect(lines, matches: name, in: FrontPageGoldens.self, sourceLocation: sourceLocation)
        Golden.expectSafe(lines, width: width, sourceLocation: sourceLocation)
        Golden.expectNoHostileFragments(lines, sourceLocation: sourceLocation)
    }

    /// The page on the left of a split layout `columns` wide, the headline numbered `opened` open
    /// on the right (and read on the left).
    private func split(_ viewModel: FrontPageViewModel, opened: Int, columns: Int) throws -> [StyledLine] {
        let page = FrontPageScreen(
            viewModel: viewModel, sources: FrontPageSources(), environment: Fixtures.environment)
        let article = try #require(page.article(numbered: opened))
        page.markOpened(article)
        let router = SplitRouter()
        router.setRoot(page)
        router.push(FrontPageStates.article(article))
        return router.render(size: TerminalSize(columns: columns, rows: 40))
    }

    @Test("The sample edition, stacked at 80 columns: seven sections of three, the first featured")
    func sampleStacked() async {
        let state = await FrontPageStates.sample()
        let lines = FrontPageRenderer.render(state, width: 80, context: Fixtures.context)
        check(lines, "sample 80", width: 80)
        #expect(lines.filter { $0.plainText.hasSuffix(" · 12 unread") }.count == 7)
        #expect(lines.last?.plainText == "1–21 open · c NAME a whole section · r refresh · ? help")
    }

    @Test("The sample edition at 160 columns, an article open on the right: the page is compact")
    func sampleSplit() async throws {
        let viewModel = await FrontPageStates.loaded(FrontPageSources())
        let lines = try split(viewModel, opened: 3, columns: 160)
        check(lines, "sample split 160", width: 160)
        #expect(lines.count <= 39, "the page fits beside the article")
    }

    @Test("The sample feeds, stacked at 80 columns: a section per tag, then Feeds")
    func feedsStacked() async {
        let state = await FrontPageStates.feeds()
        let lines = FrontPageRenderer.render(state, width: 80, context: Fixtures.context)
        check(lines, "feeds 80", width: 80)
        #expect(state.sections.map(\.title) == ["Science Fiction", "Podcasts", "Feeds"])
    }

    @Test("The sample feeds at 160 columns, an item open on the right")
    func feedsSplit() async throws {
        let viewModel = await FrontPageStates.loaded(
            FrontPageSources(categories: false, feeds: true), service: ScriptedNewsService([]),
            feeds: SampleFeeds.library(now: Fixtures.now))
        let lines = try split(viewModel, opened: 5, columns: 160)
        check(lines, "feeds split 160", width: 160)
    }

    /// A picture of `columns` × `rows` half blocks in two colours.
    private func picture(columns: Int, rows: Int) -> Thumbnail {
        .picture(
            (0..<rows).map { row in
                let colors = CellColors(
                    foreground: RGB(UInt8(row * 20), 120, 200), background: RGB(10, UInt8(row * 20), 60))
                return StyledLine([Span(String(repeating: "▀", count: columns), colors: colors)])
            })
    }

    @Test("The featured story: its picture under the title, its summary, then the other headlines")
    func featured() async throws {
        let state = await FrontPageStates.sample()
        let lines = FrontPageRenderer.render(
            state, width: 60, context: Fixtures.context, picture: picture(columns: 24, rows: 4))
        check(Array(lines.prefix(16)), "featured 60", width: 60)
        #expect(lines.contains { $0.spans.contains { $0.colors != nil } })
        let title = try #require(lines.first { $0.plainText.hasPrefix(" 1  ") })
        #expect(title.spans.dropFirst().allSatisfy { $0.role == .heading }, "the featured title")
        let second = try #require(lines.first { $0.plainText.hasPrefix(" 2  ") })
        #expect(second.spans.dropFirst().allSatisfy { $0.role == .strong })
    }

    @Test("A picture wider than the text, or one that could not be shown, is left out")
    func pictureLeftOut() async {
        let state = await FrontPageStates.sample()
        let plain = FrontPageRenderer.render(state, width: 60, context: Fixtures.context)
        let tooWide = FrontPageRenderer.render(
            state, width: 60, context: Fixtures.context, picture: picture(columns: 57, rows: 2))
        let skipped = FrontPageRenderer.render(
            state, width: 60, context: Fixtures.context,
            picture: .skipped("The image is not a JPEG or PNG file."))
        #expect(tooWide == plain)
        #expect(skipped == plain)
    }

    @Test("A failed section is its header and one line; the others are drawn as usual")
    func failedSection() {
        let lines = FrontPageRenderer.render(FrontPageStates.failed, width: 80, context: Fixtures.context)
        check(lines, "failed 80", width: 80)
        let reason = lines.first { $0.plainText.contains("Not loaded") }
        #expect(reason?.spans.first { !$0.text.allSatisfy(\.isWhitespace) }?.role == .warning)
    }

    @Test("Sections still loading keep their numbers; the feeds wait for their tags")
    func loading() {
        let lines = FrontPageRenderer.render(FrontPageStates.loading, width: 80, context: Fixtures.context)
        check(lines, "loading 80", width: 80)
        #expect(FrontPageStates.loading.article(numbered: 7) == nil)
        #expect(FrontPageStates.loading.lastNumber == 6 + 3 + 0 + 3 * 3)
    }

    @Test("Stored headlines say so under the page's header: refreshing, offline, offline mode")
    func origins() {
        let lines = FrontPageStates.origins.flatMap { state in
            FrontPageRenderer.render(state, width: 80, context: Fixtures.context) + [StyledLine("────")]
        }
        check(lines, "origins 80", width: 80)
    }

    @Test("Compact beside an article: one line a headline, read ones with ✓, at 60 columns too")
    func compact() async {
        var state = await FrontPageStates.sample()
        state.read.insert(state.sections[0].items[1].id)
        let lines = FrontPageRenderer.render(state, width: 60, height: 34, context: Fixtures.context)
        check(lines, "compact 60", width: 60)
        #expect(lines.count <= 34)
        let full = FrontPageRenderer.render(state, width: 60, context: Fixtures.context)
        #expect(
            FrontPageRenderer.render(state, width: 60, height: full.count, context: Fixtures.context) == full,
            "a height the full page fits keeps the full form")
    }
}

/// A front page whose store had nothing for its sections says so without a saved time.
@Suite("FrontPageRenderer offline")
@MainActor
struct FrontPageRendererOfflineTests {
    @Test("Offline mode with nothing kept: no time is given, and each section says nothing is kept")
    func nothingKept() {
        var business = FrontPageStates.section(.business, [])
        business.origin = .store(savedAt: Fixtures.minutesAgo(5), reason: .offlineMode)
        var science = FrontPageStates.section(.science, [])
        science.origin = .store(savedAt: Fixtures.minutesAgo(5), reason: .offlineMode)
        let lines = FrontPageRenderer.render(
            FrontPageState(sections: [business, science]), width: 80, context: Fixtures.context
        ).map(\.plainText)
        #expect(lines[1] == "Offline mode")
        #expect(lines.contains("   No business headlines are kept offline yet."))
        #expect(lines.contains("   No science headlines are kept offline yet."))
    }
}
