import Foundation
import Testing

@testable import TerminalText

@Suite("TextWrapper")
struct TextWrapperTests {
    private static let fox = "The quick brown fox jumps over the lazy dog"

    // MARK: Wrapping English

    @Test(
        "English wraps greedily at spaces",
        arguments: [
            (5, ["The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"]),
            (10, ["The quick", "brown fox", "jumps over", "the lazy", "dog"]),
            (20, ["The quick brown fox", "jumps over the lazy", "dog"]),
            (43, ["The quick brown fox jumps over the lazy dog"]),
            (80, ["The quick brown fox jumps over the lazy dog"]),
        ] as [(Int, [String])])
    func english(width: Int, expected: [String]) {
        #expect(TextWrapper.wrap(Self.fox, width: width) == expected)
    }

    @Test("Spaces: kept inside a line, dropped at breaks, trimmed at ends, indentation kept")
    func spaces() {
        #expect(TextWrapper.wrap("a  b", width: 10) == ["a  b"])
        #expect(TextWrapper.wrap("word   ", width: 10) == ["word"])
        #expect(TextWrapper.wrap("aaa    bbb", width: 3) == ["aaa", "bbb"])
        #expect(TextWrapper.wrap("aaa    bbb", width: 5) == ["aaa", "bbb"])
        #expect(TextWrapper.wrap("  indented text", width: 20) == ["  indented text"])
        #expect(TextWrapper.wrap("  indented text", width: 10) == ["  indented", "text"])
        #expect(TextWrapper.wrap("     ", width: 3) == [""])
    }

