import Coordinators
import Modules
import NewsModels
import TerminalText
import Testing

/// ``ArticleListRenderer`` against its goldens at 60, 100 and 160 columns, each rendering also
/// checked for control characters and width.
@Suite("ArticleListRenderer goldens")
struct ArticleListRendererGoldenTests {
    private func check(
        _ lines: [StyledLine],
        _ name: String,
        width: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        Golden.expect(
            lines, matches: "\(name) \(width)", in: ArticleListGoldens.self, sourceLocation: sourceLocation)
        Golden.expectSafe(lines, width: width, sourceLocation: sourceLocation)
        Golden.expectNoHostileFragments(lines, sourceLocation: sourceLocation)
    }

    @Test("Headlines, full", arguments: Fixtures.widths)
    func headlines(width: Int) {
        let lines = ArticleListRenderer.render(
            RenderStates.headlines, width: width, context: Fixtures.context)
        check(lines, "headlines", width: width)
    }

    @Test("Headlines, compact for a height the full list does not fit", arguments: Fixtures.widths)
    func headlinesCompact(width: Int) {
        let full = ArticleListRenderer.render(RenderStates.headlines, width: width, context: Fixtures.context)
        let lines = ArticleListRenderer.render(
            RenderStates.headlines, width: width, height: 16, context: Fixtures.context)
        #expect(lines.count < full.count)
        check(lines, "headlines compact", width: width)
    }

    @Test("A height the full list fits keeps the full form", arguments: Fixtures.widths)
    func heightThatFits(width: Int) {
        let full = ArticleListRenderer.render(RenderStates.headlines, width: width, context: Fixtures.context)
        let lines = ArticleListRenderer.render(
            RenderStates.headlines, width: width, height: full.count, context: Fixtures.context)
        #expect(lines == full)
    }

    @Test("Search results ended by the result cap", arguments: Fixtures.widths)
    func search(width: Int) {
        let lines = ArticleListRenderer.render(RenderStates.search, width: width, context: Fixtures.context)
        check(lines, "search", width: width)
    }

    @Test("Appendix: the articles from 9 on, numbered on, and the footer", arguments: Fixtures.widths)
    func appendix(width: Int) {
        let lines = ArticleListRenderer.appendix(
            RenderStates.appended, from: 8, width: width, context: Fixtures.context)
        #expect(lines.first?.plainText.hasPrefix(" 9  ") == true)
        check(lines, "appendix", width: width)
    }

    @Test("A failed later page keeps the list and shows the error", arguments: Fixtures.widths)
    func moreFailed(width: Int) {
        let lines = ArticleListRenderer.render(
            RenderStates.moreFailed, width: width, context: Fixtures.context)
        check(lines, "more failed", width: width)
    }

    @Test(
        "Stored, offline, offline-mode and refreshed lists say where the articles came from",
        arguments: Fixtures.widths)
    func origins(width: Int) {
        let lines = RenderStates.origins.flatMap { state -> [StyledLine] in
            ArticleListRenderer.render(state, width: width, context: Fixtures.context) + [StyledLine("────")]
        }
        check(lines, "origins", width: width)
    }

    @Test(
        "Read articles are muted and say read; in the compact form they carry ✓", arguments: Fixtures.widths)
    func readMarks(width: Int) {
        let full = ArticleListRenderer.render(RenderStates.readMarks, width: width, context: Fixtures.context)
        check(full, "read marks", width: width)
        let compact = ArticleListRenderer.render(
            RenderStates.readMarks, width: width, height: 16, context: Fixtures.context)
        check(compact, "read marks compact", width: width)
        let titleRoles = full.flatMap(\.spans).filter { $0.text.contains("Volunteers plant") }.map(\.role)
        #expect(titleRoles == [.muted], "a read title is muted, the featured one too")
        let unread = full.flatMap(\.spans).filter { $0.text.contains("Port Avalen") }.map(\.role)
        #expect(unread == [.strong])
    }

    @Test(
        "Saved articles: the list, the empty list and a reading list that failed", arguments: Fixtures.widths)
    func saved(width: Int) {
        let states = [RenderStates.saved, RenderStates.savedEmpty, RenderStates.savedFailed]
        let lines = states.flatMap { state -> [StyledLine] in
            ArticleListRenderer.render(state, width: width, context: Fixtures.context) + [StyledLine("────")]
        }
        check(lines, "saved", width: width)
    }

    @Test("Loading, cancelled, failed and empty lists", arguments: Fixtures.widths)
    func phases(width: Int) {
        let states = [
            RenderStates.loading, RenderStates.cancelled, RenderStates.failed, RenderStates.emptySearch,
            RenderStates.emptyCategory,
        ]
        let lines = states.flatMap { state -> [StyledLine] in
            ArticleListRenderer.render(state, width: width, context: Fixtures.context) + [StyledLine("────")]
        }
        check(lines, "phases", width: width)
    }

    @Test("A list that asking again cannot bring offers no r", arguments: Fixtures.widths)
    func notFoundOffersNoRetry(width: Int) {
        var state = ArticleListState(query: .saved)
        state.phase = .failed(.notFound("No feed has the tag “nosuch”: feeds shows each feed’s tags."))
        let text = ArticleListRenderer.render(state, width: width, context: Fixtures.context)
            .map(\.plainText).joined(separator: "\n")
        #expect(text.contains("No feed has the tag “nosuch”"))
        #expect(!text.contains("retries"), "\(text)")
        state.phase = .failed(.unavailable("The store is busy."))
        let retried = ArticleListRenderer.render(state, width: width, context: Fixtures.context)
            .map(\.plainText).joined(separator: " ")
        #expect(retried.contains("retries"), "an outage still offers r")
    }
}
