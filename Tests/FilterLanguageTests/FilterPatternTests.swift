import Testing

@testable import FilterLanguage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        ("^(watch|listen):", "Listen: the show", true), ("^(watch|listen):", "look: here", false),
        ("^(watch|listen):", "to watch: later", false), ("^(PR|Press) ", "press office", true),
        ("^(PR|Press) ", "Author 7", false), ("(ab|cd)+x", "CDx", true), ("(ab|cd)?x", "x", true),
        ("(ab|cd)*x", "zx", true), ("(ab|cd){0,1}x", "x", true), ("(a(b|c)d|e)f", "ACDF", true),
        ("(a(b|c)d|e)f", "ef", true), ("(a(b|c)d|e)f", "adf", false), ("(|ab)c", "c", true),
        ("x(ab|cd)", "xcd", true), ("(ab|c*)d", "d", true),
        // `^` and text compares the first bytes; a letter outside ASCII still goes to regexec.
        ("^A", "Anna", true), ("^A", "Bob A", false), ("^re: ", "RE: minutes", true),
        ("^re: ", "re:x", false),
        ("((((a+)+)+)+)", "xaay", true), ("(a*b)+c?", "abab", true), ("^", "", true),
        ("^kelvin", "KELVIN scale", true), ("^kelvin", "a Kelvin", false),
        ("^ab", "a", false),
    ])
    func shortcutsAgreeWithTheLibrary(_ pattern: String, _ value: String, _ expected: Bool) throws {
        #expect(try FilterPattern(pattern).matches(value) == expected, "\(pattern) on \(value)")
    }

    /// Generated patterns (text, groups, alternatives, repetitions, anchors, brackets) over
    /// generated values: the shortcuts never answer otherwise than the library alone.
    @Test func theShortcutsAgreeWithTheLibraryOnGeneratedPatterns() throws {
        let pieces = [
            "ab", "cd", "x", "(", ")", "|", "?", "*", "+", "^", "$", "[a-c]", ".", "{0,1}", "\\.", "k", "is",
        ]
        let letters = ["ab", "CD", "x", "y", "a", "c", " ", ".", "\u{212A}", "ſ", "İ", "ı", "I", "é"]
        var random = SplitMix(seed: 20_261_128)
        var checked = 0
        var shortcutTaken = 0
        for _ in 0..<3_000 {
            let pattern = (0..<random.below(9) + 1).map { _ in pieces[random.below(pieces.count)] }.joined()
            guard let compiled = try? FilterPattern(pattern), let library = LibraryPattern(pattern) else {
                continue
            }
            if PatternAnalysis(Array(pattern.utf8)).required != nil { shortcutTaken += 1 }
            for _ in 0..<12 {
                let value = (0..<random.below(7)).map { _ in letters[random.below(letters.count)] }.joined()
                #expect(compiled.matches(value) == library.matches(value), "\(pattern) on \"\(value)\"")
                checked += 1
            }
        }
        #expect(checked > 10_000)
        #expect(shortcutTaken > 300)
    }

    /// The sixteen-at-a-time search and the partner check against plain loops, on generated text
    /// of every length around one, two and three blocks of sixteen bytes, with the needle at every
    /// place and in either case; a value with a partner letter is never called without one.
    @Test func theTextSearchAgreesWithAPlainSearch() {
        var random = SplitMix(seed: 7)
        let alphabet = Array("aAbBxX -@`İıſ\u{212A}é".utf8)
        for _ in 0..<20_000 {
            let haystack = (0..<random.below(56)).map { _ in alphabet[random.below(alphabet.count)] }
            let needle = (0..<(random.below(3) + 1)).map { _ in
                [UInt8(ascii: "a"), UInt8(ascii: "b"), 0x20, 0x40][random.below(4)]
            }
            let lowered = haystack.map(CaseInsensitiveSearch.lowered)
            let plain =
                lowered.count >= needle.count
                && (0...(lowered.count - needle.count)).contains {
                    Array(lowered[$0..<($0 + needle.count)]) == needle
                }
            let partners = String(decoding: haystack, as: UTF8.self).unicodeScalars.contains {
                ["\u{130}", "\u{131}", "\u{17F}", "\u{212A}"].contains($0)
            }
            haystack.withUnsafeBufferPointer { buffer in
                #expect(
                    CaseInsensitiveSearch.contains(needle, in: buffer) == plain, "\(needle) in \(haystack)")
                #expect(CaseInsensitiveSearch.hasASCIIPartners(buffer) == partners, "\(haystack)")
                if partners, !plain {
                    #expect(
                        CaseInsensitiveSearch.find(needle, in: buffer) == .absentBesidePartnerLeads,
                        "\(needle) in \(haystack)")
                }
            }
        }
    }

    @Test func alternativesGiveOneRequiredTextEach() {
        func required(_ pattern: String) -> [String]? {
            PatternAnalysis(Array(pattern.utf8)).required?.map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(required("^(watch|listen):") == ["watch", "listen"])
        #expect(required("^(PR|Press) ") == ["pr", "press"])
        #expect(required("number 7[0-9]+$") == ["number 7"])
        #expect(required("foo|bar") == ["foo", "bar"])
        #expect(required("(ab|cd)?x") == ["x"])
        #expect(required("(ab|c*)d") == ["d"])
        #expect(required("(|ab)c") == ["c"])
        #expect(required("a|b*") == nil)
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

/// The C library's matcher alone, compiled as ``FilterPattern`` compiles it.
private final class LibraryPattern {
    private var compiled = regex_t()
    /// A UTF-8 locale, as ``FilterPattern`` uses whatever the process's.
    nonisolated(unsafe) private static let locale = newlocale(Int32(1) << LC_CTYPE, "C.UTF-8", nil)

    init?(_ pattern: String) {
        let status = Self.within { regcomp(&compiled, pattern, REG_EXTENDED | REG_ICASE | REG_NOSUB) }
        guard status == 0 else { return nil }
    }

    deinit { regfree(&compiled) }

    func matches(_ value: String) -> Bool { Self.within { regexec(&compiled, value, 0, nil, 0) } == 0 }

    private static func within<T>(_ body: () -> T) -> T {
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }
}

/// A small seeded generator, so a failure is the same on every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
