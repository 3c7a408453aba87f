import Testing

@testable import NewsApp

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
            refresh_timeout = 45
            max_items_per_feed = 2000
            """)
        #expect(outcome.problems == [])
        #expect(
            outcome.configuration
                == Configuration(
                    country: "gb", language: "de", pageSize: 35, theme: .light, layout: .split,
                    splitMinColumns: 140, keyFile: "/etc/newsapp/key", images: .off, retentionDays: 90,
                    requestTimeout: 20, refreshConcurrency: 16, refreshTimeout: 45, maxItemsPerFeed: 2_000))
    }

    @Test(arguments: [
        ("refresh_concurrency", "0", "refresh_concurrency must be a whole number from 1 to 64 (found 0)"),
        (
            "refresh_concurrency", "\"8\"",
            "refresh_concurrency must be a whole number from 1 to 64 (found \"8\")"
        ),
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
        #expect(outcome.configuration.pageSize == 30)
    }

    @Test func feedSettingsDefaultWhenAbsent() {
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:], file: loader.load("").configuration)
        #expect(
            settings.feeds
                == FeedSettings(concurrency: 8, timeout: 30, maxItemsPerFeed: 500, refreshInterval: 30))
        let chosen = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:],
            file: loader.load("refresh_concurrency = 3\nmax_items_per_feed = 50\nrefresh_interval = 120")
                .configuration)
        #expect(
            chosen.feeds
                == FeedSettings(concurrency: 3, timeout: 30, maxItemsPerFeed: 50, refreshInterval: 120))
    }

    @Test(arguments: [
        ("page_size", "1", 1), ("page_size", "100", 100), ("split_min_columns", "40", 40),
        ("split_min_columns", "400", 400),
    ])
    func numbersAtTheLimitsAreAccepted(key: String, value: String, expected: Int) {
        let outcome = loader.load("\(key) = \(value)\n")
        #expect(outcome.problems == [])
        let stored =
            key == "page_size" ? outcome.configuration.pageSize : outcome.configuration.splitMinColumns
        #expect(stored == expected)
    }

    @Test(arguments: ["dark", "light"])
    func themes(name: String) {
        #expect(loader.load("theme = \"\(name)\"").configuration.theme?.rawValue == name)
    }

    @Test(arguments: ["auto", "stack", "split"])
    func layouts(name: String) {
        #expect(loader.load("layout = \"\(name)\"").configuration.layout?.rawValue == name)
    }

    @Test(arguments: ["auto", "on", "off"])
    func images(name: String) {
        #expect(loader.load("images = \"\(name)\"").configuration.images?.rawValue == name)
    }

    @Test(arguments: ["auto", "on", "off"])
    func fullText(name: String) {
        let outcome = loader.load("full_text = \"\(name)\"")
        #expect(outcome.problems == [])
        #expect(outcome.configuration.fullText?.rawValue == name)
    }

    @Test(arguments: [1, 30, 36_500])
    func retentionDaysAtTheLimits(days: Int) {
        let outcome = loader.load("retention_days = \(days)\n")
        #expect(outcome.problems == [])
        #expect(outcome.configuration.retentionDays == days)
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
        ("page_size = 0", "page_size must be a whole number from 1 to 100 (found 0); using the default."),
        ("page_size = 101", "page_size must be a whole number from 1 to 100 (found 101); using the default."),
        ("page_size = 2.5", "page_size must be a whole number from 1 to 100 (found 2.5); using the default."),
        ("theme = \"blue\"", "theme must be \"dark\" or \"light\" (found \"blue\"); using the default."),
        ("theme = true", "theme must be \"dark\" or \"light\" (found true); using the default."),
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
        ("images = true", "images must be \"auto\", \"on\" or \"off\" (found true); using the default."),
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
        #expect(outcome.configuration == Configuration(country: "de", theme: .light))
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
        #expect(outcome.configuration == Configuration(theme: .dark))
        #expect(
            outcome.problems.map(\.description) == [
                "newsapp: ~/.config/newsapp/config.toml line 2: unknown key \"colour\"; ignoring it.",
                "newsapp: ~/.config/newsapp/config.toml line 3: unknown key \"pagesize\" (did you mean "
                    + "page_size?); ignoring it.",
                "newsapp: ~/.config/newsapp/config.toml line 5: unknown key \"extras\"; ignoring it.",
            ])
    }

    @Test func problemsComeInTheFilesOrder() {
        // toml++ hands keys back sorted by name; the lines must not be.
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
        #expect(problem.message.hasPrefix("TOML syntax error in page_size: "))
        #expect(problem.message.hasSuffix("; ignoring the whole file."))
        #expect(
            problem.description.hasPrefix("newsapp: ~/.config/newsapp/config.toml line 3: TOML syntax error"))
    }

    @Test func aSyntaxErrorWithoutAKeyStillHasItsLine() throws {
        let outcome = loader.load("theme = \"dark\"\n= 3\n")
        let problem = try #require(outcome.problems.first)
        #expect(problem.line == 2)
        #expect(problem.message.hasPrefix("TOML syntax error: "))
    }

    @Test func aRepeatedKeyIsASyntaxError() throws {
        let outcome = loader.load("country = \"gb\"\ncountry = \"fr\"\n")
        #expect(outcome.configuration == Configuration())
        let problem = try #require(outcome.problems.first)
        #expect(problem.line == 2)
        #expect(problem.message.hasPrefix("TOML syntax error in country: "))
    }

    @Test func anUnterminatedStringIsASyntaxError() throws {
        let outcome = loader.load("theme = \"dark\n")
        #expect(outcome.problems.first?.line == 1)
        #expect(outcome.problems.first?.message.hasPrefix("TOML syntax error in theme") == true)
    }

    /// Headers on which toml++ 3.4 asserts and aborts the process (marzer/tomlplusplus#301).
    @Test(arguments: [
        ("[[", 1), ("[[[", 1), ("[[[a]]]", 1), ("[[[]]", 1), ("[[=", 1), ("[=", 1), ("[\n", 1),
        ("[[\t\n", 1), ("theme = \"dark\"\n\n[.a]\n", 3), ("# [[\nx = [\n  [1],\n]\n[[[b]]]\n", 5),
        // Found by Scripts/fuzz (config-file): after a byte order mark.
        ("\u{FEFF}[\u{FFFD}c]\n", 1),
    ])
    func aHeaderWithoutANameIsASyntaxErrorNotACrash(text: String, line: Int) throws {
        let outcome = loader.load(text)
        #expect(outcome.configuration == Configuration())
        let problem = try #require(outcome.problems.first)
        #expect(outcome.problems.count == 1)
        #expect(problem.line == line)
        #expect(problem.message.hasPrefix("TOML syntax error"))
        #expect(problem.message.hasSuffix("; ignoring the whole file."))
    }

    @Test func headersInsideStringsArraysAndCommentsAreNotHeaders() {
        let text = #"""
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
        #expect(TOMLAbortCheck.firstAbort(in: text) == nil)
        #expect(TOMLAbortCheck.firstAbort(in: "[ [a]]\n[]\n[[]]\n") == nil)
    }

    /// Found by Scripts/fuzz (config-file): toml++ 3.4 reads these values as dates and times and
    /// asserts, aborting the process, when the T is not followed by a digit.
    @Test(arguments: [
        ("when = 1979-05-27T\u{E9}07:30\n", 1), ("a = 1\nwhen = 1979-05-27T_07:30\n", 2),
        ("t = { a = 1979-05-27t:07:30 }\n", 1), ("x = [\n  1979-05-27T07:30,\n  1979-05-27T+07:30,\n]\n", 3),
    ])
    func aDateWhoseTimeDoesNotStartAfterItsTIsASyntaxErrorNotACrash(text: String, line: Int) throws {
        let outcome = loader.load(text)
        let problem = try #require(outcome.problems.first)
        #expect(outcome.problems.count == 1)
        #expect(problem.line == line)
        #expect(
            problem.message.hasPrefix(
                "TOML syntax error: a date and time must have the time right after its T"))
    }

    /// Found by Scripts/fuzz (config-file): toml++ 3.4 asserts, aborting the process, on a `}`
    /// where an array's next value should be.
    @Test(arguments: [("a = [ }\n", 1), ("a = [[}\n", 1), ("x = 1\na = [1, # c\n }\n", 3)])
    func aBraceInAnArrayIsASyntaxErrorNotACrash(text: String, line: Int) throws {
        let outcome = loader.load(text)
        let problem = try #require(outcome.problems.first)
        #expect(outcome.problems.count == 1)
        #expect(problem.line == line)
        #expect(
            problem.message == "TOML syntax error: an array must end with ], not }; ignoring the whole file.")
        #expect(TOMLAbortCheck.firstAbort(in: "a = [ ]\nb = [[1], {}]\nc = { d = [1] }\ne = }\n") == nil)
    }

    @Test func keysAndGoodDatesAreNotTakenForBrokenDates() {
        let text = """
            1979-05-27T_x = 1
            [1979-05-27T_table]
            t = { 1979-05-27T_y = 2, when = 1979-05-27T07:32:00Z }
            d = [1979-05-27, 1979-05-27 07:32:00, "1979-05-27T_"] # 1979-05-27T_
            """
        #expect(TOMLAbortCheck.firstAbort(in: text) == nil)
    }

    /// Every document of up to four of these pieces: none may stop the process, and every one
    /// gives a configuration or problems with a line.
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
        #expect(outcome.configuration.keyFile == expanded)
    }

    @Test func aTildeWithoutAHomeIsRefused() {
        let homeless = ConfigurationLoader(displayPath: "/etc/newsapp.toml", home: nil, directory: "/etc")
        let outcome = homeless.load("key_file = \"~/key\"")
        #expect(outcome.configuration.keyFile == nil)
        #expect(
            outcome.problems.map(\.description) == [
                "newsapp: /etc/newsapp.toml line 1: key_file starts with ~ but HOME is not set; ignoring it."
            ])
    }
}
