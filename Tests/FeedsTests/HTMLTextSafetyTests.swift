import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("HTML to text: untrusted input")
struct HTMLTextSafetyTests {
    // MARK: Dropped content

    @Test func scriptsStylesEmbedsAndFormControlsAreDroppedWithTheirContent() {
        let html = """
            <p>a</p><script>alert("<p>x</p>")</script><style>p { color: red }</style>
            <template><p>t</p></template><iframe>f</iframe><object>o</object><svg><text>s</text></svg>
            <button>Click</button><select><option>opt</option></select><input value="v">
            <textarea>ta</textarea><video>Your browser cannot play this</video><title>T</title><p>b</p>
            """
        #expect(plainText(html) == "a\n\nb")
    }

    /// No script runs here, so what a page shows without scripts is its text; a formula
    /// is its text, without its TeX annotation.
    @Test func noscriptAndMathMLAreKeptAsText() {
        let html = """
            <p>a</p><noscript><p>Enable JS</p></noscript><p>x <math><semantics><mi>m</mi>\
            <annotation encoding="application/x-tex">\\mathrm{m}</annotation></semantics></math> y</p>
            """
        #expect(plainText(html) == "a\n\nEnable JS\n\nx m y")
    }

    @Test func voidElementsLibxml2DoesNotKnowHoldNothing() {
        #expect(
            plainText("<p>a</p><embed src=\"x.swf\"><p>b<wbr>c</p><video><source><track></video><p>d</p>")
                == "a\n\nbc\n\nd")
        #expect(
            plainText("<picture><source srcset=\"x\"><img alt=\"Photo\"></picture><p>e</p>")
                == "[image: Photo]\n\ne")
    }

    @Test func hiddenElementsAreDropped() {
        #expect(
            plainText(
                "<p>a</p><div hidden><p>secret</p></div><p hidden=\"\">x</p><p>b <span hidden>c</span></p>")
                == "a\n\nb")
    }

    // MARK: Entities and characters

    @Test func entitiesAreDecoded() {
        let html =
            "<p>&amp; &lt; &gt; &quot; &apos; &hellip; &mdash; &eacute; &#233; &#xE9; &copy; &euro;</p>"
        #expect(plainText(html) == "& < > \" ' … — é é é © €")
    }

    @Test func namedEntitiesAreDecodedAsLibxml2DecodesThem() {
        let html = "<p>&Eacute;&eacute; &thetasym; &amp;nbsp; &nbsp &foo; &nbsp-x; &lt;b&gt;</p>"
        #expect(plainText(html) == "Éé ϑ &nbsp; &nbsp &foo; &nbsp-x; <b>")
        #expect(plainText("<img alt=\"caf&eacute; &amp; cr&egrave;me\">") == "[image: café & crème]")
        let link = HTMLText(html: "<a href=\"https://x.org/?a=1&copy=2&para;\">x</a>", baseURL: nil)
        #expect(link.links.map(\.absoluteString) == ["https://x.org/?a=1&copy=2%C2%B6"])
    }

    @Test func numericEntitiesForControlsAndSurrogatesAreDropped() {
        #expect(plainText("<p>a&#1;b&#128;c&#x9F;d&#xD800;e&#x202E;f&#27;g&#127;h</p>") == "abcdefgh")
    }

    @Test func controlAndBidiCharactersAreRemoved() {
        let html = "<p>a\u{07}b\u{202E}c\u{2066}d\u{0085}e\u{FEFF}f\u{202A}g\u{2069}h\u{7F}i</p>"
        #expect(plainText(html) == "abcdefghi")
        #expect(plainText("plain\u{202E}txt.exe\u{0}") == "plaintxt.exe")
    }

    @Test func escapeSequencesAreRemovedWithTheirPayloads() {
        let html =
            "<p>\u{1B}[31mred\u{1B}[0m \u{1B}]8;;https://evil.example\u{07}link\u{1B}]8;;\u{1B}\\ \u{9B}2Jeight</p>"
        #expect(plainText(html) == "red link eight")
        #expect(plainText("\u{1B}[2J\u{1B}(Bplain") == "plain")
    }

    @Test func aMetaCharsetInAStringIsIgnored() {
        #expect(plainText("<meta charset=\"iso-8859-1\"><p>café</p>") == "café")
    }

    @Test func conversionsOnManyThreadsAtOnceAgree() async {
        let html = "<p>One &mdash; <a href=\"/a\">two</a></p><ul><li>three</ul><pre> four\n  five</pre>"
        let expected = HTMLText(html: html, baseURL: URL(string: "https://x.org/"))
        let results = await withTaskGroup(of: HTMLText.self) { group in
            for _ in 0..<64 {
                group.addTask { HTMLText(html: html, baseURL: URL(string: "https://x.org/")) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 == expected })
        #expect(expected.text == "One — two [1]\n\n• three\n\n four\n  five")
    }

    // MARK: Caps

    @Test func deepNestingIsCutWithoutOverflowingTheStack() {
        let divs = "top" + String(repeating: "<div>", count: 100_000) + "deep"
        #expect(plainText(divs) == "top…")
        let quotes = String(repeating: "<blockquote>", count: 100_000) + "deep"
        #expect(plainText(quotes) == "")
    }

    @Test func strayEndTagsAfterDeepNestingFinish() {
        let html = "x" + String(repeating: "<b>", count: 50_000) + String(repeating: "</i>", count: 50_000)
        #expect(plainText(html) == "x…")
    }

    @Test func nestingUpToTheLimitIsKept() {
        let depth = HTMLTextConverter.depthLimit - 2  // the parser's own html and body come first
        let html =
            String(repeating: "<span>", count: depth) + "deep" + String(repeating: "</span>", count: depth)
            + " end"
        #expect(plainText(html) == "deep end")
    }

    // The texts below are large: their checks are made before #expect, which would print them.

    @Test func aHugeParagraphIsCutAtOneMebibyte() {
        let html = "<p>" + String(repeating: "word ", count: 1 << 20) + "</p>"  // 5 MiB
        let text = plainText(html)
        #expect(text.utf8.count <= HTMLTextConverter.outputLimit)
        #expect(text.utf8.count > HTMLTextConverter.outputLimit - 8)
        let endsWithAnEllipsisAfterWords =
            text.hasSuffix("…") && text.dropLast().split(separator: " ").allSatisfy { "word".hasPrefix($0) }
        #expect(endsWithAnEllipsisAfterWords)
    }

    @Test func theCutFallsBetweenCharacters() {
        let text = plainText("<p>" + String(repeating: "é", count: 600_000) + "</p>")
        #expect(text.utf8.count <= HTMLTextConverter.outputLimit)
        let endsWithAnEllipsisAfterAWholeCharacter =
            text.hasSuffix("é…") && !text.unicodeScalars.contains("\u{FFFD}")
        #expect(endsWithAnEllipsisAfterAWholeCharacter)
    }

    @Test func plainTextIsCappedToo() {
        let text = plainText(String(repeating: "line\n", count: 300_000))
        #expect(text.utf8.count <= HTMLTextConverter.outputLimit)
        let endsWithAnEllipsisAfterLines =
            text.hasSuffix("…") && text.dropLast().split(separator: "\n").allSatisfy { "line".hasPrefix($0) }
        #expect(endsWithAnEllipsisAfterLines)
    }
}

