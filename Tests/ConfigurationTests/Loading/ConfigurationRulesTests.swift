import FilterLanguage
import NewsModels
import Testing

@testable import Configuration

/// The config file's rules written as tables: the killfile's `[[ignore_article]]` and the
/// per-feed settings of `[[feed]]`, each bad rule or setting refused alone with one line.
@Suite struct ConfigurationRulesTests {
    let loader = ConfigurationLoader(
        displayPath: "~/.config/newsapp/config.toml", home: "/home/ada",
        directory: "/home/ada/.config/newsapp")

    private func messages(_ text: String) -> [String] {
        loader.load(text).problems.map { "\($0.line.map(String.init) ?? "-"): \($0.message)" }
    }

    @Test func killfileRulesAndModeRead() throws {
        let outcome = loader.load(
            """
            ignore_mode = "display"
            browser = "firefox %s"
            player = "mpv --no-video"
            download_dir = "~/Podcasts"

            [[ignore_article]]
            feed = "*"
            filter = 'title =~ "sport"'

            [[ignore_article]]
            feed = "https://lwn.net/headlines/rss"
            filter = 'author = "bob" or age > 30'

            [[ignore_article]]
            feed = "*"
            filter = 'titl =~ "x"'

            [[ignore_article]]
            filter = 'title = "no feed"'
            """)
        let configuration = outcome.configuration
        #expect(configuration[\.ignoreMode] == .display)
        #expect(configuration[\.browser] == "firefox %s")
        #expect(configuration[\.player] == "mpv --no-video")
        #expect(configuration[\.downloadDirectory] == "/home/ada/Podcasts")
        #expect(configuration.killfile.map(\.feed) == [nil, "https://lwn.net/headlines/rss"])
        #expect(
            configuration.killfile[1].expression
                == (try FilterParser.parse(#"author = "bob" or age > 30"#)))
        #expect(
            outcome.problems.map(\.description) == [
                "newsapp: ~/.config/newsapp/config.toml line 15: ignore_article rule 3: At column 1 of the filter, "
                    + "“titl” is not an attribute (did you mean title?). Ignoring the rule.",
                "newsapp: ~/.config/newsapp/config.toml line 19: ignore_article rule 4 needs feed, an address or "
                    + "\"*\" for every feed; ignoring the rule.",
            ])
        #expect(
            loader.load(#"ignore_mode = "hide""#).problems.first?.message.hasPrefix("ignore_mode must be")
                == true)
        #expect(loader.load(#"ignore_article = "x""#).problems.count == 1)
    }

    @Test func killfileRulesOfTheWrongShapeAreRefusedAlone() {
        #expect(
            messages(#"ignore_article = "x""#) == [
                "1: ignore_article must be tables written [[ignore_article]] with feed and filter (found \"x\"); "
                    + "ignoring it."
            ])
        let mixed = loader.load(
            """
            ignore_article = [1, { feed = "*", filter = 'title = "a"' }]
            """)
        #expect(
            mixed.problems.map(\.message) == [
                "ignore_article rule 1 must be a table with feed and filter; ignoring it."
            ])
        #expect(mixed.configuration.killfile.map(\.text) == [#"title = "a""#])
        #expect(
            messages(
                """
                [[ignore_article]]
                feed = "*"
                filtre = 'title = "a"'

                [[ignore_article]]
                feed = "*"
                """) == [
                    "3: ignore_article rule 1 has an unknown key \"filtre\" (it takes feed and filter); ignoring "
                        + "the rule.",
                    "6: ignore_article rule 2 needs filter, an expression such as 'title =~ \"sport\"'; ignoring "
                        + "the rule.",
                ])
    }

    @Test func feedRulesAreReadSettingBySetting() throws {
        let outcome = loader.load(
            """
            [[feed]]
            url = "https://a.example/feed"
            refresh_interval = 90
            max_items = 10
            full_text = "on"
            images = "off"
            rename = "A"

            [[feed]]
            tag = "news"
            refresh_interval = 0
            rename = " "
            refrsh_interval = 5
            colour = "red"

            [[feed]]
            title = "B"
            url = "https://b.example/feed"

            [[feed]]
            title = "T"
            """)
        #expect(
            outcome.configuration.feedRules == [
                FeedRule(
                    selector: .url("https://a.example/feed"), line: 2, refreshInterval: 90, fullText: .on,
                    maxItems: 10, images: .off, rename: "A"),
                FeedRule(selector: .tag("news"), line: 10),
                FeedRule(selector: .title("T"), line: 21),
            ])
        #expect(
            outcome.problems.map { "\($0.line ?? 0): \($0.message)" } == [
                "11: feed rule 2 refresh_interval must be a whole number of minutes from 1 to 10080 (found 0); "
                    + "using the default.",
                "12: feed rule 2 rename must be a name (found \" \"); ignoring it.",
                "13: feed rule 2: unknown key \"refrsh_interval\" (did you mean refresh_interval?); ignoring it.",
                "14: feed rule 2: unknown key \"colour\"; ignoring it.",
                "17: feed rule 3 must name its feeds with one of url, title or tag; ignoring the rule.",
            ])
        #expect(FeedRule.Selector.url("u").rank < FeedRule.Selector.title("t").rank)
        #expect(FeedRule.Selector.title("t").rank < FeedRule.Selector.tag("g").rank)
        #expect(
            messages("feed = 3") == [
                "1: feed must be tables written [[feed]] with url, title or tag and settings (found 3); ignoring it."
            ])
        #expect(
            messages("[[feed]]\nurl = \"\"\n") == [
                "2: feed rule 1 must name its feeds with one of url, title or tag; ignoring the rule."
            ])
    }
}
