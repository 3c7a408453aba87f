import Feeds
import Foundation
import Testing

/// Pages that try to hurt: escapes and bidi overrides in the text, scripts, nesting 100,000 deep, a
/// 5 MiB paragraph, invalid UTF-8. None may crash the extractor, grow its output without bound or
/// put a control character on the terminal.
@Suite struct ArticleExtractorHostileTests {
    static func extract(_ page: String) throws -> ExtractedArticle {
        try ArticleExtractor.extract(html: Data(page.utf8), url: nil, contentType: nil)
    }

    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
    }

    @Test func escapesBidiOverridesAndScriptsNeverReachTheText() throws {
        let article = try Self.extract(
            """
            <head><title>Title \u{1B}[2J\u{202E}reversed\u{1B}]0;owned\u{07}</title>
            <script type="application/ld+json">{"@type":"NewsArticle","author":"Eve\\u001b[31m Red"}</script></head>
            <body><article><p>Plain words \u{1B}[31mred\u{1B}[0m and \u{202E}overridden\u{202C} and \u{2066}isolated\u{2069}, \
            with a link \u{1B}]8;;https://evil.example\u{07}here\u{1B}]8;;\u{07}, and commas, enough.</p>
            <script>document.write("<p>SCRIPTED text, with commas, many, many, many.</p>")</script>
            <p>A second paragraph, long enough to count as one, with commas, of course.</p></article></body>
            """)
        #expect(
            Self.isClean(article.title) && Self.isClean(article.text) && Self.isClean(article.byline ?? ""))
        #expect(article.title == "Title reversed")
        #expect(article.byline == "Eve Red")
        #expect(
            article.text.hasPrefix(
                "Plain words red and overridden and isolated, with a link here, and commas"))
        #expect(!article.text.contains("SCRIPTED"))
        #expect(!article.text.contains("owned"))
    }

    @Test func aPageNested100000DeepIsReadWithoutRecursion() throws {
        let depth = 100_000
        let page =
            "<article><p>Before the nesting, a paragraph of prose, with commas, long enough to score.</p>"
            + String(repeating: "<div>", count: depth) + "deep text"
            + String(repeating: "</div>", count: depth)
            + "<p>After the nesting, more prose, with commas, that the cut leaves out.</p></article>"
        let article = try Self.extract(page)
        #expect(article.text.hasPrefix("Before the nesting"))
        // Unclosed elements and stray end tags: libxml2's quadratic case.
        let unclosed =
            "<p>Prose first, with commas, enough of them, to be the article.</p>"
            + String(repeating: "<span>", count: depth) + String(repeating: "</div>", count: depth)
        #expect(try Self.extract(unclosed).text.hasPrefix("Prose first"))
    }

    @Test func aFiveMebibyteParagraphIsCutAt1MiB() throws {
        let sentence = "Words, words and words again. "
        let page =
            "<article><p>" + String(repeating: sentence, count: (5 << 20) / sentence.utf8.count)
            + "</p></article>"
        let article = try Self.extract(page)
        #expect(article.text.utf8.count <= 1 << 20)
        #expect(article.text.utf8.count > (1 << 20) - 64)
        #expect(article.text.hasSuffix("…"))
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        var page = Data("<article><p>Bad bytes here: ".utf8)
        page.append(contentsOf: [0xFF, 0xC3, 0x28, 0xE2, 0x82])
        page.append(
            Data(" and the rest of the paragraph, with commas, long enough to count.</p></article>".utf8))
        // Declared UTF-8; undeclared, such bytes are windows-1252 (HTMLTextDataTests).
        let article = try ArticleExtractor.extract(
            html: page, url: nil, contentType: "text/html; charset=utf-8")
        #expect(article.text.hasPrefix("Bad bytes here: \u{FFFD}"))
        #expect(article.text.hasSuffix("long enough to count."))
        #expect(Self.isClean(article.text))
    }
}
