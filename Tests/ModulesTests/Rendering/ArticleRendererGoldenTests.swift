import Modules
import NewsModels
import TerminalText
import Testing

/// ``ArticleRenderer`` against its goldens at 60, 100 and 160 columns, each rendering also checked
/// for control characters and width.
@Suite("ArticleRenderer goldens")
struct ArticleRendererGoldenTests {
    static let articles: [(name: String, article: Article)] = [
        ("plain", Articles.plain), ("japanese", Articles.japanese), ("chinese", Articles.chinese),
        ("korean", Articles.korean), ("arabic", Articles.arabic), ("emoji", Articles.emoji),
        ("accents", Articles.accents), ("sparse", Articles.sparse), ("truncated", Articles.truncated),
        ("hostile", Articles.hostile), ("long", Articles.long),
    ]

    static let cases = articles.indices.flatMap { index in Fixtures.widths.map { (index, $0) } }

    @Test("Article", arguments: cases)
    func article(index: Int, width: Int) {
        let (name, article) = Self.articles[index]
        let lines = ArticleRenderer.render(article, width: width, context: Fixtures.context)
        Golden.expect(lines, matches: "\(name) \(width)", in: ArticleGoldens.self)
        Golden.expectSafe(lines, width: width)
        Golden.expectNoHostileFragments(lines)
    }

    /// A picture of `columns` × `rows` half blocks in two colours.
    static func picture(columns: Int, rows: Int) -> [StyledLine] {
        (0..<rows).map { row in
            let colors = CellColors(
                foreground: RGB(UInt8(row * 20), 120, 200), background: RGB(10, UInt8(row * 20), 60))
            return StyledLine([Span(String(repeating: "▀", count: columns), colors: colors)])
        }
    }

    @Test("A saved article with its picture under the meta lines", arguments: Fixtures.widths)
    func savedWithPicture(width: Int) throws {
        let lines = ArticleRenderer.render(
            Articles.truncated, width: width, context: Fixtures.context, saved: true,
            picture: .picture(Self.picture(columns: 24, rows: 4)))
        Golden.expect(lines, matches: "picture \(width)", in: ArticleGoldens.self)
        Golden.expectSafe(lines, width: width)
        #expect(lines.contains { $0.spans.contains { $0.colors != nil } })
        #expect(lines.first { $0.plainText.hasPrefix("Kestrel") }?.spans.last == Span("Saved", .accent))
        // The keys of the footer in the accent role, `unsave` among them.
        let footer = try #require(lines.last)
        #expect(footer.spans.filter { $0.role == .accent }.map(\.text) == ["o", "s", "unsave", "b"])
    }

    @Test(
        "A skipped picture is one muted line; a sparse saved article still says Saved",
        arguments: Fixtures.widths)
    func skippedAndSparse(width: Int) {
        let lines =
            ArticleRenderer.render(
                Articles.plain, width: width, context: Fixtures.context,
                picture: .skipped("The image is not a JPEG or PNG file.")) + [StyledLine("────")]
            + ArticleRenderer.render(Articles.sparse, width: width, context: Fixtures.context, saved: true)
        Golden.expect(lines, matches: "skipped \(width)", in: ArticleGoldens.self)
        Golden.expectSafe(lines, width: width)
    }

    @Test(
        "Pictures off, or a picture wider than the pane, draw the article as before",
        arguments: Fixtures.widths)
    func noPicture(width: Int) {
        let plain = ArticleRenderer.render(Articles.truncated, width: width, context: Fixtures.context)
        let disabled = ArticleRenderer.render(
            Articles.truncated, width: width, context: Fixtures.context, picture: .disabled)
        let tooWide = ArticleRenderer.render(
            Articles.truncated, width: width, context: Fixtures.context,
            picture: .picture(Self.picture(columns: width + 1, rows: 3)))
        #expect(disabled == plain)
        #expect(tooWide == plain)
    }
}
