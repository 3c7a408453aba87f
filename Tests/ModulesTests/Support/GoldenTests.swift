import TerminalText
import Testing

/// The golden helper itself: a failing comparison must be readable.
@Suite("Golden helper")
struct GoldenTests {
    @Test("Trailing spaces are made visible; blank lines stay empty")
    func trailingSpaces() {
        let lines: [StyledLine] = [StyledLine("a  "), .blank, StyledLine([Span(" b"), Span(" ", .muted)])]
        #expect(Golden.text(lines) == "a␣␣\n\n b␣")
    }

    @Test("The diff numbers removed and added lines and keeps two lines of context")
    func diff() {
        let golden = ["1", "2", "3", "4", "5", "6", "7", "8"].joined(separator: "\n")
        let rendered = ["1", "2", "3", "4", "five", "6", "7", "8"].joined(separator: "\n")
        #expect(
            Golden.diff(expected: golden, actual: rendered).split(separator: "\n") == [
                "     3    3 │3",
                "     4    4 │4",
                "-    5      │5",
                "+         5 │five",
                "     6    6 │6",
                "     7    7 │7",
            ])
    }

    @Test("Forbidden scalars are C0, DEL, C1 and bidi embeddings, overrides and isolates")
    func forbidden() {
        let forbidden: [Unicode.Scalar] = [
            "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{202A}", "\u{202E}",
        ]
        let allowed: [Unicode.Scalar] = [" ", "~", "\u{A0}", "\u{200D}", "\u{2060}", "\u{206A}", "é"]
        #expect(forbidden.allSatisfy(Golden.isForbidden))
        #expect(!allowed.contains(where: Golden.isForbidden))
        #expect(Golden.isForbidden("\u{2066}") && Golden.isForbidden("\u{2069}"))
    }
}
