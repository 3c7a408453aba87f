import FilterLanguage
import Testing

/// The regular expressions of `=~`: the shortcuts (plain text, required text) give the C
/// library's answer, and the bounds hold.
@Suite("Filter language: regular expressions")
struct FilterPatternTests {
    @Test(arguments: [
        ("linux", "Linux news", true), ("linux", "li nux", false), ("colou?r", "COLOR TV", true),
        ("colou?r", "colour", true), ("colou?r", "colr", false), ("ab+c", "xABBBC", true),
        ("ab+c", "ac", false),
        ("a\\.b", "a.b", true), ("a\\.b", "axb", false), ("^mars$", "Mars", true), ("^mars$", "marsh", false),
        ("[0-9]{4}-[0-9]{2}", "on 2026-11 now", true), ("(foo|bar)baz", "BARBAZ", true),
        ("(foo|bar)baz", "quxbaz", false), ("foo|bar", "xBAR", true), ("foo\\|bar", "foo|bar", true),
        ("x*", "", true), ("\\bword\\b", "a word here", true), ("[[:alpha:]]+ing", "running", true),
        ("a{0,2}b", "b", true), ("[]x]y", "]y", true), ("é", "É", true), ("straße", "STRASSE", false),
    ])
    func shortcutsAgreeWithTheLibrary(_ pattern: String, _ value: String, _ expected: Bool) throws {
        #expect(try FilterPattern(pattern).matches(value) == expected, "\(pattern) on \(value)")
    }

    @Test func boundsHold() {
        #expect(throws: FilterPattern.Problem.self) {
            try FilterPattern(String(repeating: "a", count: 5_000))
        }
        #expect(throws: FilterPattern.Problem.self) { try FilterPattern("(a)\\1") }
        #expect(throws: FilterPattern.Problem.self) { try FilterPattern("(a{500}){500}") }
        #expect(throws: FilterPattern.Problem.self) { try FilterPattern("a\u{0}b") }
        #expect((try? FilterPattern("[0-9]{4}")) != nil)
    }

    @Test func onlyTheFirstQuarterMebibyteIsMatched() throws {
        let long = String(repeating: "x", count: FilterPattern.maximumValueBytes) + "needle"
        #expect(try !FilterPattern("needle").matches(long))
        #expect(try !FilterPattern("need.e").matches(long))
        #expect(try FilterPattern("^x+$").matches(long))
    }
}
