import Testing

@testable import Configuration

/// What TOML 1.0 does not allow is one syntax error: the line it is on and a plain reason.
@Suite struct TOMLParserInvalidTests {
    static let escapes = #"the escapes are \b \t \n \f \r \" \\ \uXXXX and \UXXXXXXXX"#
    static let notAValue = "expected a value (a string, number, boolean, date, array or inline table), not"

    @Test(arguments: [
        // Statements and keys
        ("= 3", 1, "expected a key, as in name = value, not '='"),
        ("a", 1, "a key must be followed by =, not the end of the file"),
        ("a b = 1", 1, "a key must be followed by =, not 'b'"),
        ("a.= 1", 1, "a dot in a key must be followed by a key, not '='"),
        ("a..b = 1", 1, "a dot in a key must be followed by a key, not '.'"),
        ("é = 1", 1, "expected a key, as in name = value, not U+00E9"),
        (
            "x = 1\naé = 1", 2,
            "a key must be followed by =, not U+00E9 (a key with characters other than letters, digits, _ "
                + "and - goes in quotes)"
        ),
        (#""""key""" = 1"#, 1, #"a key must be followed by =, not '"'"#),
        ("a = 1\n\u{FEFF}b = 2", 2, "expected a key, as in name = value, not U+FEFF"),
        ("a = ", 1, "\(notAValue) the end of the file"),
        ("a = # nothing", 1, "\(notAValue) '#'"),
        ("a =\n1", 1, "\(notAValue) the end of the line"),
        ("a = 1 2", 1, "a value must be followed by a new line or a comment, not '2'"),
        ("a = 1,", 1, "a value must be followed by a new line or a comment, not ','"),
        (#"a = "x" "y""#, 1, #"a value must be followed by a new line or a comment, not '"'"#),
        ("a = 1\nb = 2\na = 3", 3, "this key is already defined (line 1)"),
        ("a = 1\nb = 2\r", 2, "a carriage return must be followed by a line feed"),
        ("a = 1\r\r\nb = 2", 1, "a carriage return must be followed by a line feed"),
        ("# a \u{7} bell", 1, "a comment may not hold the control character U+0007"),
        ("a = 1 # \u{7F}", 1, "a comment may not hold the control character U+007F"),
        ("\u{0}", 1, "expected a key, as in name = value, not U+0000"),
        // Strings
        (
            "a = \"x\nb = 1", 1,
            #"a string must end with " on the line it starts (text on several lines goes between """)"#
        ),
        (
            "a = 'x", 1,
            "a string must end with ' on the line it starts (text on several lines goes between ''')"
        ),
        (#"a = "\q""#, 1, #"\ followed by 'q' is not an escape; "# + escapes),
        (#"a = "\x41""#, 1, #"\ followed by 'x' is not an escape; "# + escapes),
        (#"a = "\uD800""#, 1, #"\uD800 is not a Unicode scalar value"#),
        (#"a = "\U00110000""#, 1, #"\U110000 is not a Unicode scalar value"#),
        (#"a = "\u12""#, 1, #"\u must be followed by 4 hexadecimal digits"#),
        (#"a = "\U0001F60""#, 1, #"\U must be followed by 8 hexadecimal digits"#),
        ("a = \"\u{1}\"", 1, "a string may not hold the control character U+0001; write it as an escape"),
        ("a = \"\u{7F}\"", 1, "a string may not hold the control character U+007F; write it as an escape"),
        ("a = 'x\u{0}'", 1, "a string may not hold the control character U+0000; write it as an escape"),
        ("a = \"x\ry\"", 1, "a string may not hold the control character U+000D; write it as an escape"),
        (
            "a = \"\"\"x\u{1B}\"\"\"", 1,
            "a string may not hold the control character U+001B; write it as an escape"
        ),
        ("a = '''x\ry'''", 1, "a carriage return must be followed by a line feed"),
        ("a = 1\nb = \"\"\"\nabc\n", 2, #"a multi-line string must end with """"#),
        ("a = '''abc''", 1, "a multi-line string must end with '''"),
        ("a = '''x''''''", 1, "a multi-line string may hold at most two ' in a row"),
        (#"a = """x""""""y""""#, 1, #"a multi-line string may hold at most two " in a row"#),
        (#"a = """x \ y""""#, 1, #"\ followed by a space is not an escape; "# + escapes),
        // Numbers
        ("a = 012", 1, "012 is not a number: leading zeros are not allowed"),
        ("a = -01", 1, "-01 is not a number: leading zeros are not allowed"),
        ("a = 9223372036854775808", 1, "9223372036854775808 does not fit in a 64-bit integer"),
        ("a = -9223372036854775809", 1, "-9223372036854775809 does not fit in a 64-bit integer"),
        ("a = 0x8000000000000000", 1, "0x8000000000000000 does not fit in a 64-bit integer"),
        ("a = 99999999999999999999999", 1, "99999999999999999999999 does not fit in a 64-bit integer"),
        ("a = 1__0", 1, "1__0 is not a number TOML can read"),
        ("a = 1_", 1, "1_ is not a number TOML can read"),
        ("a = 0X10", 1, "0X10 is not a number TOML can read"),
        ("a = +0x10", 1, "+0x10 is not a number TOML can read"),
        ("a = 0x", 1, "0x is not a number TOML can read"),
        ("a = 0b102", 1, "0b102 is not a number TOML can read"),
        ("a = 0o8", 1, "0o8 is not a number TOML can read"),
        ("a = 1.", 1, "1. is not a number TOML can read"),
        ("a = .5", 1, ".5 is not a number TOML can read"),
        ("a = 1.e5", 1, "1.e5 is not a number TOML can read"),
        ("a = 1e", 1, "1e is not a number TOML can read"),
        ("a = 01.5", 1, "01.5 is not a number TOML can read"),
        ("a = 1.5_", 1, "1.5_ is not a number TOML can read"),
        ("a = 1e_5", 1, "1e_5 is not a number TOML can read"),
        ("a = ++1", 1, "++1 is not a number TOML can read"),
        ("a = -inf_", 1, "-inf_ is not a number TOML can read"),
        ("a = Inf", 1, #"Inf is not a value: text goes in quotes, as in "Inf""#),
        ("a = True", 1, "True is not a value: true and false are written in lowercase"),
        ("a = abc", 1, #"abc is not a value: text goes in quotes, as in "abc""#),
        ("a = _1", 1, #"_1 is not a value: text goes in quotes, as in "_1""#),
        // Dates and times
        ("a = 1979-13-01", 1, "1979-13-01 is not a date: there is no such day"),
        ("a = 1979-02-29", 1, "1979-02-29 is not a date: there is no such day"),
        ("a = 1900-02-29", 1, "1900-02-29 is not a date: there is no such day"),
        ("a = 2000-04-31", 1, "2000-04-31 is not a date: there is no such day"),
        ("a = 2000-01-00", 1, "2000-01-00 is not a date: there is no such day"),
        ("a = 1979-5-27", 1, "1979-5-27 is not a date: dates are written yyyy-mm-dd, as in 1979-05-27"),
        (
            "a = 1979-05-27T07:32", 1,
            "1979-05-27T07:32 is not a time: times are written hh:mm:ss, as in 07:32:00"
        ),
        (
            "a = 1979-05-27 07:32", 1,
            "1979-05-27 07:32 is not a time: times are written hh:mm:ss, as in 07:32:00"
        ),
        ("a = 7:32:00", 1, "7:32:00 is not a number TOML can read"),
        ("a = 24:00:00", 1, "24:00:00 is not a time: there is no such time of day"),
        ("a = 23:60:00", 1, "23:60:00 is not a time: there is no such time of day"),
        ("a = 23:59:61", 1, "23:59:61 is not a time: there is no such time of day"),
        ("a = 07:32:00Z", 1, "07:32:00Z is not a time: times are written hh:mm:ss, as in 07:32:00"),
        (
            "a = 07:32:00.", 1,
            "07:32:00. is not a time: a fraction of a second is a dot and digits, as in 07:32:00.5"
        ),
        (
            "a = 1979-05-27T07:32:00+7:00", 1,
            "1979-05-27T07:32:00+7:00 is not a date and time: its offset must be Z or ±hh:mm, as in -07:00"
        ),
        (
            "a = 1979-05-27T07:32:00Zulu", 1,
            "1979-05-27T07:32:00Zulu is not a date and time: its offset must be Z or ±hh:mm, as in -07:00"
        ),
        (
            "a = 1979-05-27T", 1,
            "a date and time must have the time right after its T, as in 1979-05-27T07:32:00"
        ),
        (
            "a = 1979-05-27X", 1,
            "1979-05-27X is not a date: a date ends after its day, or goes on with T and a time"
        ),
        // Arrays
        ("a = [1 2]", 1, "an array's values are separated by commas, not '2'"),
        ("a = [1,,2]", 1, "expected a value before the comma"),
        ("a = [,]", 1, "expected a value before the comma"),
        ("a = [1,\n2,\n", 1, "an array must end with ]"),
        ("a = [ }", 1, "an array must end with ], not }"),
        ("a = [1 }", 1, "an array must end with ], not }"),
        ("a = [1] x", 1, "a value must be followed by a new line or a comment, not 'x'"),
        // Inline tables
        ("a = {b = 1,}", 1, "an inline table may not end with a comma"),
        ("a = {b = 1\n}", 1, "an inline table must be on one line (use a [table] for more)"),
        ("a = {\nb = 1}", 1, "an inline table must be on one line (use a [table] for more)"),
        ("a = {b = 1 # c\n}", 1, "an inline table may not hold a comment"),
        ("a = {b = 1 c = 2}", 1, "expected a comma or } in the inline table, not 'c'"),
        ("a = {,}", 1, "expected a key in the inline table, not ','"),
        ("a = {b = 1", 1, "an inline table must end with }"),
        ("a = {b = 1, b = 2}", 1, "this key is already defined (line 1)"),
        ("a = {b.c = 1, b = 2}", 1, "this key is already defined (line 1)"),
        ("a = {b = {c = 1}, b.d = 2}", 1, "b is already an inline table (line 1), not a table"),
        ("a = {}\na.b = 1", 2, "a is already an inline table (line 1), not a table"),
        ("a = {}\n[a]", 2, "this key already holds an inline table (line 1)"),
        ("a = {}\n[a.b]", 2, "a is already an inline table (line 1), not a table"),
        ("a = [{}]\n[a.b]", 2, "a is already an array (line 1), not a table"),
        ("a = 1\na.b = 2", 2, "a is already an integer (line 1), not a table"),
        // Tables
        ("[a]\n[a]", 2, "this table is already defined (line 1)"),
        ("[a.b]\n[a]\n[a]", 3, "this table is already defined (line 1)"),
        ("a.b = 1\n[a]", 2, "this table is already defined by dotted keys (line 1)"),
        (
            "[fruit]\napple.color = 'red'\n[fruit.apple]", 3,
            "this table is already defined by dotted keys (line 2)"
        ),
        ("[t1]\nt2.t3.v = 0\n[t1.t2.t3]", 3, "this table is already defined by dotted keys (line 2)"),
        ("[a]\nb = 1\n[a.b]", 3, "this key already holds an integer (line 2)"),
        ("[[a]]\n[a]", 2, "this name is already an array of tables (line 1)"),
        ("[a]\n[[a]]", 2, "this name is already a table (line 1), not an array of tables"),
        ("[a.b]\n[[a]]", 2, "this name is already a table (line 1), not an array of tables"),
        ("a = [1]\n[[a]]", 2, "this key already holds an array (line 1)"),
        ("a = []\n[a.b]", 2, "a is already an array (line 1), not a table"),
        ("[[a.b]]\n[a]\nb.y = 2", 3, "b is an array of tables (line 1); add to it with [[b]]"),
        ("[[tab.arr]]\n[tab]\narr.val1 = 1", 3, "arr is an array of tables (line 1); add to it with [[arr]]"),
        (
            "[a.b.c]\nz = 1\n[a]\nb.c.t = 1", 4,
            "the table b.c is defined on line 1, and only there can keys be added to it"
        ),
        ("[a]\nb = 1\n[a]\nc = 2", 3, "this table is already defined (line 1)"),
        ("[]", 1, "a table header must name a table, as in [name]"),
        ("[ [a]]", 1, "a table header must name a table, as in [name]"),
        ("[a]]", 1, "a table header must be followed by a new line or a comment, not ']'"),
        ("[a] b = 1", 1, "a table header must be followed by a new line or a comment, not 'b'"),
        ("[a", 1, "a table header must end with ], not the end of the file"),
        ("[a b]", 1, "a table header must end with ], not 'b'"),
        ("[[a]", 1, "a table header must end with ]], not the end of the file"),
        ("[[a] ]", 1, "a table header must end with ]], not a space"),
        ("[a.]", 1, "a dot in a key must be followed by a key, not ']'"),
        ("[a.b\n]", 1, "a table header must end with ], not the end of the line"),
    ])
    func documents(text: String, line: Int, reason: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.reason == reason)
        #expect(error.line == line)
        #expect(!error.reason.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func theKeyBeingReadIsNamed() {
        #expect(syntaxError("page_size = abc")?.key == "page_size")
        #expect(syntaxError("a.\"b c\" = [1 2]")?.key == #"a."b c""#)
        #expect(syntaxError("t = { x = 1, x = 2 }")?.key == "x")
        #expect(syntaxError("[a]\n[a]")?.key == "[a]")
        #expect(syntaxError("[[a.'b']]\n[a.b]")?.key == "[a.b]")
        #expect(syntaxError("= 1")?.key == nil)
        #expect(syntaxError("[a b]")?.key == nil)
    }

    @Test func quotedWordsAreCutShort() throws {
        let error = try #require(syntaxError("a = " + String(repeating: "9", count: 200)))
        #expect(error.reason == String(repeating: "9", count: 40) + "… does not fit in a 64-bit integer")
    }
}
