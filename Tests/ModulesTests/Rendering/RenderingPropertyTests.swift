import Foundation
import Modules
import NewsModels
import TerminalText
import Testing

/// Properties of renderings that goldens alone would not make plain.
@Suite("Rendering properties")
struct RenderingPropertyTests {
    @Test("A 5,000-character description at 60 columns keeps every non-space character exactly once")
    func longDescriptionLosesNothing() {
        let description = Articles.longDescription
        #expect(description.count == 5_000)
        let lines = ArticleRenderer.render(Articles.long, width: 60, context: Fixtures.context)
        // The description is the only text drawn in the strong role.
        let summaryLines = lines.filter { line in line.spans.contains { $0.role == .strong } }
        let drawn = summaryLines.flatMap(\.spans).filter { $0.role == .strong }.map(\.text).joined()
        let expected = description.filter { $0 != " " }
        let actual = drawn.filter { $0 != " " }
        #expect(actual.count == expected.count)
        #expect(actual == expected)
        #expect(summaryLines.count > 80, "5,000 characters take many lines at 60 columns")
        #expect(summaryLines.allSatisfy { $0.displayWidth <= 60 })
    }

    @Test("Every numbered item of a list appears once, in order", arguments: Fixtures.widths)
    func numbering(width: Int) {
        let lines = ArticleListRenderer.render(RenderStates.appended, width: width, context: Fixtures.context)
        let numbers = lines.compactMap { line -> Int? in
            guard let first = line.spans.first, first.role == .accent else { return nil }
            return Int(first.text.trimmingCharacters(in: .whitespaces))
        }
        #expect(numbers == Array(1...12))
    }

    @Test("The loading line of a long search fits the width", arguments: Fixtures.widths)
    func loadingLineFits(width: Int) {
        var state = ArticleListState(
            query: .search(String(repeating: "international space station ", count: 6), .publishedAt))
        state.phase = .loading
        let lines = ArticleListRenderer.render(state, width: width, context: Fixtures.context)
        #expect(lines.allSatisfy { $0.displayWidth <= width })

    }

    @Test("A wrapped link keeps its label out of the link", arguments: Fixtures.widths)
    func wrappedLinkLabel(width: Int) {
        let lines = ArticleRenderer.render(Articles.truncated, width: width, context: Fixtures.context)
        guard let label = lines.firstIndex(where: { $0.plainText.hasPrefix("Continues at") }) else {
            Issue.record("no “Continues at” line")
            return
        }
        let linked = lines[label...].prefix { !$0.plainText.hasPrefix("Image") && !$0.isEmpty }
        let address = linked.flatMap(\.spans).filter { $0.link != nil }.map(\.text).joined()
        #expect(lines[label].spans.first?.text.hasPrefix("Continues at") == true)
        #expect(lines[label].spans.first?.link == nil)
        #expect(lines[label].spans.first?.role == .muted)
        #expect(address == Articles.truncated.url.absoluteString)

    }

    @Test("An article with no source, author or date draws no empty meta line", arguments: Fixtures.widths)
    func noEmptyMetaLine(width: Int) {
        let state = Fixtures.loadedState(
            .search("council", .publishedAt),
            pages: [
                ArticlePage(
                    articles: [Articles.sparse, Articles.plain], totalResults: 2, page: 1, pageSize: 5)
            ])
        let list = ArticleListRenderer.render(state, width: width, context: Fixtures.context)
        let detail = ArticleRenderer.render(Articles.sparse, width: width, context: Fixtures.context)
        #expect(!list.contains { !$0.isEmpty && $0.plainText.allSatisfy { $0 == " " } })
        #expect(
            list.map { String($0.plainText.prefix(16)) }.prefix(5) == [
                "Search “council”", "2 of 2 articles", "", "1  Council meeti", "2  Volunteers pl",
            ])
        #expect(
            detail.prefix(3).map(\.plainText) == [
                "Council meeting moved to Thursday", "", "Read at https://example.org/local/council",
            ])

    }

    @MainActor
    @Test("Help's closing sentence is wrapped, not cut, at 60 columns")
    func helpClosingSentence() {
        let lines = HelpScreen(sections: RenderStates.helpSections).render(width: 60, height: nil)
        let text = lines.suffix(2).map(\.plainText).joined(separator: " ")
        #expect(text.hasSuffix("Type b to close help, or any command to close it and run the command."))

    }
}
