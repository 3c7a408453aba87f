import Testing

@testable import Configuration

/// TOML 1.0's own examples, read as the specification reads them, and hostile documents, each
/// refused with one line that names its line and column.
@Suite struct TOMLConformanceTests {
    @Test(arguments: [
        // Strings: basic with every escape, multi-line with a line-ending backslash, literal.
        (
            #"str = "I'm a string. \"You can quote me\". Name\tJos\u00E9\nLocation\tSF.""#,
            #"{str: "I\'m a string. \"You can quote me\". Name\tJosé\nLocation\tSF."}"#
        ),
        (#"e = "\b\f\r\\\U0001F600""#, #"{e: "\u{08}\u{0C}\r\\😀"}"#),
        (
            "str1 = \"\"\"\nRoses are red\nViolets are blue\"\"\"",
            #"{str1: "Roses are red\nViolets are blue"}"#
        ),
        (
            "str = \"\"\"\nThe quick brown \\\n\n\n  fox jumps over \\\n    the lazy dog.\"\"\"",
            #"{str: "The quick brown fox jumps over the lazy dog."}"#
        ),
        (
            #"str = """Here are fifteen quotation marks: ""\"""\"""\"""\"""\".""""#,
            #"{str: "Here are fifteen quotation marks: \"\"\"\"\"\"\"\"\"\"\"\"\"\"\"."}"#
        ),
        (#"winpath = 'C:\Users\nodejs\templates'"#, #"{winpath: "C:\\Users\\nodejs\\templates"}"#),
        ("re = '''I [dw]on't need \\d{2} apples'''", #"{re: "I [dw]on\'t need \\d{2} apples"}"#),
        (
            "lines = '''\nThe first newline is\ntrimmed in raw strings.\n'''",
            #"{lines: "The first newline is\ntrimmed in raw strings.\n"}"#
        ),
        // Integers, floats, booleans.
        (
            "a = +99\nb = -17\nc = 1_000\nd = 0xDEAD_BEEF\ne = 0o755\nf = 0b11010110\ng = -0",
            "{a: 99, b: -17, c: 1000, d: 3735928559, e: 493, f: 214, g: 0}"
        ),
        (
            "a = +1.0\nb = -0.01\nc = 5e+22\nd = 6.626e-34\ne = 224_617.445_991_228\nf = inf\ng = -inf\nh = true\ni = false",
            "{a: 1.0, b: -0.01, c: 5e+22, d: 6.626e-34, e: 224617.445991228, f: inf, g: -inf, h: true, i: false}"
        ),
        // Dates and times of each kind.
        (
            "odt1 = 1979-05-27T07:32:00Z\nodt2 = 1979-05-27T00:32:00.999999-07:00\nodt3 = 1979-05-27 07:32:00Z\n"
                + "ldt = 1979-05-27T07:32:00\nld = 1979-05-27\nlt = 00:32:00.999999",
            "{odt1: offsetDateTime(1979-05-27T07:32:00Z), odt2: offsetDateTime(1979-05-27T00:32:00.999999-07:00), "
                + "odt3: offsetDateTime(1979-05-27 07:32:00Z), ldt: localDateTime(1979-05-27T07:32:00), "
                + "ld: localDate(1979-05-27), lt: localTime(00:32:00.999999)}"
        ),
        // Arrays: nested, mixed, over lines with comments.
        (
            "nested = [ [ 1, 2 ], [\"a\", 'b'] ]\nmixed = [ 0.1, \"x\", { n = 1 } ]\nlines = [\n  1, # one\n  2,\n]",
            #"{nested: [[1, 2], ["a", "b"]], mixed: [0.1, "x", {n: 1}], lines: [1, 2]}"#
        ),
        // Tables, dotted keys, inline tables, and tables defined by them.
        (
            "name = \"Orange\"\nphysical.color = \"orange\"\nphysical.shape = \"round\"\nsite.\"google.com\" = true",
            #"{name: "Orange", physical: {color: "orange", shape: "round"}, site: {"google.com": true}}"#
        ),
        (
            "[dog.\"tater.man\"]\ntype.name = \"pug\"\n[a.b.c]\n[ d.e.f ]\n[ j . \"ʞ\" . 'l' ]",
            #"{dog: {"tater.man": {type: {name: "pug"}}}, a: {b: {c: {}}}, d: {e: {f: {}}}, j: {"ʞ": {l: {}}}}"#
        ),
        (
            "[x.y.z.w]\n[x]\n",
            "{x: {y: {z: {w: {}}}}}"
        ),
        (
            "point = { x = 1, y = 2 }\nanimal = { type.name = \"pug\" }",
            #"{point: {x: 1, y: 2}, animal: {type: {name: "pug"}}}"#
        ),
        // Arrays of tables, with subtables of their latest element.
        (
            "[[fruits]]\nname = \"apple\"\n[fruits.physical]\ncolor = \"red\"\n[[fruits.varieties]]\nname = \"red delicious\"\n"
                + "[[fruits]]\nname = \"banana\"\n[[fruits.varieties]]\nname = \"plantain\"",
            #"{fruits: [{name: "apple", physical: {color: "red"}, varieties: [{name: "red delicious"}]}, "#
                + #"{name: "banana", varieties: [{name: "plantain"}]}]}"#
        ),
    ])
    func theSpecificationsExamplesAreRead(text: String, expected: String) {
        #expect(parsed(text) == expected)
    }

    /// `line L, column C: reason`, or the rendering when the document parses.
    private func located(_ text: String) -> String {
        guard let error = syntaxError(text) else { return parsed(text) }
        return "line \(error.line), column \(error.column.map(String.init) ?? "none"): \(error.reason)"
    }

    @Test func nestingOverSixtyFourIsRefusedWhereItGoesTooDeep() {
        let reason = "tables and arrays may be nested at most 64 deep"
        #expect(located("a = " + String(repeating: "[", count: 65)) == "line 1, column 69: \(reason)")
        #expect(
            located("x = 1\n\n  a = " + String(repeating: "{ b = ", count: 70))
                == "line 3, column \(7 + 64 * 6): \(reason)")
        let dotted = (1...65).map { "k\($0)" }.joined(separator: ".")
        #expect(located("[\(dotted)]") == "line 1, column 1: \(reason)")
    }

    @Test func aHugeStringIsReadWhole() throws {
        let text = String(repeating: "é🙂x", count: 60_000)
        let table = try TOMLParser.parse("s = \"\(text)\"\n").get()
        #expect(table["s"]?.string == text)
        // Never closed: the error names the line it starts on, and where the line ended.
        let open = located("a = 1\ns = \"\(text)\nb = 2")
        #expect(
            open.hasPrefix("line 2, column \(6 + 3 * 60_000): a string must end with \""),
            "\(open.prefix(80))")
    }

    @Test func controlCharactersAreRefusedWithTheirPlace() {
        #expect(located("a = \"x\u{01}y\"").hasPrefix("line 1, column 7: "))
        #expect(located("# ok\nb = 'é\u{7F}'").hasPrefix("line 2, column 7: "))
        #expect(located("c = 1 # bell \u{07}").hasPrefix("line 1, column 14: "))
        #expect(located("d = \"\"\"\nfine\n  \u{1B}[2J\"\"\"").hasPrefix("line 3, column 3: "))
        for text in ["a = \"x\u{01}y\"", "c = 1 # bell \u{07}", "d = \"\"\"\n\u{1B}[2J\"\"\""] {
            let reason = syntaxError(text)?.reason ?? ""
            #expect(!reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(reason)")
        }
    }

    @Test func textThatWasNotUTF8IsReadOrRefusedWithItsPlace() {
        // A String holds no invalid UTF-8: the file's bytes come in with U+FFFD in their place.
        let bytes: [UInt8] =
            Array("ok = 1\n# \u{FF}\u{FE} in a comment\n".utf8) + [0xC3, 0x28, 0x0A] + Array("n = 2".utf8)
        let decoded = String(decoding: bytes, as: UTF8.self)
        #expect(located(decoded) == "line 3, column 1: expected a key, as in name = value, not U+FFFD")
        let inString = String(decoding: Array("s = \"a".utf8) + [0xFF] + Array("b\"".utf8), as: UTF8.self)
        #expect(parsed(inString) == "{s: \"a\u{FFFD}b\"}")
    }

    @Test func aColumnCountsScalarsNotBytes() {
        #expect(
            located("\"ʞé🙂\" = 1 2")
                == "line 1, column 11: a value must be followed by a new line or a comment, not '2'")
        #expect(
            located("\u{FEFF}a = @")
                == "line 1, column 5: expected a value (a string, number, boolean, date, array or inline table), not '@'"
        )
        #expect(located("a = [\n  1,\n  2\n").hasPrefix("line 1, column "))
    }
}
