import Coordinators
import Modules
import Networking
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
}
