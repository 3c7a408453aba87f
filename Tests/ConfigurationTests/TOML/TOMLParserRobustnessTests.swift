import Foundation
import Testing

@testable import Configuration

/// Line ends, byte order marks, hostile nesting and sizes, and the fuzzer's seeds: always an
/// answer, never a crash.
@Suite struct TOMLParserRobustnessTests {
    static let sample = #"""
        # config
        country = "gb"
        multi = """
        one
        two"""
        lit = '''
        raw'''
        list = [
          1, # one
          2,
        ]
        [table]
        inline = { a = 1, b = [ "x" ] }
        [[items]]
        name = "a"
        """#

    @Test func windowsLineEndsReadAsUnixOnes() throws {
        let crlf = Self.sample.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(crlf.utf8.count > Self.sample.utf8.count)
        let unix = try TOMLParser.parse(Self.sample).get()
        #expect(try TOMLParser.parse(crlf).get() == unix)
        #expect(unix["multi"] == .string("one\ntwo"))
        #expect(syntaxError("a = 1\r\nb = [\r\n1 2]\r\n")?.line == 3)
    }

    @Test func aByteOrderMarkIsSkippedAtTheStartOnly() throws {
        #expect(try TOMLParser.parse("\u{FEFF}" + Self.sample).get() == TOMLParser.parse(Self.sample).get())
        #expect(parsed("\u{FEFF}[t]") == "{t: {}}")
        #expect(parsed("\u{FEFF}") == "{}")
        #expect(parsed("\u{FEFF}\u{FEFF}a = 1") == "line 1: expected a key, as in name = value, not U+FEFF")
        #expect(parsed("s = \"\u{FEFF}\"") == "{s: \"\u{FEFF}\"}")
    }

    // MARK: Nesting

    static let tooDeep = "line 1: tables and arrays may be nested at most 64 deep"

    @Test func nestingUpToTheLimitIsRead() throws {
        let arrays = "a = " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(syntaxError(arrays) == nil)
        let tables = "a = " + String(repeating: "{b = ", count: 63) + "1" + String(repeating: "}", count: 63)
        #expect(syntaxError(tables) == nil)
        let header = "[" + Array(repeating: "t", count: 64).joined(separator: ".") + "]"
        #expect(syntaxError(header) == nil)
        let dotted = Array(repeating: "k", count: 64).joined(separator: ".") + " = 1"
        #expect(syntaxError(dotted) == nil)
    }

    @Test(arguments: [65, 10_000, 100_000])
    func deeperNestingIsASyntaxErrorNotACrash(depth: Int) {
        #expect(parsed("a = " + String(repeating: "[", count: depth)) == Self.tooDeep)
        #expect(
            parsed("a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
                == Self.tooDeep)
        #expect(parsed("a = " + String(repeating: "{b = ", count: depth)) == Self.tooDeep)
        #expect(parsed("a = " + String(repeating: "[{b = ", count: depth)) == Self.tooDeep)
        #expect(
            parsed("[" + Array(repeating: "t", count: depth).joined(separator: ".") + "]") == Self.tooDeep)
        #expect(parsed(Array(repeating: "k", count: depth).joined(separator: ".") + " = 1") == Self.tooDeep)
        #expect(parsed("a = " + String(repeating: "[", count: depth) + "\n") == Self.tooDeep)
    }

    @Test func depthCountsTablesAndArraysTogether() {
        let header = "[" + Array(repeating: "t", count: 60).joined(separator: ".") + "]\n"
        #expect(syntaxError(header + "a.b.c = 1") == nil)
        #expect(syntaxError(header + "a = [[[1]]]") == nil)
        #expect(parsed(header + "a.b.c.d.e = 1") == "line 2: tables and arrays may be nested at most 64 deep")
        #expect(
            parsed(header + "a = [[[[[1]]]]]") == "line 2: tables and arrays may be nested at most 64 deep")
    }

    // MARK: Size

    @Test func bigDocumentsAreReadWhole() throws {
        let keys = (0..<20_000).map { "key\($0) = \($0)" }.joined(separator: "\n")
        #expect(try TOMLParser.parse(keys).get().entries.count == 20_000)
        let arrays = String(repeating: "[[item]]\nn = 1\n", count: 20_000)
        guard case .array(let items) = try TOMLParser.parse(arrays).get()["item"] else {
            Issue.record("[[item]] is not an array")
            return
        }
        #expect(items.count == 20_000)
        let text = String(repeating: "é", count: 200_000)
        #expect(try TOMLParser.parse("s = \"\(text)\"").get()["s"] == .string(text))
        let list = "a = [" + String(repeating: "1, ", count: 50_000) + "]"
        guard case .array(let numbers) = try TOMLParser.parse(list).get()["a"] else {
            Issue.record("a is not an array")
            return
        }
        #expect(numbers.count == 50_000)
        let comments = String(repeating: "# " + String(repeating: "x", count: 1_000) + "\n", count: 200)
        #expect(try TOMLParser.parse(comments + "a = 1").get().entries.count == 1)
    }

    // MARK: The fuzzer's seeds

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Fuzz/Corpus/config-file").standardized

    @Test func everySeedIsReadOrRefusedInOneLine() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        #expect(files.count >= 8)
        for file in files {
            let data = try Data(contentsOf: Self.corpus.appendingPathComponent(file))
            let text = String(decoding: data, as: UTF8.self)
            let outcome = ConfigurationLoader(displayPath: file, home: "/home/ada", directory: "/home/ada")
                .load(text)
            let syntax = outcome.problems.filter { $0.message.hasPrefix("TOML syntax error") }
            #expect(syntax.isEmpty || outcome.problems.count == 1, "\(file)")
            #expect(
                file.hasPrefix("regression-") == !syntax.isEmpty || file == "syntax-error.toml", "\(file)")
        }
    }

    /// Inputs on which toml++ 3.4 (inside TOMLKit 0.6.0) asserted and stopped the process:
    /// headers without a name (marzer/tomlplusplus#301), a date and time without a time after
    /// its T, a } where an array's value should be, and a date cut short by a byte order mark
    /// (each also a seed `regression-*` in Fuzz/Corpus/config-file, so the fuzzer starts from it).
    @Test(arguments: [
        ("[[", 1, "a table header must name a table, as in [name]"),
        ("[[[", 1, "a table header must name a table, as in [name]"),
        ("[[[a]]]", 1, "a table header must name a table, as in [name]"),
        ("[[[]]", 1, "a table header must name a table, as in [name]"),
        ("[[=", 1, "a table header must name a table, as in [name]"),
        ("[=", 1, "a table header must name a table, as in [name]"),
        ("[\n", 1, "a table header must name a table, as in [name]"),
        ("[[\t\n", 1, "a table header must name a table, as in [name]"),
        ("theme = \"dark\"\n\n[.a]\n", 3, "a table header must name a table, as in [name]"),
        ("# [[\nx = [\n  [1],\n]\n[[[b]]]\n", 5, "a table header must name a table, as in [name]"),
        ("\u{FEFF}[\u{FFFD}c]\n", 1, "a table header must name a table, as in [name]"),
        (
            "when = 1979-05-27T\u{E9}07:30\n", 1,
            "a date and time must have the time right after its T, as in 1979-05-27T07:32:00"
        ),
        (
            "a = 1\nwhen = 1979-05-27T_07:30\n", 2,
            "a date and time must have the time right after its T, as in 1979-05-27T07:32:00"
        ),
        (
            "t = { a = 1979-05-27t:07:30 }\n", 1,
            "a date and time must have the time right after its T, as in 1979-05-27T07:32:00"
        ),
        (
            "x = [\n  1979-05-27T07:30:00,\n  1979-05-27T+07:30,\n]\n", 3,
            "a date and time must have the time right after its T, as in 1979-05-27T07:32:00"
        ),
        ("a = [ }\n", 1, "an array must end with ], not }"),
        ("a = [[}\n", 1, "an array must end with ], not }"),
        ("x = 1\na = [1, # c\n }\n", 3, "an array must end with ], not }"),
        (
            "when = 1979-05-2\u{FEFF} 5\n", 1,
            "1979-05-2 is not a date: dates are written yyyy-mm-dd, as in 1979-05-27"
        ),
    ])
    func inputsThatStoppedTOMLPlusPlus(text: String, line: Int, reason: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.line == line)
        #expect(error.reason == reason)
    }

    @Test(arguments: [
        ("regression-brace-in-array.toml", 2, "an array must end with ], not }"),
        (
            "regression-date-time.toml", 2,
            "a date and time must have the time right after its T, as in 1979-05-27T07:32:00"
        ),
        ("regression-header-after-bom.toml", 1, "a table header must name a table, as in [name]"),
        (
            "regression-date-cut-by-bom.toml", 1,
            "1979-05-2 is not a date: dates are written yyyy-mm-dd, as in 1979-05-27"
        ),
    ])
    func regressionSeeds(file: String, line: Int, reason: String) throws {
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent(file))
        let error = try #require(syntaxError(String(decoding: data, as: UTF8.self)))
        #expect(error.line == line)
        #expect(error.reason == reason)
    }

    /// What looks like a header, a broken date or a stray brace inside strings, comments, keys
    /// and good dates is not one.
    @Test func lookalikesAreRead() {
        let strings = #"""
            # [[ not a header
            theme = """
            [[
            """
            matrix = [
            [
            1 ],
            ]
            ["quoted table"]
            [[ 'array of tables' ]]
            """#
        #expect(syntaxError(strings) == nil)
        #expect(syntaxError("a = [ ]\nb = [[1], {}]\nc = { d = [1] }\n") == nil)
        let dates = """
            1979-05-27T_x = 1
            [1979-05-27T_table]
            t = { 1979-05-27T_y = 2, when = 1979-05-27T07:32:00Z }
            d = [1979-05-27, 1979-05-27 07:32:00, "1979-05-27T_"] # 1979-05-27T_
            """
        #expect(syntaxError(dates) == nil)
    }
}
