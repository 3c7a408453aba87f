import NewsModels
import Testing

@testable import Configuration

/// The config file's rules, on strings: no file system.
@Suite struct ConfigurationLoaderTests {
    let loader = ConfigurationLoader(
        displayPath: "~/.config/newsapp/config.toml", home: "/home/ada",
        directory: "/home/ada/.config/newsapp")

    @Test func anEmptyFileSetsNothing() {
        #expect(loader.load("") == ConfigurationLoader.Outcome())
        #expect(loader.load("# only a comment\n\n") == ConfigurationLoader.Outcome())
    }

    @Test func everyKeyWithAGoodValue() {
        let outcome = loader.load(
            """
            country = "GB"
            language = "de"
            page_size = 35
            theme = "light"
            layout = "split"
            split_min_columns = 140
            key_file = "/etc/newsapp/key"
            images = "off"
            retention_days = 90
            request_timeout = 20
            refresh_concurrency = 16
            host_connections = 4
            refresh_timeout = 45
            max_items_per_feed = 2000
            """)
        #expect(outcome.problems == [])
        #expect(
            outcome.configuration
                == Configuration().setting(\.country, "gb").setting(\.language, "de").setting(
                    \.pageSize, 35
                ).setting(\.theme, .light).setting(\.layout, .split).setting(\.splitMinColumns, 140)
                .setting(\.keyFile, "/etc/newsapp/key").setting(\.images, .off).setting(\.retentionDays, 90)
                .setting(\.requestTimeout, 20).setting(\.refreshConcurrency, 16).setting(
                    \.hostConnections, 4
                ).setting(\.refreshTimeout, 45).setting(\.maxItemsPerFeed, 2_000))
    }

    @Test(arguments: [
        (
            "refresh_concurrency", "0",
            "refresh_concurrency must be a whole number from 1 to 64 (found 0)"
        ),
        (
            "refresh_concurrency", "\"8\"",
            "refresh_concurrency must be a whole number from 1 to 64 (found \"8\")"
        ),
        ("host_connections", "0", "host_connections must be a whole number from 1 to 8 (found 0)"),
        ("host_connections", "9", "host_connections must be a whole number from 1 to 8 (found 9)"),
        (
            "refresh_timeout", "601",
            "refresh_timeout must be a whole number of seconds from 1 to 600 (found 601)"
        ),
        (
            "request_timeout", "0",
            "request_timeout must be a whole number of seconds from 1 to 120 (found 0)"
        ),
        (
            "request_timeout", "121",
            "request_timeout must be a whole number of seconds from 1 to 120 (found 121)"
        ),
        (
            "max_items_per_feed", "-5",
            "max_items_per_feed must be a whole number from 1 to 1000000 (found -5)"
        ),
    ])
    func feedSettingsOutOfRangeAreRefusedWithTheirLimits(key: String, value: String, message: String) {
        let outcome = loader.load("page_size = 30\n\(key) = \(value)\n")
        #expect(outcome.problems.map(\.message) == [message + "; using the default."])
        #expect(outcome.problems.map(\.line) == [2])
        #expect(outcome.configuration[\.pageSize] == 30)
    }

    @Test func newsAPIQuotaSettingsAreReadAndCheckedWithOneLineEach() {
        #expect(ConfigurationKeys.defaults[\.newsapiRefresh] == .auto)
        #expect(ConfigurationKeys.defaults[\.newsapiDailyLimit] == 100)
        let chosen = loader.load("newsapi_refresh = \"manual\"\nnewsapi_daily_limit = 250000\n")
        #expect(chosen.problems == [])
        #expect(chosen.configuration[\.newsapiRefresh] == .manual)
        #expect(chosen.configuration[\.newsapiDailyLimit] == 250_000)
        let refused = loader.load(
            "newsapi_refresh = \"sometimes\"\nnewsapi_daily_limit = 0\nnewsapi_refesh = \"auto\"\n")
        #expect(
            refused.problems.map(\.message) == [
                "newsapi_refresh must be \"auto\", \"always\" or \"manual\" (found \"sometimes\"); using the default.",
                "newsapi_daily_limit must be a whole number of requests from 1 to 10000000 (found 0); using the default.",
                "unknown key \"newsapi_refesh\" (did you mean newsapi_refresh?); ignoring it.",
            ])
        #expect(refused.problems.map(\.line) == [1, 2, 3])
        #expect(
            loader.load("newsapi_daily_limit = \"100\"\n").problems.map(\.message) == [
                "newsapi_daily_limit must be a whole number of requests from 1 to 10000000 (found \"100\"); using the "
                    + "default."
            ])
        #expect(refused.configuration[\.newsapiRefresh] == nil)
        #expect(refused.configuration[\.newsapiDailyLimit] == nil)
    }

    @Test(arguments: [
        ("page_size", "1", 1), ("page_size", "100", 100), ("split_min_columns", "40", 40),
        ("split_min_columns", "400", 400),
    ])
    func numbersAtTheLimitsAreAccepted(key: String, value: String, expected: Int) {
        let outcome = loader.load("\(key) = \(value)\n")
        #expect(outcome.problems == [])
        let stored =
            key == "page_size"
            ? outcome.configuration[\.pageSize] : outcome.configuration[\.splitMinColumns]
        #expect(stored == expected)
    }

    @Test(arguments: ["dark", "light"])
    func themes(name: String) {
        #expect(loader.load("theme = \"\(name)\"").configuration[\.theme]?.rawValue == name)
    }

    @Test(arguments: ["auto", "stack", "split"])
    func layouts(name: String) {
        #expect(loader.load("layout = \"\(name)\"").configuration[\.layout]?.rawValue == name)
    }

    @Test(arguments: ["auto", "on", "off"])
    func images(name: String) {
        #expect(loader.load("images = \"\(name)\"").configuration[\.images]?.rawValue == name)
    }

    @Test(arguments: ["auto", "on", "off"])
    func fullText(name: String) {
        let outcome = loader.load("full_text = \"\(name)\"")
        #expect(outcome.problems == [])
        #expect(outcome.configuration[\.fullText]?.rawValue == name)
    }

    @Test(arguments: [1, 30, 36_500])
    func retentionDaysAtTheLimits(days: Int) {
        let outcome = loader.load("retention_days = \(days)\n")
        #expect(outcome.problems == [])
        #expect(outcome.configuration[\.retentionDays] == days)
    }

    /// Each refused value is one line naming the key, what it must be and what was found, and
    /// leaves that key unset.
    @Test(arguments: [
        (
            "country = \"usa\"",
            "country must be a two-letter country code such as us or gb (found \"usa\"); using the default."
        ),
        (
            "country = 44",
            "country must be a two-letter country code such as us or gb (found 44); using the default."
        ),
        (
            "language = \"e1\"",
            "language must be a two-letter language code such as en or de (found \"e1\"); using the default."
        ),
        (
            "page_size = \"abc\"",
            "page_size must be a whole number from 1 to 100 (found \"abc\"); using the default."
        ),
        (
            "page_size = 0",
            "page_size must be a whole number from 1 to 100 (found 0); using the default."
        ),
        (
            "page_size = 101",
            "page_size must be a whole number from 1 to 100 (found 101); using the default."
        ),
        (
            "page_size = 2.5",
            "page_size must be a whole number from 1 to 100 (found 2.5); using the default."
        ),
        (
            "theme = \"blue\"",
            "theme must be \"auto\", \"dark\", \"light\" or \"none\" (found \"blue\"); using the default."
        ),
        (
            "theme = true",
            "theme must be \"auto\", \"dark\", \"light\" or \"none\" (found true); using the default."
        ),
        (
            "layout = \"wide\"",
            "layout must be \"auto\", \"stack\" or \"split\" (found \"wide\"); using the default."
        ),
        (
            "layout = [\"split\"]",
            "layout must be \"auto\", \"stack\" or \"split\" (found an array); using the default."
        ),
        (
            "split_min_columns = 39",
            "split_min_columns must be a whole number of at least 40 (found 39); using the default."
        ),
        (
            "images = \"always\"",
            "images must be \"auto\", \"on\" or \"off\" (found \"always\"); using the default."
        ),
        (
            "images = true", "images must be \"auto\", \"on\" or \"off\" (found true); using the default."
        ),
        (
            "full_text = \"always\"",
            "full_text must be \"auto\", \"on\" or \"off\" (found \"always\"); using the default."
        ),
        (
            "retention_days = 0",
            "retention_days must be a whole number of days from 1 to 36500 (found 0); using the default."
        ),
        (
            "retention_days = \"30\"",
            "retention_days must be a whole number of days from 1 to 36500 (found \"30\"); using the default."
        ),
        (
            "retention_days = 36501",
            "retention_days must be a whole number of days from 1 to 36500 (found 36501); using the default."
        ),
        (
            "key_file = 7",
            "key_file must be the path of a file holding the NewsAPI key (found 7); ignoring it."
        ),
        (
            "key_file = \"  \"",
            "key_file must be the path of a file holding the NewsAPI key (found \"  \"); ignoring it."
        ),
        ("browser = \"  \"", "browser must be a command (found \"  \"); ignoring it."),
        ("player = 3", "player must be a command (found 3); ignoring it."),
    ])
    func badValues(line: String, message: String) {
        let outcome = loader.load("# NewsApp\n\n" + line + "\n")
        #expect(outcome.configuration == Configuration())
        #expect(
            outcome.problems == [
                ConfigurationProblem(file: "~/.config/newsapp/config.toml", line: 3, message: message)
            ])
        #expect(
            outcome.problems.first?.description
                == "newsapp: ~/.config/newsapp/config.toml line 3: \(message)")
    }

    @Test func aBadValueLeavesTheOtherKeys() {
        let outcome = loader.load(
            """
            country = "de"
            page_size = "abc"
            theme = "light"
            """)
        #expect(
            outcome.configuration == Configuration().setting(\.country, "de").setting(\.theme, .light))
        #expect(outcome.problems.map(\.line) == [2])
    }

    @Test func unknownKeysAreIgnoredOneLineEach() {
        let outcome = loader.load(
            """
            theme = "dark"
            colour = "red"
            pagesize = 30

            [extras]
            x = 1
            """)
        #expect(outcome.configuration == Configuration().setting(\.theme, .dark))
        #expect(
            outcome.problems.map(\.description) == [
                "newsapp: ~/.config/newsapp/config.toml line 2: unknown key \"colour\"; ignoring it.",
                "newsapp: ~/.config/newsapp/config.toml line 3: unknown key \"pagesize\" (did you mean "
                    + "page_size?); ignoring it.",
                "newsapp: ~/.config/newsapp/config.toml line 5: unknown key \"extras\"; ignoring it.",
            ])
    }

    @Test func problemsComeInTheFilesOrder() {
        // Not sorted by name, as toml++ handed keys back.
        let outcome = loader.load("theme = 1\ncountry = 2\nlayout = 3\n")
        #expect(outcome.problems.map(\.line) == [1, 2, 3])
    }

    @Test func quotedAndSpacedKeysAreFoundOnTheirLine() {
        let outcome = loader.load("\n  \"theme\"   =   \"pink\"\n")
        #expect(outcome.problems.map(\.line) == [2])
    }

    // MARK: Syntax errors

    @Test func aSyntaxErrorRefusesTheWholeFileAndNamesTheLineAndKey() throws {
        let outcome = loader.load(
            """
            country = "gb"
            theme = "light"
            page_size = abc
            """)
        #expect(outcome.configuration == Configuration())
        let problem = try #require(outcome.problems.first)
        #expect(outcome.problems.count == 1)
        #expect(problem.line == 3)
        #expect(problem.message.hasPrefix("TOML syntax error in page_size at column 13: "))
        #expect(problem.message.hasSuffix("; ignoring the whole file."))
        #expect(
            problem.description.hasPrefix(
                "newsapp: ~/.config/newsapp/config.toml line 3: TOML syntax error"))
    }

    @Test func aSyntaxErrorWithoutAKeyStillHasItsLine() throws {
        let outcome = loader.load("theme = \"dark\"\n= 3\n")
        let problem = try #require(outcome.problems.first)
        #expect(problem.line == 2)
        #expect(problem.message.hasPrefix("TOML syntax error at column 1: "))
    }

    @Test func aRepeatedKeyIsASyntaxError() throws {
        let outcome = loader.load("country = \"gb\"\ncountry = \"fr\"\n")
        #expect(outcome.configuration == Configuration())
        let problem = try #require(outcome.problems.first)
        #expect(problem.line == 2)
        #expect(problem.message.hasPrefix("TOML syntax error in country at column 1: "))
    }

    @Test func anUnterminatedStringIsASyntaxError() throws {
        let outcome = loader.load("theme = \"dark\n")
        #expect(outcome.problems.first?.line == 1)
        #expect(outcome.problems.first?.message.hasPrefix("TOML syntax error in theme") == true)
    }

    @Test(arguments: [
        (
            "country = \"gb\"\npage_size = abc\n", 2,
            "TOML syntax error in page_size at column 13: abc is not a value: text goes in quotes, as in \"abc\"; "
                + "ignoring the whole file."
        ),
        (
            "a = [ }\n", 1,
            "TOML syntax error in a at column 7: an array must end with ], not }; ignoring the whole file."
        ),
        (
            "[[\n", 1,
            "TOML syntax error at column 3: a table header must name a table, as in [name]; ignoring the "
                + "whole file."
        ),
        (
            "[feeds]\n[feeds]\n", 2,
            "TOML syntax error in [feeds] at column 1: this table is already defined (line 1); ignoring "
                + "the whole file."
        ),
        (
            "when = 1979-05-27T_07:30\n", 1,
            "TOML syntax error in when at column 8: a date and time must have the time right after its "
                + "T, as in "
                + "1979-05-27T07:32:00; ignoring the whole file."
        ),
    ])
    func aSyntaxErrorIsOneSentenceWithItsLineKeyAndReason(text: String, line: Int, message: String) {
        let outcome = loader.load(text)
        #expect(outcome.configuration == Configuration())
        #expect(
            outcome.problems == [
                ConfigurationProblem(file: "~/.config/newsapp/config.toml", line: line, message: message)
            ])
    }

    @Test func aKeyInASyntaxErrorIsCleanedAndCut() throws {
        let outcome = loader.load(
            "\"\\u001b[2J\u{202E}\(String(repeating: "k", count: 100))\" = [1 2]\n")
        let problem = try #require(outcome.problems.first)
        #expect(!problem.message.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(problem.message.hasPrefix("TOML syntax error in \""))
        #expect(problem.message.count < 200)
    }

    /// Values of kinds no key takes are quoted back by their kind.
    @Test(arguments: [
        ("page_size = 1979-05-27", "a date"), ("page_size = 07:32:00", "a date"),
        ("page_size = 1979-05-27T07:32:00Z", "a date"), ("page_size = { a = 1 }", "a table"),
        ("page_size = [1]", "an array"), ("page_size = 2.5e3", "2500.0"), ("page_size = inf", "inf"),
        ("page_size = -nan", "nan"), ("page_size = false", "false"),
        ("page_size = 'literal'", "\"literal\""),
        ("page_size = \"\"\"\ntwo\nlines\"\"\"", "\"two lines\""), ("[page_size]", "a table"),
        ("page_size.x = 1", "a table"), ("[[page_size]]", "an array"),
        ("page_size = 0x7FFFFFFFFFFFFFFF", "9223372036854775807"),
    ])
    func otherKindsAreQuotedBackByName(text: String, found: String) {
        #expect(
            loader.load(text).problems.map(\.message) == [
                "page_size must be a whole number from 1 to 100 (found \(found)); using the default."
            ])
    }

    @Test func keysMayBeWrittenEveryWayTOMLAllows() {
        let outcome = loader.load(
            "\u{FEFF}\"page_size\" = 0x1F\r\n'theme' = \"light\"\r\nlayout = '''split'''\r\n")
        #expect(outcome.problems == [])
        #expect(
            outcome.configuration
                == Configuration().setting(\.pageSize, 31).setting(\.theme, .light).setting(
                    \.layout, .split))
    }

    @Test func tablesAfterTheKeysAreUnknownKeysOnTheirHeadersLines() {
        let outcome = loader.load("theme = 1\nfeeds.x = 1\n[zzz]\n[aaa.b]\n[[list]]\n[aaa]\n")
        #expect(outcome.problems.map(\.line) == [1, 2, 3, 4, 5])
        #expect(
            outcome.problems.dropFirst().map(\.message)
                == ["unknown key \"feeds\" (did you mean feed?); ignoring it."]
                + ["zzz", "aaa", "list"].map { "unknown key \"\($0)\"; ignoring it." })
    }

    /// Every document of up to four of these pieces: none may stop the process, and every one
    /// gives a configuration or problems with a line in the document (a syntax error alone).
    @Test func noSmallDocumentStopsTheProcess() {
        let pieces = ["[", "]", "=", "\n", " ", "a", "\"", "#", ".", "'"]
        var documents = [""]
        var all: [String] = []
        for _ in 1...4 {
            documents = documents.flatMap { prefix in pieces.map { prefix + $0 } }
            all += documents
        }
        var refused = 0
        for document in all {
            let outcome = loader.load(document)
            refused += outcome.problems.isEmpty ? 0 : 1
            let lines = document.count { $0 == "\n" } + 1
            for problem in outcome.problems {
                #expect(
                    problem.line.map { (1...lines).contains($0) } == true, "\(String(reflecting: document))")
            }
            if outcome.problems.contains(where: { $0.message.hasPrefix("TOML syntax error") }) {
                #expect(outcome.problems.count == 1)
            }
        }
        #expect(all.count == 11_110)
        #expect(refused > 9_000)
    }

    @Test func messagesCarryNoEscapeSequences() {
        let outcome = loader.load("theme = \"\\u001b[31mred\"\n\"\\u001b]0;x\" = 1\n")
        #expect(outcome.problems.count == 2)
        for problem in outcome.problems {
            #expect(!problem.description.unicodeScalars.contains("\u{1B}"))
        }
    }

    // MARK: key_file paths

    @Test(arguments: [
        ("~/keys/newsapi", "/home/ada/keys/newsapi"),
        ("~", "/home/ada"),
        ("/etc/newsapi-key", "/etc/newsapi-key"),
        ("newsapi-key", "/home/ada/.config/newsapp/newsapi-key"),
    ])
    func keyFilePaths(written: String, expanded: String) {
        let outcome = loader.load("key_file = \"\(written)\"")
        #expect(outcome.problems == [])
        #expect(outcome.configuration[\.keyFile] == expanded)
    }

    @Test func aTildeWithoutAHomeIsRefused() {
        let homeless = ConfigurationLoader(
            displayPath: "/etc/newsapp.toml", home: nil, directory: "/etc")
        let outcome = homeless.load("key_file = \"~/key\"")
        #expect(outcome.configuration[\.keyFile] == nil)
        #expect(
            outcome.problems.map(\.description) == [
                "newsapp: /etc/newsapp.toml line 1: key_file starts with ~ but HOME is not set; ignoring it."
            ])
    }
}
