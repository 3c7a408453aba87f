import Testing

@testable import Configuration

/// Every shape of TOML 1.0 a config file may hold is read, never refused.
@Suite struct TOMLParserValidTests {
    @Test(arguments: [
        ("", "{}"),
        ("\n\n  \t\n", "{}"),
        (
            "# comment at the top\n\n   # indented comment\na = 1 # after a value\n\tb = 2\t# tabs\n\n# last",
            "{a: 1, b: 2}"
        ),
        (
            #"""
            bare_key-1 = 1
            "quoted key" = 2
            'literal \ key' = 3
            "" = 4
            a.b.c = 5
            a . "d" . 'e' = 6
            1234 = 7
            true = 8
            "é" = 9
            "\u00e8" = 10
            3.14159 = "pi"
            """#,
            #"{bare_key-1: 1, "quoted key": 2, "literal \\ key": 3, "": 4, a: {b: {c: 5}, d: {e: 6}}, 1234: 7, "#
                + #"true: 8, "é": 9, "è": 10, 3: {14159: "pi"}}"#
        ),
        (
            """
            integers = [ 1, 2, 3 ]
            colors = [ "red", 'yellow', \"\"\"green\"\"\" ]
            nested = [ [ 1, 2 ], ["a", 'b', 1.5], [] ]
            mixed = [ 0.1, 1, "x", true, 1979-05-27, { a = 1 } ]
            multi = [
              1, # one
              2, # two

              # a comment line
              3,
            ]
            trailing = [1,2,]
            empty = [ ]
            blank = [

            ]
            tables = [ { x = 1 }, { y = [ 2 ] }, {} ]
            spaced = [1
              ,2]
            """,
            #"{integers: [1, 2, 3], colors: ["red", "yellow", "green"], nested: [[1, 2], ["a", "b", 1.5], []], "#
                + #"mixed: [0.1, 1, "x", true, localDate(1979-05-27), {a: 1}], multi: [1, 2, 3], "#
                + "trailing: [1, 2], empty: [], blank: [], tables: [{x: 1}, {y: [2]}, {}], spaced: [1, 2]}"
        ),
        (
            """
            name = { first = "Tom", last = "Preston-Werner" }
            point = {x=1,y=2}
            animal = { type.name = "pug", type.kind = 'dog' }
            empty = {}
            nested = { a = { b = [ 1, { c = 2 } ] }, "q k" = 'v' }
            multi = { list = [
              1,
              2,
            ], text = \"\"\"one
            two\"\"\" }
            """,
            #"{name: {first: "Tom", last: "Preston-Werner"}, point: {x: 1, y: 2}, "#
                + #"animal: {type: {name: "pug", kind: "dog"}}, empty: {}, nested: {a: {b: [1, {c: 2}]}, "q k": "v"}, "#
                + #"multi: {list: [1, 2], text: "one\ntwo"}}"#
        ),
        (
            """
            top = 0
            [table-1]
            key1 = "some string"
            key2 = 123

            [dog."tater.man"]
            type.name = "pug"

            [ j . "ʞ" . 'l' ]
            [x.y.z.w]
            [x] # a super-table defined after its sub-table
            [ spaced ]\t# comment
            a = 1
            """,
            #"{top: 0, table-1: {key1: "some string", key2: 123}, dog: {"tater.man": {type: {name: "pug"}}}, "#
                + #"j: {"ʞ": {l: {}}}, x: {y: {z: {w: {}}}}, spaced: {a: 1}}"#
        ),
        (
            """
            [fruit]
            apple.color = "red"
            apple.taste.sweet = true
            [fruit.apple.texture]
            smooth = true
            [[fruit.apple.seeds]]
            size = 2
            """,
            #"{fruit: {apple: {color: "red", taste: {sweet: true}, texture: {smooth: true}, seeds: [{size: 2}]}}}"#
        ),
        ("[a.b.c]\nz = 1\n[a]\nb.d = 2\n", "{a: {b: {c: {z: 1}, d: 2}}}"),
        (
            """
            [[products]]
            name = "Hammer"
            sku = 738594937

            [[products]]  # an empty table in the array

            [[products]]
            name = "Nail"
            """,
            #"{products: [{name: "Hammer", sku: 738594937}, {}, {name: "Nail"}]}"#
        ),
        (
            """
            [[fruits]]
            name = "apple"
            [fruits.physical]
            color = "red"
            [[fruits.varieties]]
            name = "red delicious"
            [[fruits.varieties]]
            name = "granny smith"
            [[fruits]]
            name = "banana"
            [[fruits.varieties]]
            name = "plantain"
            """,
            #"{fruits: [{name: "apple", physical: {color: "red"}, varieties: [{name: "red delicious"}, "#
                + #"{name: "granny smith"}]}, {name: "banana", varieties: [{name: "plantain"}]}]}"#
        ),
        ("[[a.b]]\nx = 1\n[a]\ny = 2\n", "{a: {b: [{x: 1}], y: 2}}"),
        ("[[ spaced ]]\n[[spaced]]\t# two", "{spaced: [{}, {}]}"),
        ("[true]\n[inf]\nnan = 1", "{true: {}, inf: {nan: 1}}"),
        ("a=1\n\"b\"=2\nc\t=\t3", "{a: 1, b: 2, c: 3}"),
        ("[t]", "{t: {}}"),
        ("d = 1979-05-27 # a date, then a comment", "{d: localDate(1979-05-27)}"),
        (
            "d = [1979-05-27 , 1979-05-27 07:32:00]",
            "{d: [localDate(1979-05-27), localDateTime(1979-05-27 07:32:00)]}"
        ),
        (#"s = "é ✓ 😀" # ✓ ünïcödé"#, #"{s: "é ✓ 😀"}"#),
        // What a config file holds.
        (
            """
            country = "gb"            # edition of live top headlines
            page_size = 30
            key_file = "~/.config/newsapp/key"   # its first line is the NewsAPI key
            refresh_interval = 30
            """,
            #"{country: "gb", page_size: 30, key_file: "~/.config/newsapp/key", refresh_interval: 30}"#
        ),
    ])
    func documents(text: String, expected: String) {
        #expect(parsed(text) == expected)
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""tab\there""#, "tab\there"),
        (#""\b\t\n\f\r\"\\""#, "\u{8}\t\n\u{C}\r\"\\"),
        (#""\u00E9\U0001F600 \u0000""#, "é😀 \u{0}"),
        ("\"raw\ttab\"", "raw\ttab"),
        (#"'C:\Users\nodejs'"#, #"C:\Users\nodejs"#),
        (#"'<\i\c*\s*>'"#, #"<\i\c*\s*>"#),
        ("''", ""),
        (#""""#, ""),
        (#""""""""#, ""),
        ("\"\"\"\nRoses are red\nViolets are blue\"\"\"", "Roses are red\nViolets are blue"),
        ("\"\"\"\r\nline\r\nend\r\n\"\"\"", "line\nend\n"),
        ("\"\"\"The quick \\\n\n    brown \\\n  fox.\"\"\"", "The quick brown fox."),
        ("\"\"\"ends in a backslash \\   \n   next\"\"\"", "ends in a backslash next"),
        (#""""Two quotes: "". Simple.""""#, #"Two quotes: "". Simple."#),
        (#""""a"""""#, #"a""#),
        (#""""a""""""#, #"a"""#),
        (#"""""This," she said, "is pointless."""""#, #""This," she said, "is pointless.""#),
        (
            "'''\nThe first newline is\ntrimmed.\n   All other whitespace\n   is kept.\n'''",
            "The first newline is\ntrimmed.\n   All other whitespace\n   is kept.\n"
        ),
        ("''''That,' she said, 'is pointless.''''", "'That,' she said, 'is pointless.'"),
        (#"'''no \escapes \n here'''"#, #"no \escapes \n here"#),
    ])
    func strings(written: String, expected: String) {
        #expect(TOMLParser.parse("s = \(written)\n").map { $0["s"] } == .success(.string(expected)))
    }

    @Test(
        arguments: [
            ("+99", 99), ("42", 42), ("0", 0), ("+0", 0), ("-0", 0), ("-17", -17), ("1_000", 1_000),
            ("5_349_221", 5_349_221), ("1_2_3_4_5", 12_345), ("0xDEADBEEF", 0xDEAD_BEEF),
            ("0xdead_beef", 0xDEAD_BEEF), ("0x0", 0), ("0o01234567", 0o1234567), ("0o755", 0o755),
            ("0b11010110", 0b1101_0110), ("0b0", 0), ("9223372036854775807", Int64.max),
            ("-9223372036854775808", Int64.min), ("0x7FFFFFFFFFFFFFFF", Int64.max),
            ("0o777777777777777777777", Int64.max), ("0b" + String(repeating: "1", count: 63), Int64.max),
        ] as [(String, Int64)])
    func integers(written: String, expected: Int64) {
        #expect(TOMLParser.parse("n = \(written)").map { $0["n"] } == .success(.integer(expected)))
    }

    @Test(
        arguments: [
            ("+1.0", 1.0), ("3.1415", 3.1415), ("-0.01", -0.01), ("5e+22", 5e22), ("1e06", 1e6),
            ("-2E-2", -0.02),
            ("6.626e-34", 6.626e-34), ("224_617.445_991_228", 224_617.445_991_228), ("0.0", 0), ("+0.0", 0),
            ("1e1_0", 1e10), ("0e0", 0), ("inf", .infinity), ("+inf", .infinity), ("-inf", -.infinity),
        ] as [(String, Double)])
    func floats(written: String, expected: Double) {
        #expect(TOMLParser.parse("f = \(written)").map { $0["f"] } == .success(.float(expected)))
    }

    @Test func notANumberAndNegativeZero() throws {
        for written in ["nan", "+nan", "-nan"] {
            guard case .success(let table) = TOMLParser.parse("f = \(written)"),
                case .float(let value) = table["f"]
            else {
                Issue.record("\(written) was not read as a float")
                continue
            }
            #expect(value.isNaN)
        }
        guard case .success(let table) = TOMLParser.parse("f = -0.0"), case .float(let zero) = table["f"]
        else {
            Issue.record("-0.0 was not read as a float")
            return
        }
        #expect(zero == 0 && zero.sign == .minus)
    }

    @Test func booleans() {
        #expect(parsed("yes = true\nno = false") == "{yes: true, no: false}")
    }

    @Test(arguments: [
        ("1979-05-27T07:32:00Z", TOMLDateTime.Kind.offsetDateTime),
        ("1979-05-27T00:32:00-07:00", .offsetDateTime),
        ("1979-05-27T00:32:00.999999+14:00", .offsetDateTime),
        ("1979-05-27 07:32:00Z", .offsetDateTime),
        ("1979-05-27t07:32:00z", .offsetDateTime),
        ("1990-12-31T23:59:60Z", .offsetDateTime),
        ("1979-05-27T07:32:00", .localDateTime),
        ("1979-05-27T00:32:00.999999", .localDateTime),
        ("1979-05-27 07:32:00.5", .localDateTime),
        ("1979-05-27", .localDate),
        ("2000-02-29", .localDate),
        ("2024-02-29", .localDate),
        ("0001-01-01", .localDate),
        ("9999-12-31", .localDate),
        ("07:32:00", .localTime),
        ("00:32:00.999999", .localTime),
        ("23:59:59", .localTime),
    ])
    func datesAndTimes(written: String, kind: TOMLDateTime.Kind) {
        #expect(
            TOMLParser.parse("d = \(written)").map { $0["d"] }
                == .success(.dateTime(TOMLDateTime(kind: kind, text: written))))
    }

    @Test func keysRememberTheirLines() throws {
        let table = try TOMLParser.parse("# top\na = 1\n\nb.c = 2\n[t.u]\n[[v]]\n").get()
        #expect(table.entries.map(\.key) == ["a", "b", "t", "v"])
        #expect(table.entries.map(\.line) == [2, 4, 5, 6])
    }
}
