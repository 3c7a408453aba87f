import Configuration
import Testing

/// A newsboat config carried over into config.toml's text: what is added where, what is kept,
/// and how values are quoted.
@Suite struct ConfigurationMergeTests {
    let loader = ConfigurationLoader(
        displayPath: "~/.config/newsapp/config.toml", home: "/home/ada",
        directory: "/home/ada/.config/newsapp")

    @Test func everySettingGoesIntoAnEmptyFileWithinTheKeysRanges() throws {
        let newsboat = ConfigurationMerge.Newsboat(
            ignoreMode: "display", reloadMinutes: 20_000, maxItems: 0, browser: "firefox %s",
            downloadPath: "~/Podcasts", player: "mpv")
        let merge = try ConfigurationMerge(newsboat, into: "")
        #expect(
            merge.text == """
                # Carried over from newsboat's config
                ignore_mode = 'display'
                refresh_interval = 10080
                max_items_per_feed = 1000000
                browser = 'firefox %s'
                download_dir = '~/Podcasts'
                player = 'mpv'

                """)
        #expect(merge.carried.first == "ignore-mode → ignore_mode = 'display'")
        #expect(merge.carried.count == 6)
        #expect(merge.kept == [])
        let reread = loader.load(merge.text)
        #expect(reread.problems == [])
        #expect(reread.configuration[\.refreshInterval] == 10_080)
        #expect(reread.configuration[\.downloadDirectory] == "/home/ada/Podcasts")
    }

    @Test func settingsGoBeforeTheFirstTableAndShortReloadsAreRaisedToTheMinimum() throws {
        let original = "[[feed]]\ntag = \"x\"\nrefresh_interval = 5\n"
        let merge = try ConfigurationMerge(
            ConfigurationMerge.Newsboat(reloadMinutes: 0, maxItems: 50), into: original)
        #expect(
            merge.text
                == "# Carried over from newsboat's config\nrefresh_interval = 1\nmax_items_per_feed = 50\n\n"
                + original)
        #expect(loader.load(merge.text).problems == [])
    }

    @Test func aSettingAlreadyThereIsKeptAndSaidSo() throws {
        let merge = try ConfigurationMerge(
            ConfigurationMerge.Newsboat(browser: "lynx"), into: "browser = \"w3m\"\n")
        #expect(merge.text == "browser = \"w3m\"\n")
        #expect(merge.carried == [])
        #expect(merge.kept == ["browser: kept your browser = \"w3m\" (newsboat's would be 'lynx')"])
    }

    @Test func rulesAreAppendedAsTablesAfterALineBreak() throws {
        let newsboat = ConfigurationMerge.Newsboat(ignoreRules: [
            .init(feed: nil, expression: "title =~ \"x\""),
            .init(feed: "https://a.example/feed", expression: "title =~ \"it's me\""),
        ])
        let merge = try ConfigurationMerge(newsboat, into: "page_size = 5")
        #expect(
            merge.text == """
                page_size = 5

                # Carried over from newsboat's ignore-article lines
                [[ignore_article]]
                feed = '*'
                filter = 'title =~ "x"'

                [[ignore_article]]
                feed = 'https://a.example/feed'
                filter = "title =~ \\"it's me\\""

                """)
        #expect(merge.carried == ["ignore-article → 2 [[ignore_article]] rules"])
        let reread = loader.load(merge.text)
        #expect(reread.problems == [])
        #expect(reread.configuration.killfile.count == 2)
    }

    @Test func rulesAreNotAddedToAnInlineArray() throws {
        let newsboat = ConfigurationMerge.Newsboat(ignoreRules: [
            .init(feed: nil, expression: "title = \"x\"")
        ])
        let original = "ignore_article = []\n"
        let merge = try ConfigurationMerge(newsboat, into: original)
        #expect(merge.text == original)
        #expect(
            merge.kept == [
                "ignore-article: your ignore_article is an inline array, so the 1 rules were not added; "
                    + "write them as [[ignore_article]] tables"
            ])
    }

    @Test func aFileThatIsNotTOMLIsLeftAlone() {
        let error = #expect(throws: ConfigurationMerge.Failure.self) {
            try ConfigurationMerge(ConfigurationMerge.Newsboat(player: "mpv"), into: "not = toml = here")
        }
        #expect(error?.reason.hasPrefix("it is not valid TOML (line 1: ") == true)
        #expect(error?.reason.hasSuffix("); fix it first") == true)
    }

    @Test func valuesAreQuotedAsTOMLStrings() {
        #expect(ConfigurationMerge.string("plain") == "'plain'")
        #expect(ConfigurationMerge.string("it's") == "\"it's\"")
        #expect(
            ConfigurationMerge.string("a\"b\\c\nd\te\u{1}\u{7F}")
                == "\"a\\\"b\\\\c\\nd\\te\\u0001\\u007F\"")
    }
}