// MARK: - Tag soup

@Suite("HTML to text: tag soup")
struct HTMLTextTagSoupTests {
    private static let pieces = [
        "<p>", "</p>", "<div>", "</div>", "<ul>", "</ul>", "<ol start=3>", "</ol>", "<li>", "</li>",
        "<blockquote>",
        "</blockquote>", "<table>", "</table>", "<tr>", "</tr>", "<td>", "</td>", "<br>", "<hr>", "<b>",
        "</b>",
        "<a href=\"https://x.org/a\">", "<a href=\"/b\">", "</a>", "<img alt=\"pic\">", "<img>", "<h2>",
        "</h2>",
        "<script>", "</script>", "<span hidden>", "</span>", "<embed>", "<wbr>", " ", "  ", "\n", "\t",
        "&nbsp;",
        "&amp;", "&lt;", "&mdash;", "&#8220;", "&#1;", "word", "two words", "é", "\u{202E}", "\u{1B}[1m", "<",
        ">", "&", "\"", "<!-- c -->", "</x>", "<dl><dt>t<dd>d</dl>", "<pre>", "</pre>",
    ]

    @Test func tagSoupAlwaysGivesCalmText() {
        var random = SplitMix64(seed: 2_026)  // The same documents on every run.
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...60, using: &random)
            let html = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let result = HTMLText(html: html, baseURL: URL(string: "https://x.org/page"))
            let text = result.text
            // Only preformatted text keeps more than one blank line in a row.
            #expect(!text.contains("\n\n\n") || html.contains("<pre>"), "\(html.debugDescription)")
            #expect(!text.hasPrefix("\n") && !text.hasSuffix("\n"), "\(html.debugDescription)")
            // Lines may start with indentation (a nested list's), but never end with spaces.
            #expect(!text.split(separator: "\n").contains { $0.hasSuffix(" ") }, "\(html.debugDescription)")
            let controls = text.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                    || $0 == "\u{202E}"
            }
            #expect(controls.isEmpty, "\(html.debugDescription)")
            #expect(result.links.count <= 2)
        }
    }
}

/// HTML from a feed is bounded as reader mode's pages are: libxml2 2.9 compared a tag's every
/// attribute with the others and looked for each stray end tag among every open element, so one
/// item could hold a refresh for minutes.
@Suite struct HTMLTextBoundsTests {
    @Test func strayEndTagsAndATagOfManyAttributesLeaveTheTextAsItWas() {
        let strays =
            "<p>Before</p>" + String(repeating: "<b>", count: 200) + "bold"
            + String(repeating: "</i>", count: 100_000)
        #expect(HTMLText(html: strays, baseURL: nil).text == "Before\n\nbold")
        let attributes = (0..<100_000).map { "a\($0)" }.joined(separator: " ")
        #expect(HTMLText(html: "<p>Kept</p><p \(attributes)>gone</p>", baseURL: nil).text == "Kept")
    }
}
