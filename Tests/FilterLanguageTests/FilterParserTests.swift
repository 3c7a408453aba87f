import FilterLanguage
import Testing

/// Reading newsboat's filter language: its documented examples, precedence, and every way a text
/// can fail to be an expression, each one sentence naming the column.
@Suite("Filter language: reading expressions")
struct FilterParserTests {
    func parse(_ text: String) throws -> FilterExpression {
        try FilterParser.parse(text)
    }

    func failure(_ text: String) -> FilterSyntaxError? {
        do {
            _ = try FilterParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    /// The examples of newsboat's documentation (Filter Language, Killfiles, Query Feeds) that use
    /// item attributes all read, and write back as they read.
    @Test(arguments: [
        #"rssurl =~ "^https:""#,
        "age between 0:10",
        #"( author =~ "Frank" or author =~ "John" ) and ( title =~ "Linux" or title =~ "FreeBSD" )"#,
        #"title =~ "Gentoo""#,
        #"title =~ "newsboat""#,
        #"unread = "yes""#,
        #"tags # "tag1""#,
        "( unread_count > 0 and unread_count < 10 ) or total_count > 100",
        "unread_count > 0",
    ])
    func newsboatsExamplesRead(_ text: String) throws {
        let expression = try parse(text)
        #expect(try parse(expression.written) == expression)
    }

    @Test func andAndOrApplyFromLeftToRightAsInNewsboat() throws {
        // newsboat 2.21 with ignore-article: `a or b and c` ignores what (a or b) and c matches.
        let a = try parse(#"title =~ "a""#)
        let b = try parse(#"title =~ "b""#)
        let c = try parse(#"title =~ "c""#)
        #expect(try parse(#"title =~ "a" or title =~ "b" and title =~ "c""#) == .all([.any([a, b]), c]))
        #expect(try parse(#"title =~ "a" and title =~ "c" or title =~ "b""#) == .any([.all([a, c]), b]))
        #expect(try parse(#"title =~ "a" or (title =~ "b" and title =~ "c")"#) == .any([a, .all([b, c])]))
        #expect(try parse(#"title =~ "a" and title =~ "b" and title =~ "c""#) == .all([a, b, c]))
        let mixed = try parse(#"title =~ "a" or title =~ "b" and title =~ "c""#)
        #expect(mixed.written == #"title =~ "a" or title =~ "b" and title =~ "c""#)
        #expect(try parse(mixed.written) == mixed)
        let grouped = try parse(#"title =~ "a" and (title =~ "b" or title =~ "c")"#)
        #expect(try parse(grouped.written) == grouped)
    }

    @Test func everyOperatorReads() throws {
        let operators: [(String, FilterOperator)] = [
            ("=", .equal), ("==", .equal), ("!=", .notEqual), ("=~", .matches), ("!~", .doesNotMatch),
            ("<", .less), (">", .greater), ("<=", .lessOrEqual), (">=", .greaterOrEqual), ("#", .contains),
            ("!#", .doesNotContain),
        ]
        for (written, op) in operators {
            let expression = try parse("title \(written) \"x\"")
            #expect(expression.conditions.first?.op == op, "\(written)")
        }
        #expect(try parse("age between 1:2").conditions.first?.op == .between)
        #expect(try parse("age BETWEEN 1:2").conditions.first?.op == .between)
    }

    @Test func everyAttributeReads() throws {
        for attribute in FilterAttribute.allCases {
            let expression = try parse("\(attribute.name) = \"x\"")
            #expect(expression.conditions.first?.attribute == attribute)
        }
        #expect(try parse(#"feedurl = "x""#).conditions.first?.attribute == .feedURL)
        #expect(try parse(#"TITLE = "x""#).conditions.first?.attribute == .title)
    }

    @Test func valuesReadAsNewsboatReadsThem() throws {
        let values = try parse(
            #"title = "a \"quoted\" \\ word \." and age = 0042 and age > -3 and age between 10:2"#
        )
        .conditions.map(\.value)
        #expect(values[0] == FilterValue(text: #"a "quoted" \ word \."#, kind: .text))
        #expect(values[1] == FilterValue(text: "0042", kind: .number))
        #expect(values[2] == FilterValue(text: "-3", kind: .number))
        #expect(values[3] == FilterValue(text: "10:2", kind: .range(10, 2)))
        // No blank is needed before `and` or `or`, as in newsboat.
        #expect(try parse(#"age = 42and title = "x""#).conditions.count == 2)
        #expect(try parse(#"title = "42"or title = "x""#).conditions.count == 2)
    }

    @Test func malformedExpressionsAreOneSentenceNamingTheColumn() {
        let cases: [(String, Int, String)] = [
            ("", 1, "there is no condition"),
            ("   ", 1, "there is no condition"),
            (#"titl =~ "x""#, 1, "“titl” is not an attribute (did you mean title?)"),
            (#"description =~ "x""#, 1, "description is a newsboat attribute NewsApp cannot offer"),
            (#"title "x""#, 7, "an operator"),
            ("title =~", 9, "a value should follow =~"),
            ("title = yes", 9, #"text must be in double quotes: "yes""#),
            (#"title = "open"#, 9, #"this " is never closed"#),
            (#"(title = "x""#, 1, "this ( is never closed"),
            (#"title = "x")"#, 12, "there is a ) with no ( before it"),
            (#"title = "x" title = "y""#, 13, "and or or should join two conditions"),
            (#"title = "x" and"#, 16, "a condition should follow and"),
            (#"and title = "x""#, 1, "a condition should come before and"),
            (#"title =~ "[[""#, 10, "is not a usable regular expression"),
            (#"title =~ "(a)\1""#, 10, "back-references"),
            (#"title =~ "((a{1000}){1000}){1000}""#, 10, "repetition counts are too large"),
            ("age between 3", 13, "between needs a range such as 1:10"),
            (#"title = "x" and ()"#, 18, "a condition should come before this )"),
            (#"title ! "x""#, 7, "an operator"),
            // Found by Scripts/fuzz (filter-language): what the input holds is quoted on one line.
            ("title =~ \"(!ax\n)[n\"", 10, #""(!ax\n)[n" is not a usable regular expression"#),
            ("\u{1B}[2J title = \"x\"", 1, #"such as title, not “\u{1B}”"#),
            ("title = \"x\" and \u{7}", 17, #"not “\u{7}”"#),
            ("title = \"\u{0}Nv\"", 9, "text cannot hold a NUL character"),
            // Found by Scripts/fuzz (newsboat-config, filter-language): shapes the C library
            // compiles in exponential time are refused before it sees them.
            (#"title =~ "spo+++++++++++++++++++++rt""#, 10, "two repetition symbols follow one another"),
            (#"title =~ "x.*?y""#, 10, "two repetition symbols follow one another"),
            (#"title =~ "a{1,2}{1,2}""#, 10, "two repetition symbols follow one another"),
            (#"title =~ "(((((a+)+)+)+)+)""#, 10, "its repetitions nest more than 4 deep"),
            ("author # \"a\u{0}\"", 10, "text cannot hold a NUL character"),
        ]
        for (text, column, problem) in cases {
            let error = failure(text)
            #expect(error?.column == column, "\(text): \(error?.sentence ?? "read")")
            #expect(error?.sentence.contains(problem) == true, "\(text): \(error?.sentence ?? "read")")
            #expect(error?.sentence.hasPrefix("At column \(column) of the filter, ") == true)
            #expect(error?.sentence.hasSuffix(".") == true)
            #expect(error?.sentence.contains("\n") == false)
        }
    }

    @Test func tenThousandOpenParenthesesAreASentence() {
        let deep =
            String(repeating: "(", count: 10_000) + #"title = "x""# + String(repeating: ")", count: 10_000)
        let error = failure(deep)
        #expect(error?.column == FilterParser.maximumNesting + 1)
        #expect(error?.sentence.contains("parentheses nest more than") == true)
    }

    @Test func longMixedChainsAndManyConditionsAreBounded() {
        // Each change between and and or adds a level to the tree.
        let alternating = (0..<200).map { #"title = "\#($0)""# }.enumerated().map { index, condition in
            index == 0 ? condition : (index % 2 == 0 ? " and " : " or ") + condition
        }.joined()
        #expect(failure(alternating)?.sentence.contains("nests more than") == true)
        let flat = Array(repeating: #"title = "x""#, count: 1_001).joined(separator: " or ")
        #expect(failure(flat)?.sentence.contains("more than 1000 conditions") == true)
        let fine = Array(repeating: #"title = "x""#, count: 1_000).joined(separator: " or ")
        #expect(failure(fine) == nil)
        #expect(failure(String(repeating: "x", count: 70_000))?.sentence.contains("longer than") == true)
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(failure(#"title = "é" tit"#)?.column == 13)
    }
}
