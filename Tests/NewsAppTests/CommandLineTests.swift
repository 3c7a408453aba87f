import Configuration
import Foundation
import Networking
import NewsAPIStub
import NewsModels
import SampleEdition
import Testing

/// `newsapp` end to end: the built binary, run as a subprocess with its own HOME and XDG
/// directories, no NEWSAPI_KEY and COLUMNS=80. Standard output is a pipe in every test, so no
/// output may hold an escape sequence.
@Suite(.timeLimit(.minutes(10)))
struct CommandLineTests {
    let sandbox: Sandbox
    let edition: SampleEdition

    init() throws {
        sandbox = try Sandbox()
        edition = try SampleEdition.bundled()
    }

    // MARK: headlines

    @Test func headlinesFromTheSampleEdition() async throws {
        let run = try await sandbox.run(["headlines"])
        #expect(run.status == 0)
        #expect(run.err == "")
        #expect(!run.containsEscape)
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Top headlines · All categories · 20 of 84 articles · sample edition")
        #expect(lines.dropFirst().first == "")
        #expect(lines.contains { $0.hasPrefix(" 1  ") })
        #expect(lines.contains { $0.hasPrefix("20  ") })
        #expect(!lines.contains { $0.hasPrefix("21  ") })
        #expect(lines.allSatisfy { $0.hasPrefix("    https://") || $0.count <= 80 })
        // Each article: its number and title, then source · age, then its address.
        let first = edition.entries[0].article
        let titleLine = try #require(lines.firstIndex { $0.hasPrefix(" 1  ") })
        #expect(lines[titleLine].hasPrefix(" 1  " + first.title.prefix(20)))
        let meta = try #require(
            lines[(titleLine + 1)...].first { !$0.hasPrefix("    https://") && $0.contains(" · ") })
        #expect(meta == "    \(first.source.name) · 17 minutes ago")
        #expect(lines.contains("    " + first.url.absoluteString))
        #expect(lines.last(where: { !$0.isEmpty }) == "More with --page 2.")
    }

    @Test func headlinesOfOneCategory() async throws {
        let science = edition.entries.filter { $0.category == .science }
        let run = try await sandbox.run(["headlines", "--category", "science"])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("Top headlines · Science · \(science.count) of \(science.count) articles"))
        for entry in science {
            #expect(run.out.contains(entry.article.url.absoluteString))
        }
        #expect(!run.out.contains("More with --page"))
        #expect(!run.containsEscape)
    }

    @Test func headlinesPageTwoNumbersOn() async throws {
        let run = try await sandbox.run(["headlines", "--page", "2"])
        #expect(run.status == 0)
        #expect(
            run.out.hasPrefix("Top headlines · All categories · 20 of 84 articles · page 2 · sample edition"))
        #expect(run.out.contains("\n21  "))
        #expect(run.out.contains("\n40  "))
        #expect(!run.out.contains("\n 1  "))
        #expect(run.out.contains(edition.entries[20].article.url.absoluteString))
        #expect(!run.out.contains(edition.entries[19].article.url.absoluteString))
    }

    @Test func headlinesAsJSON() async throws {
        let run = try await sandbox.run(["headlines", "--json"])
        #expect(run.status == 0)
        #expect(run.err == "")
        #expect(!run.containsEscape)
        let document = try JSONDecoder().decode(Document.self, from: run.stdout)
        #expect(document.page == 1)
        #expect(document.pageSize == 20)
        #expect(document.totalResults == 84)
        #expect(document.articles.count == 20)
        #expect(document.query == ["endpoint": "top-headlines"])
        #expect(document.articles.map(\.url) == edition.entries.prefix(20).map(\.article.url))
        // Pretty-printed, sorted keys, NewsAPI's names.
        #expect(run.out.hasPrefix("{\n  \"articles\" : [\n"))
        #expect(run.out.contains("\"urlToImage\" : "))
        #expect(run.out.contains("\"description\" : "))
    }

    @Test func headlinesPageSizeAndCategoryAsJSON() async throws {
        let run = try await sandbox.run(["headlines", "--json", "--category", "sports", "--page-size", "5"])
        let document = try JSONDecoder().decode(Document.self, from: run.stdout)
        #expect(document.query == ["endpoint": "top-headlines", "category": "sports"])
        #expect(document.pageSize == 5)
        #expect(document.articles.count == 5)
        #expect(document.totalResults == edition.entries.filter { $0.category == .sports }.count)
    }

    @Test func aPagePastTheEndSaysSo() async throws {
        let run = try await sandbox.run(["headlines", "--page", "9"])
        #expect(run.status == 0)
        #expect(run.out.contains("Page 9 is past the end: there are 84 articles on 5 pages."))
    }

    // MARK: search

    @Test func searchPrintsInARelevancyOrder() async throws {
        let expected = try await SampleNewsService(edition: edition).search(
            SearchRequest(query: "mars", sortBy: .relevancy))
        let run = try await sandbox.run(["search", "mars", "--sort", "relevancy", "--print"])
        #expect(run.status == 0)
        #expect(run.err == "")
        #expect(
            run.out.hasPrefix(
                "Search “mars” · sorted by relevancy · \(expected.articles.count) of \(expected.totalResults) "
                    + "articles · sample edition\n"))
        let printed = run.out.split(separator: "\n").filter { $0.hasPrefix("   https://") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(printed == expected.articles.map(\.url.absoluteString))
        #expect(!run.containsEscape)
    }

    @Test func searchWithoutATerminalPrintsEvenWithoutPrint() async throws {
        // Standard input is /dev/null, so the deep link does not start the app.
        let run = try await sandbox.run(["search", "mars", "rover"])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("Search “mars rover” · sorted by newest · 3 of 3 articles"))
        #expect(!run.out.contains("news ›"))
    }

    @Test func searchWithNoMatch() async throws {
        let run = try await sandbox.run(["search", "zyzzyvaquux", "--print"])
        #expect(run.status == 0)
        #expect(run.err == "")
        #expect(run.out.contains("\nNo articles match “zyzzyvaquux”.\n"))
    }

    @Test func searchAsJSON() async throws {
        let run = try await sandbox.run([
            "search", "mars", "--json", "--sort", "popularity", "--page-size", "2",
        ])
        #expect(run.status == 0)
        let document = try JSONDecoder().decode(Document.self, from: run.stdout)
        #expect(document.query == ["endpoint": "everything", "q": "mars", "sortBy": "popularity"])
        #expect(document.articles.count == 2)
        #expect(document.totalResults == 5)
    }

    // MARK: A NewsAPI-compatible server

    @Test func headlinesFromTheServer() async throws {
        try await withRunningStub { stub in
            let run = try await sandbox.run(
                ["headlines", "--json", "--country", "gb"],
                extra: stub.environment)
            #expect(run.status == 0)
            #expect(run.err == "")
            let request = try #require(stub.server.lastRequest)
            #expect(request.path == "/v2/top-headlines")
            #expect(request.query("country") == "gb")
            #expect(request.query("pageSize") == "20")
            #expect(request.header("X-Api-Key") == "test-key")
            let document = try JSONDecoder().decode(Document.self, from: run.stdout)
            #expect(document.query == ["endpoint": "top-headlines", "country": "gb"])
            #expect(document.articles.count == 20)
            #expect(!run.out.contains("test-key"))
        }
    }

    @Test func liveNewsIsNotTheSampleEdition() async throws {
        try await withRunningStub { stub in
            let run = try await sandbox.run(
                ["search", "mars", "--print", "--language", "en"],
                extra: stub.environment)
            #expect(run.status == 0)
            #expect(run.out.hasPrefix("Search “mars” · sorted by newest · 5 of 5 articles\n"))
            #expect(stub.server.lastRequest?.path == "/v2/everything")
            #expect(stub.server.lastRequest?.query("language") == "en")
            #expect(stub.server.lastRequest?.query("q") == "mars")
        }
    }

    @Test func aRejectedKeyIsOneSentenceAndExitStatusOne() async throws {
        let key = "wrong-key-3f9c2a7b"
        try await withRunningStub { stub in
            let run = try await sandbox.run(
                ["headlines"],
                extra: ["NEWSAPI_BASE_URL": stub.server.baseURL.absoluteString, "NEWSAPI_KEY": key])
            #expect(run.status == 1)
            #expect(run.out == "")
            #expect(
                run.err
                    == "newsapp: NewsAPI rejected the key (apiKeyInvalid). Set NEWSAPI_KEY to a valid key.\n")
            #expect(!run.out.contains(key) && !run.err.contains(key))
            #expect(stub.requestCount == 1)
        }
    }

    @Test func theKeyFileIsUsedAndNeverPrinted() async throws {
        try sandbox.directory.write("test-key\n", to: "newsapi-key", permissions: 0o644)
        try sandbox.writeConfig("key_file = \"~/newsapi-key\"\n")
        try await withRunningStub { stub in
            let run = try await sandbox.run(
                ["headlines", "--page-size", "3"],
                extra: ["NEWSAPI_BASE_URL": stub.server.baseURL.absoluteString])
            #expect(run.status == 0)
            #expect(run.out.hasPrefix("Top headlines · All categories · 3 of 84 articles\n"))
            #expect(stub.server.lastRequest?.header("X-Api-Key") == "test-key")
            // Readable by others: used, with a warning like ssh's.
            #expect(
                run.err
                    == "newsapp: warning: the key file ~/newsapi-key is open to other users (permissions 0644); "
                    + "chmod 600 it.\n")
            #expect(!run.out.contains("test-key") && !run.err.contains("test-key"))
        }
    }

    @Test func newsAPIKeyBeatsTheKeyFile() async throws {
        try sandbox.directory.write("key-from-file\n", to: "newsapi-key", permissions: 0o600)
        try sandbox.writeConfig("key_file = \"~/newsapi-key\"\n")
        try await withRunningStub { stub in
            let run = try await sandbox.run(
                ["headlines"],
                extra: stub.environment)
            #expect(run.status == 0)
            #expect(stub.server.lastRequest?.header("X-Api-Key") == "test-key")
        }
    }

    @Test func aMissingKeyFileFallsBackToTheSampleEdition() async throws {
        try sandbox.writeConfig("key_file = \"~/no-such-key\"\n")
        let run = try await sandbox.run(["headlines", "--page-size", "1"])
        #expect(run.status == 0)
        #expect(
            run.err
                == "newsapp: cannot read the key file ~/no-such-key (no such file or directory); "
                + "using the sample edition.\n")
        #expect(run.out.hasPrefix("Top headlines · All categories · 1 of 84 articles · sample edition\n"))
    }

    @Test func textFromTheServerCannotDriveTheTerminal() async throws {
        let hostile = Data(
            #"""
            {"status":"ok","totalResults":1,"articles":[{
              "source":{"id":null,"name":"Evil\u001b[2J News\u009b31m"},
              "author":null,
              "title":"Breaking\u001b]52;c;SGVsbG8=\u0007 news\u001b[31m in red\u202e gnp.exe",
              "description":"\u001bP+q\u001b\\ payload",
              "url":"https://example.org/story",
              "urlToImage":null,
              "publishedAt":"2026-11-22T10:00:00Z",
              "content":null}]}
            """#.utf8)
        let options = NewsAPIStubServer.Options(fault: NewsAPIStubServer.Fault(status: 200, body: hostile))
        try await withRunningStub(options) { stub in
            let environment = stub.environment
            let plain = try await sandbox.run(["headlines"], extra: environment)
            #expect(plain.status == 0)
            #expect(plain.out.contains("Breaking news in red gnp.exe"))
            #expect(plain.out.contains("Evil News"))
            #expect(!plain.containsEscape)
            #expect(
                !plain.out.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" })

            let json = try await sandbox.run(["headlines", "--json"], extra: environment)
            #expect(json.status == 0)
            #expect(!json.containsEscape)
            #expect(
                !json.out.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" })
            // Cleaned as the screen cleans it: a program reading the JSON may print it.
            let document = try JSONDecoder().decode(Document.self, from: json.stdout)
            #expect(document.articles.first?.title == "Breaking news in red gnp.exe")
        }
    }

    // MARK: The config file

    @Test func aMalformedConfigIsOneLineAndOutputStillComes() async throws {
        try sandbox.writeConfig("# NewsApp\ntheme = \"light\"\npage_size = abc\n")
        let run = try await sandbox.run(["headlines"])
        #expect(run.status == 0)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix(
                "newsapp: ~/.config/newsapp/config.toml line 3: TOML syntax error in page_size") == true)
        #expect(lines.first?.hasSuffix("; ignoring the whole file.") == true)
        #expect(run.out.hasPrefix("Top headlines · All categories · 20 of 84 articles"))
    }

    @Test func aBadValueIsIgnoredAndTheRestIsUsed() async throws {
        try sandbox.writeConfig("page_size = 4\ntheme = \"blue\"\n")
        let run = try await sandbox.run(["headlines"])
        #expect(run.status == 0)
        #expect(
            run.err
                == "newsapp: ~/.config/newsapp/config.toml line 2: theme must be \"auto\", \"dark\", \"light\" or \"none\" "
                + "(found \"blue\"); using the default.\n")
        #expect(run.out.hasPrefix("Top headlines · All categories · 4 of 84 articles"))
    }

    @Test func theCommandLineBeatsTheConfigFile() async throws {
        try sandbox.writeConfig("page_size = 4\n")
        let run = try await sandbox.run(["headlines", "--page-size", "6"])
        #expect(run.out.hasPrefix("Top headlines · All categories · 6 of 84 articles"))
    }

    @Test func xdgConfigHomeIsWhereTheConfigLives() async throws {
        try sandbox.directory.write("page_size = 2\n", to: "elsewhere/newsapp/config.toml")
        let run = try await sandbox.run(
            ["headlines"], extra: ["XDG_CONFIG_HOME": sandbox.home + "/elsewhere"])
        #expect(run.out.hasPrefix("Top headlines · All categories · 2 of 84 articles"))
    }

    // MARK: The app through a pipe

    @Test func theAppReadsCommandsFromAPipe() async throws {
        try sandbox.writeConfig("page_size = 3\ntheme = \"light\"\nlayout = \"stack\"\n")
        let run = try await sandbox.run([], input: "2\nq\n")
        #expect(run.status == 0)
        #expect(run.err == "")
        #expect(
            run.out.hasPrefix("Sample edition · for live news, set NEWSAPI_KEY (free key at newsapi.org)\n"))
        // The front page: the sample edition's seven categories, three headlines each (of the three
        // fetched), then the second story opened.
        #expect(run.out.contains("\nFront page · "))
        #expect(run.out.contains("\nBusiness · 3 unread\n"))
        #expect(run.out.contains("\nTechnology · 3 unread\n"))
        let business = edition.entries.filter { $0.category == .business }.map(\.article.title)
        let opened = try #require(run.out.range(of: "news › Front page › 2\n"))
        #expect(run.out[opened.upperBound...].contains("\n" + business[1] + "\n"))
        #expect(!run.containsEscape)
    }

    @Test func datesAreShownInTheLocalTimeOfTZ() async throws {
        // POSIX TZ strings need no zoneinfo file; half an hour shows a mistake in minutes too.
        // Foundation's TimeZone.current would say GMT here: the binary links no ICU.
        func shown(_ zone: String) async throws -> Date {
            let run = try await sandbox.run([], extra: ["TZ": zone], input: "1\nq\n")
            #expect(run.status == 0)
            let match = try #require(
                run.out.firstMatch(
                    of: /ago · [A-Z][a-z]{2} ([0-9]{1,2}) ([A-Z][a-z]{2}) ([0-9]{4}) ([0-9]{2}):([0-9]{2})/),
                "no date in \(run.out)")
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0)!
            let components = DateComponents(
                year: Int(match.3), month: (months.firstIndex(of: String(match.2)) ?? -1) + 1,
                day: Int(match.1),
                hour: Int(match.4), minute: Int(match.5))
            return try #require(calendar.date(from: components))
        }
        let started = Date()
        let utc = try await shown("UTC0")
        let east = try await shown("XYZ-5:30")
        let west = try await shown("ABC+7")
        // The sample edition is dated from the moment it runs, and the runs wait for each other
        // (and for a process slot on a loaded machine): a later run's dates are later by up to the
        // time the three took, plus the minute the display rounds to.
        let drift = Date().timeIntervalSince(started) + 60
        #expect((-60...drift).contains(east.timeIntervalSince(utc) - 5.5 * 3600))
        #expect((-60...drift).contains(west.timeIntervalSince(utc) + 7 * 3600))
    }

    @Test func theSearchOptionStartsTheAppAtTheResults() async throws {
        let run = try await sandbox.run(["--search", "mars rover", "--sort", "relevancy"], input: "q\n")
        #expect(run.status == 0)
        #expect(run.out.contains("Search “mars rover” · sorted by relevancy"))
        #expect(!run.containsEscape)
    }

    // MARK: Usage

    @Test func version() async throws {
        let run = try await sandbox.run(["--version"])
        #expect(run.status == 0)
        #expect(run.out == NewsAppVersion.current + "\n")
    }

    @Test func help() async throws {
        let run = try await sandbox.run(["--help"])
        #expect(run.status == 0)
        for text in [
            "--theme <theme>", "--country <code>", "headlines", "search <words>", "config.toml", "--offline",
            "--images <when>", "cache", "retention_days", "news.sqlite", "feeds", "refresh", "--feed <name>",
            "--tag <tag>", "refresh_interval", "max_items_per_feed", "newsapi_refresh = \"auto\"",
            "newsapi_daily_limit = 100",
        ] {
            #expect(run.out.contains(text))
        }
        #expect(!run.containsEscape)
        #expect(
            run.out.hasSuffix(
                "SOURCES:\n  Sources in use: the bundled sample edition (no NewsAPI key and no feeds).\n"))
    }

    /// A 200,000-character line piped in is neither echoed whole nor run.
    @Test func aVeryLongPipedLineIsRefusedAndNotEchoed() async throws {
        let paste = "/" + String(repeating: "x", count: 200_000)
        let run = try await sandbox.run([], input: paste + "\nq\n")
        #expect(run.status == 0)
        #expect(
            run.out.contains(
                " › …\nThat line is 195 KiB long: commands are at most 4 KiB, so it was not run.\n"))
        #expect(run.out.count < 20_000)
    }

    @Test func helpSaysWhichSourcesAreInUse() async throws {
        try sandbox.directory.write(
            "https://a.example/feed.xml\nhttps://b.example/feed.xml tech\n", to: ".config/newsapp/urls")
        let feeds = try await sandbox.run(["--help"])
        #expect(
            feeds.out.hasSuffix(
                "Sources in use: 2 feeds (~/.config/newsapp/urls); with no NewsAPI key, the feeds are the "
                    + "edition.\n"))
        let both = try await sandbox.run(["--help"], extra: ["NEWSAPI_KEY": "0123456789abcdef0123"])
        #expect(
            both.out.hasSuffix(
                "Sources in use: NewsAPI (the us edition) and 2 feeds (~/.config/newsapp/urls).\n"))
        #expect(!both.out.contains("0123456789abcdef0123"))
    }

    @Test(arguments: [["--feed", "a", "--tag", "b"], ["--search", "x", "--feed", "a"], ["--tag", " "]])
    func startingPlacesAreOneAtATime(arguments: [String]) async throws {
        let run = try await sandbox.run(arguments)
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
    }

    @Test(arguments: [
        ["headlines", "--category", "weather"],
        ["--category", "weather"],
        ["headlines", "--page", "0"],
        ["headlines", "--page-size", "101"],
        ["headlines", "--country", "usa"],
        ["headlines", "--theme", "blue"],
        ["search"],
        ["search", "mars", "--sort", "oldest"],
        ["headlines", "--open", "2"],
        ["headlines", "--sort", "newest"],
        ["search", "mars", "--category", "science"],
        ["--split-min-columns", "20"],
        ["--frobnicate"],
        ["--images", "sometimes"],
        ["headlines", "--images", "yes"],
    ])
    func usageErrorsExitWithStatusTwo(arguments: [String]) async throws {
        let run = try await sandbox.run(arguments)
        #expect(run.status == 2)
        #expect(run.out == "")
        #expect(run.err.hasPrefix("Error: "))
        #expect(run.err.contains("Usage: newsapp"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsOfferTheValues(shell: String) async throws {
        let run = try await sandbox.run(["--generate-completion-script", shell])
        #expect(run.status == 0)
        for value in [
            "business", "technology", "relevancy", "popularity", "newest", "dark", "light", "stack",
        ] {
            #expect(run.out.contains(value), "\(shell) completion lacks \(value)")
        }
    }

    // MARK: Helpers

    /// `--json` output, decoded.
    struct Document: Decodable {
        var query: [String: String]
        var page: Int
        var pageSize: Int
        var totalResults: Int
        var articles: [Article]
    }
}