    @Test("A word wider than the line breaks between graphemes")
    func longWord() {
        #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrapper.wrap("hi abcdefghij ok", width: 4) == ["hi", "abcd", "efgh", "ij", "ok"])
        #expect(TextWrapper.wrap("e\u{301}e\u{301}e\u{301}", width: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test("A 300-character URL is never broken: it has a line of its own, over the width")
    func longURL() {
        let url = "https://example.com/" + String(repeating: "a1b2c3", count: 47) + "/end"
        #expect(url.count >= 300)
        let lines = TextWrapper.wrap("See \(url) for details", width: 40)
        #expect(lines == ["See", url, "for details"])
    }

    @Test("Width below 1 behaves as 1")
    func tinyWidth() {
        #expect(TextWrapper.wrap("ab c", width: 0) == ["a", "b", "c"])
        #expect(TextWrapper.wrap("ab c", width: -5) == ["a", "b", "c"])
    }

    // MARK: Wide text

    @Test("CJK without spaces breaks between any two characters")
    func cjk() {
        #expect(TextWrapper.wrap("日本語のニュースです", width: 6) == ["日本語", "のニュ", "ースで", "す"])
        #expect(TextWrapper.wrap("日本語のニュースです", width: 7) == ["日本語", "のニュ", "ースで", "す"])
        #expect(TextWrapper.wrap("中文新闻标题很长", width: 8) == ["中文新闻", "标题很长"])
    }

    @Test("Closing punctuation does not start a line when it can stay behind")
    func kinsoku() {
        #expect(TextWrapper.wrap("今日は晴れ。明日", width: 10) == ["今日は晴", "れ。明日"])
        #expect(TextWrapper.wrap("彼は「東京」と言った", width: 8) == ["彼は「東", "京」と言", "った"])
        let lines = TextWrapper.wrap("東京、大阪、京都、名古屋。", width: 6)
        #expect(lines.allSatisfy { !($0.first.map { "、。".contains($0) } ?? false) })
    }

    @Test("Mixed CJK and Latin break at script changes and spaces")
    func mixed() {
        #expect(TextWrapper.wrap("東京でiPhoneを買った", width: 10) == ["東京で", "iPhoneを買", "った"])
        #expect(TextWrapper.wrap("Tokyo 東京 news", width: 8) == ["Tokyo 東", "京 news"])
    }

    @Test("An emoji at width 1 goes alone on its line")
    func emojiTooWide() {
        #expect(TextWrapper.wrap("🚀🚀 a", width: 1) == ["🚀", "🚀", "a"])
        #expect(TextWrapper.wrap("a👩‍🔬b", width: 1) == ["a", "👩‍🔬", "b"])
        #expect(TextWrapper.wrap("日本", width: 1) == ["日", "本"])
    }

    // MARK: Paragraphs

    @Test("\\n separates paragraphs and empty paragraphs give empty lines")
    func paragraphs() {
        #expect(TextWrapper.wrap("", width: 10) == [""])
        #expect(TextWrapper.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
        #expect(TextWrapper.wrap("one two three\nfour", width: 7) == ["one two", "three", "four"])
        #expect(TextWrapper.wrap("a\n", width: 10) == ["a", ""])
        #expect(TextWrapper.wrap("\n", width: 10) == ["", ""])
    }

    // MARK: Property

    private static let corpus: [String] = [
        fox,
        "日本語のニュースです。東京都は今日、新しい計画を発表しました（詳細は後日）。",
        "東京でiPhoneを買った 👩‍🔬 and then 🇯🇵🇯🇵🇯🇵 flags!!",
        "Breaking:   markets   rally   3.5%    after    「発表」   ",
        "https://example.com/" + String(repeating: "segment/", count: 40),
        "e\u{0301}cole français naïve café — “quoted” … ellipsis",
        "한국어 뉴스 기사 제목이 여기에 있습니다 ＡＢＣ１２３",
        "مرحبا بالعالم هذا عنوان خبر طويل",
        "क्षत्रिय नमस्ते दुनिया समाचार",
        "❤️1️⃣👍🏽🏳️‍🌈 emoji-heavy ✈️ line 🚀🚀🚀🚀🚀",
        "  leading spaces and a\u{200B}zero\u{200B}width\u{200B}space",
        "para one\n\npara two is longer than the first\n",
        String(repeating: "x", count: 200),
        String(repeating: "語", count: 100),
    ]

    /// Whether `line` may be wider than the width: it is one web address, kept whole.
    private static func isWholeAddress(_ line: String) -> Bool {
        let word = line.trimmingCharacters(in: .whitespaces)
        return !word.contains(" ") && word.drop { $0 == "(" || $0 == "<" }.hasPrefix("http")
    }

    private static func nonSpace(_ text: String) -> String {
        String(text.filter { $0 != " " && $0 != "\n" })
    }

    @Test("Every line fits and no non-space character is lost, for widths 1…80")
    func property() {
        for text in Self.corpus {
            let widest = text.map { DisplayWidth.of($0) }.max() ?? 0
            for width in 1...80 {
                let lines = TextWrapper.wrap(text, width: width)
                let limit = max(width, widest)
                #expect(
                    lines.allSatisfy { DisplayWidth.of($0) <= limit || Self.isWholeAddress($0) },
                    "\(text) at \(width)")
                #expect(lines.allSatisfy { $0.last != " " }, "\(text) at \(width)")
                #expect(Self.nonSpace(lines.joined()) == Self.nonSpace(text), "\(text) at \(width)")
                let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).count
                #expect(lines.count >= paragraphs)
            }
        }
    }

    @Test("StyledLine wrapping fits and loses nothing, for widths 1…80")
    func styledProperty() {
        for text in Self.corpus where !text.contains("\n") {
            let words = text.split(separator: " ", omittingEmptySubsequences: false)
            let roles = TextRole.allCases
            let spans = words.enumerated().map { index, word in
                Span(String(word) + " ", roles[index % roles.count])
            }
            let line = StyledLine(spans)
            let widest = text.map { DisplayWidth.of($0) }.max() ?? 0
            for width in 1...80 {
                let lines = line.wrapped(toWidth: width)
                #expect(
                    lines.allSatisfy {
                        $0.displayWidth <= max(width, widest) || Self.isWholeAddress($0.plainText)
                    },
                    "\(text) at \(width)")
                let joined = lines.map(\.plainText).joined()
                #expect(Self.nonSpace(joined) == Self.nonSpace(text), "\(text) at \(width)")
            }
        }
    }

    // MARK: Performance

    @Test("Wrapping 5,000-character paragraphs at width 40 is linear")
    func performance() {
        let words = String(repeating: "lorem ipsum dolor sit amet ", count: 185)
        let cjk = String(repeating: "日本語のニュース。", count: 560)
        let oneWord = String(repeating: "a", count: 5_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(TextWrapper.wrap(words, width: 40).count > 100)
            #expect(TextWrapper.wrap(cjk, width: 40).count > 200)
            #expect(TextWrapper.wrap(oneWord, width: 40).count == 125)
            #expect(StyledLine(words).wrapped(toWidth: 40).count > 100)
        }
        #expect(elapsed < .seconds(2))
    }

    // MARK: Truncate and pad

    @Test(
        "Truncate wide text at widths 0, 1, 2 and up",
        arguments: [
            (0, ""), (1, "…"), (2, "…"), (3, "日…"), (4, "日…"), (5, "日本…"), (6, "日本語"), (7, "日本語"),
        ] as [(Int, String)])
    func truncateWide(width: Int, expected: String) {
        let result = TextWrapper.truncate("日本語", toWidth: width)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) <= width)
    }

    @Test("Truncate Latin, emoji and custom ellipses")
    func truncate() {
        #expect(TextWrapper.truncate("hello world", toWidth: 8) == "hello w…")
        #expect(TextWrapper.truncate("hello world", toWidth: 7) == "hello…")
        #expect(TextWrapper.truncate("hello world", toWidth: 11) == "hello world")
        #expect(TextWrapper.truncate("hello world", toWidth: 1) == "…")
        #expect(TextWrapper.truncate("👩‍🔬👩‍🔬", toWidth: 3) == "👩‍🔬…")
        #expect(TextWrapper.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
        #expect(TextWrapper.truncate("abcdef", toWidth: 5, ellipsis: "...") == "ab...")
        #expect(TextWrapper.truncate("abcdef", toWidth: 2, ellipsis: "...") == "ab")
        #expect(TextWrapper.truncate("", toWidth: 0) == "")
    }

    @Test("Pad appends spaces up to the width")
    func pad() {
        #expect(TextWrapper.pad("日本", toWidth: 6) == "日本  ")
        #expect(TextWrapper.pad("abc", toWidth: 2) == "abc")
        #expect(TextWrapper.pad("abc", toWidth: 3) == "abc")
        #expect(TextWrapper.pad("", toWidth: 2) == "  ")
        #expect(DisplayWidth.of(TextWrapper.pad("👩‍🔬x", toWidth: 10)) == 10)
    }

    // MARK: StyledLine

    private static let url = URL(string: "https://example.com/story")

    @Test("StyledLine.wrapped keeps roles and links across the break")
    func styledWrap() {
        let line = StyledLine([
            Span("Read ", .plain),
            Span("the full story", .link, link: Self.url),
            Span(" now", .muted),
        ])
        let lines = line.wrapped(toWidth: 10)
        #expect(lines.map(\.plainText) == ["Read the", "full story", "now"])
        #expect(lines[0].spans == [Span("Read ", .plain), Span("the", .link, link: Self.url)])
        #expect(lines[1].spans == [Span("full story", .link, link: Self.url)])
        #expect(lines[2].spans == [Span("now", .muted)])
    }

    @Test("StyledLine.wrapped of an empty line is one empty line; a word spanning styles stays whole")
    func styledWrapEdges() {
        #expect(StyledLine.blank.wrapped(toWidth: 10) == [.blank])
        let line = StyledLine([Span("bold", .strong), Span("face", .plain), Span(" x", .muted)])
        let expected = [StyledLine([Span("bold", .strong), Span("face", .plain)]), StyledLine("x", .muted)]
        #expect(line.wrapped(toWidth: 9) == expected)
    }

    @Test("StyledLine.truncated ends in … in the last kept span's role")
    func styledTruncate() {
        let line = StyledLine([Span("Breaking: ", .warning), Span("Markets rally", .heading, link: Self.url)])
        let cut = line.truncated(toWidth: 15)
        #expect(cut.spans == [Span("Breaking: ", .warning), Span("Mark…", .heading, link: Self.url)])
        #expect(cut.displayWidth == 15)
        let atSpace = line.truncated(toWidth: 11)
        #expect(atSpace.spans == [Span("Breaking:…", .warning)])
        #expect(line.truncated(toWidth: 23) == line)
        #expect(line.truncated(toWidth: 0) == .blank)
        #expect(line.truncated(toWidth: 1).spans == [Span("…", .warning)])
        let wide = StyledLine("日本語", .heading).truncated(toWidth: 2)
        #expect(wide.spans == [Span("…", .heading)])
    }

    @Test("StyledLine.padded adds a plain space span")
    func styledPad() {
        let line = StyledLine("日本", .heading)
        let padded = line.padded(toWidth: 7)
        #expect(padded.spans == [Span("日本", .heading), Span("   ", .plain)])
        #expect(padded.displayWidth == 7)
        #expect(line.padded(toWidth: 4) == line)
        #expect(line.padded(toWidth: 1) == line)
    }

    // MARK: Addresses

    @Test("A web address is never broken: it gets a line of its own, over the width if need be")
    func addressesAreWhole() {
        let address = "https://images.example.org/2026/11/23/markets/bitcoin-settlement.jpg"
        #expect(
            TextWrapper.wrap("The picture: \(address) was taken at noon.", width: 30) == [
                "The picture:", address, "was taken at noon.",
            ])
        #expect(TextWrapper.wrap("(\(address))", width: 20) == ["(\(address))"])
        // Any other over-long word is still broken between clusters.
        #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        let link = URL(string: address)!
        let line = StyledLine([Span("See "), Span("the-picture-of-the-settlement", .link, link: link)])
        #expect(line.wrapped(toWidth: 10).map(\.plainText) == ["See", "the-picture-of-the-settlement"])
    }
}
