import Testing

@testable import TerminalText

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test("Printable ASCII is one column per character")
    func ascii() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("Hello, world!") == 13)
        #expect(DisplayWidth.of(" ~") == 2)
        #expect(DisplayWidth.of("Hello, world!".dropFirst(7)) == 6)
    }

    @Test("Controls take no columns")
    func controls() {
        #expect(DisplayWidth.of("a\nb") == 2)
        #expect(DisplayWidth.of("\r\n") == 0)
        #expect(DisplayWidth.of("\u{7F}") == 0)
        #expect(DisplayWidth.of("\u{85}") == 0)
    }

    @Test("CJK ideographs and kana are two columns each")
    func cjk() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("中文") == 4)
        #expect(DisplayWidth.of("ひらがなカタカナ") == 16)
        #expect(DisplayWidth.of("日本語abc") == 9)
        #expect(DisplayWidth.of("。、") == 4)
        #expect(DisplayWidth.of("\u{3000}") == 2)
    }

    @Test("Unassigned code points in CJK blocks count as wide")
    func unassignedCJK() throws {
        let extensionPlaneUnassigned = try #require(Unicode.Scalar(0x2FFFD))
        #expect(DisplayWidth.of(Character(extensionPlaneUnassigned)) == 2)
        #expect(EastAsianWidth.isWide(try #require(Unicode.Scalar(0x3FFFD))))
        #expect(!EastAsianWidth.isWide(try #require(Unicode.Scalar(0x0378))))
    }

    @Test("Hangul syllables are wide; standalone medial and final jamo are zero")
    func hangul() {
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)  // conjoining jamo: one syllable
        #expect(DisplayWidth.of(Character("\u{1161}")) == 0)
        #expect(DisplayWidth.of(Character("\u{11A8}")) == 0)
    }

    @Test("Fullwidth forms are wide, halfwidth katakana narrow")
    func fullwidth() {
        #expect(DisplayWidth.of("ＡＢＣ") == 6)
        #expect(DisplayWidth.of("１２３") == 6)
        #expect(DisplayWidth.of("ｶﾀｶﾅ") == 4)
    }

    @Test("Combining accents add nothing")
    func combining() {
        #expect(DisplayWidth.of("e\u{0301}") == 1)
        #expect(DisplayWidth.of("école") == 5)
        #expect(DisplayWidth.of("e\u{0301}cole") == 5)
        #expect(DisplayWidth.of("Z\u{0335}\u{0321}\u{0322}a\u{0334}\u{0327}l") == 3)
        #expect(DisplayWidth.of(Character("\u{0301}")) == 0)
    }

    @Test("Scripts with marks: Arabic, Devanagari, Thai")
    func otherScripts() {
        #expect(DisplayWidth.of("مرحبا") == 5)
        #expect(DisplayWidth.of("नमस्ते") == 3)
        #expect(DisplayWidth.of("ไทย") == 3)
    }

    @Test(
        "Emoji",
        arguments: [
            ("🚀", 2), ("👩‍🔬", 2), ("🇯🇵", 2), ("❤️", 2), ("1️⃣", 2), ("#️⃣", 2), ("👍🏽", 2),
            ("👨‍👩‍👧‍👦", 2), ("🏳️‍🌈", 2), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2), ("👋🏿", 2), ("©️", 2), ("😀", 2), ("🫨", 2),
        ] as [(String, Int)])
    func emoji(text: String, width: Int) {
        #expect(text.count == 1)
        #expect(DisplayWidth.of(text) == width)
    }

    @Test("Text-presentation symbols stay narrow")
    func textPresentation() {
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("©") == 1)
        #expect(DisplayWidth.of("1") == 1)
        #expect(DisplayWidth.of("…") == 1)
        #expect(DisplayWidth.of("│") == 1)
    }

    @Test("Skin tones do not add a column")
    func skinTones() {
        #expect(DisplayWidth.of("👍") == 2)
        #expect(DisplayWidth.of("👍🏻👍🏼👍🏽👍🏾👍🏿") == 10)
    }

    @Test("Zero-width scalars alone take no columns")
    func zeroWidth() {
        #expect(DisplayWidth.of("\u{200D}") == 0)
        #expect(DisplayWidth.of("\u{200C}") == 0)
        #expect(DisplayWidth.of("\u{200B}") == 0)
        #expect(DisplayWidth.of("\u{FE0F}") == 0)
        #expect(DisplayWidth.of("a\u{200D}b") == 2)
    }

    @Test("Width of a string is the sum of its characters' widths")
    func sumOfCharacters() {
        let text = "Mixed 日本 🚀 e\u{0301} ＡＢ 한 👩‍🔬!"
        #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
        #expect(DisplayWidth.of(text) == 6 + 4 + 1 + 2 + 1 + 1 + 1 + 4 + 1 + 2 + 1 + 2 + 1)
    }

    /// Every scalar in the fast path's ranges, and a few at their edges.
    static let scalarsNearTheFastPath: [Unicode.Scalar] = (0...0xFFFF).compactMap { value in
        Unicode.Scalar(UInt32(value))
    }

    @Test("The fast path agrees with the Unicode properties for every scalar it answers for")
    func fastPathAgreesWithProperties() {
        var answered = 0
        var disagreements: [String] = []
        for scalar in Self.scalarsNearTheFastPath {
            guard let width = DisplayWidth.simpleWidth(scalar) else { continue }
            answered += 1
            if width != DisplayWidth.clusterWidth(Character(scalar)) {
                disagreements.append("U+" + String(scalar.value, radix: 16))
            }
        }
        #expect(disagreements == [])
        #expect(answered > 30_000)
        #expect(DisplayWidth.simpleWidth("\u{AD}") == nil)
        #expect(DisplayWidth.simpleWidth("\u{301}") == nil)
        #expect(DisplayWidth.simpleWidth("\u{203C}") == nil)
        #expect(DisplayWidth.simpleWidth("\u{3099}") == nil, "a combining sound mark joins its kana")
        #expect(DisplayWidth.simpleWidth("\u{64B}") == nil, "an Arabic mark joins its letter")
        #expect(DisplayWidth.simpleWidth("\u{600}") == nil, "an Arabic prepended sign joins what follows")
    }

    @Test("Scalars of the fast path never join a neighbour into one grapheme cluster")
    func fastPathScalarsStandAlone() {
        let neighbours: [Unicode.Scalar] = ["a", "é", "中", "한", "—", "\u{A9}", "ب", "あ", "カ", "│", "Ａ"]
        var joined: [String] = []
        for scalar in Self.scalarsNearTheFastPath where DisplayWidth.simpleWidth(scalar) != nil {
            for neighbour in neighbours {
                var pair = String.UnicodeScalarView([scalar, neighbour])
                if String(pair).count != 2 { joined.append("U+\(String(scalar.value, radix: 16)) before") }
                pair = String.UnicodeScalarView([neighbour, scalar])
                if String(pair).count != 2 { joined.append("U+\(String(scalar.value, radix: 16)) after") }
            }
        }
        #expect(joined == [])
    }

    @Test("Text mixing fast-path scalars with marks and emoji is measured cluster by cluster")
    func mixedTextFallsBackToClusters() {
        #expect(DisplayWidth.of("Café · naïve – “quoted”") == 23)
        #expect(DisplayWidth.of("Cafe\u{301} · 北京") == 11)
        #expect(DisplayWidth.of("© 2026") == 6)
        #expect(DisplayWidth.of("\u{A9}\u{FE0F} 2026") == 7)
        #expect(DisplayWidth.of("한국어 뉴스") == 11)
        #expect(DisplayWidth.of("soft\u{AD}hyphen") == 10)
    }
}
