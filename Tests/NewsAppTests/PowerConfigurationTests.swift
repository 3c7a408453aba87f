import Account
import Configuration
import Feeds
import FilterLanguage
import Foundation
import Testing

@testable import Console
@testable import NewsApp

/// The config file's per-feed rules in force for a feed, and a newsboat config carried over into
/// config.toml.
@Suite struct PowerConfigurationTests {
    let loader = ConfigurationLoader(
        displayPath: "~/.config/newsapp/config.toml", home: "/home/ada",
        directory: "/home/ada/.config/newsapp")

    @Test func feedRulesReadAndTheMostSpecificWins() throws {
        let outcome = loader.load(
            """
            refresh_interval = 30
            full_text = "auto"

            [[feed]]
            tag = "linux"
            refresh_interval = 120
            full_text = "off"
            max_items = 50

            [[feed]]
            title = "LWN.net"
            refresh_interval = 60
            images = "off"

            [[feed]]
            url = "https://lwn.net/headlines/rss"
            rename = "LWN"

            [[feed]]
            url = "https://a.org/f"
            tag = "two selectors"

            [[feed]]
            tag = "x"
            refresh_interval = 0
            bogus = 1
            """)
        #expect(outcome.configuration.feedRules.count == 4)
        #expect(
            outcome.problems.map(\.message) == [
                "feed rule 4 must name its feeds with one of url, title or tag; ignoring the rule.",
                "feed rule 5 refresh_interval must be a whole number of minutes from 1 to 10080 (found 0); "
                    + "using the default.",
                "feed rule 5: unknown key \"bogus\"; ignoring it.",
            ])
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:], file: outcome.configuration)
        let rules = FeedRules(settings: settings)
        let lwn = Subscription(url: URL(string: "https://lwn.net/headlines/rss")!, tags: ["linux"])
        let inForce = rules.settings(for: lwn, title: "LWN.net")
        #expect(
            inForce
                == FeedRules.InForce(
                    refreshInterval: 60, fullText: .off, maxItems: 50, images: .off, rename: "LWN"))
        let other = Subscription(url: URL(string: "https://b.org/f")!, tags: ["linux"])
        #expect(rules.settings(for: other, title: "B").refreshInterval == 120)
        let plain = Subscription(url: URL(string: "https://c.org/f")!)
        #expect(
            rules.settings(for: plain, title: "C")
                == FeedRules.InForce(
                    refreshInterval: 30, fullText: .auto, maxItems: 500, images: .auto, rename: nil))
    }

    @Test func aNewsboatConfigIsReadAndWhatItDoesNotSayIsListed() {
        let config = NewsboatConfig(
            text: """
                # comment
                ignore-article "*" "title =~ \\"Gentoo\\""
                ignore-article "https://synflood.at/blog/index.php?/feeds/index.rss2" "title =~ \\"newsboat\\""
                ignore-mode "display"
                reload-time 60
                max-items 0
                browser "lynx %u"
                download-path "~/Podcasts"
                player "mpv"
                bind-key j down
                ignore-article "*"
                reload-time soon
                auto-reload yes
                """)
        #expect(
            config.ignoreRules.map(\.feed) == [nil, "https://synflood.at/blog/index.php?/feeds/index.rss2"])
        #expect(config.ignoreRules.map(\.expression) == [#"title =~ "Gentoo""#, #"title =~ "newsboat""#])
        #expect(config.ignoreMode == "display")
        #expect(config.reloadMinutes == 60)
        #expect(config.maxItems == 0)
        #expect(config.browser == "lynx %s")
        #expect(config.downloadPath == "~/Podcasts")
        #expect(config.player == "mpv")
        #expect(config.notRead.map(\.line) == [10, 11, 12, 13])
        #expect(
            config.notRead[1].reason
                == "ignore-article takes a feed's address (or \"*\") and a filter expression.")
        // Found by Scripts/fuzz (newsboat-config): a command quoted with an escaped line break
        // (`"\n"inore-mode`, whose command is the quoted line break) is named on one line.
        let odd = NewsboatConfig(
            text: #""\n"inore-mode "download""# + "\n\"\u{1B}[2J\" x\n"
                + #"ignore-article "" "title =~ \"x\"""#)
        #expect(
            odd.notRead.map(\.reason) == [
                #"NewsApp does not read \n."#, #"NewsApp does not read \u{1B}[2J."#,
                #"ignore-article takes a feed's address (or "*") and a filter expression."#,
            ])
        #expect(odd.ignoreRules.isEmpty)
        #expect(NewsboatConfig.looksLikeConfig("reload-time 5\n"))
        #expect(!NewsboatConfig.looksLikeConfig("https://a.org/f\nreload-time 5\n"))
        #expect(!NewsboatConfig.looksLikeConfig("# nothing\n"))
    }

    @Test func aNewsboatConfigMergesIntoConfigTomlKeepingWhatIsThere() throws {
        let config = NewsboatConfig(
            text: """
                ignore-article "*" "title =~ \\"it's\\""
                ignore-article "*" "title =~ \\"Gentoo\\""
                ignore-mode "display"
                reload-time 60
                max-items 0
                ignore-article "*" "title =~ \\"it's\\""
                """)
        let original = """
            refresh_interval = 15 # mine

            [[ignore_article]]
            feed = "*"
            filter = 'title =~ "Gentoo"'
            """
        let merge = try ConfigurationMerge(config, into: original)
        #expect(
            merge.text == """
                refresh_interval = 15 # mine

                # Carried over from newsboat's config
                ignore_mode = 'display'
                max_items_per_feed = 1000000

                [[ignore_article]]
                feed = "*"
                filter = 'title =~ "Gentoo"'

                # Carried over from newsboat's ignore-article lines
                [[ignore_article]]
                feed = '*'
                filter = "title =~ \\"it's\\""

                """)
        #expect(merge.kept.first == "reload-time: kept your refresh_interval = 15 (newsboat's would be 60)")
        #expect(
            merge.kept.suffix(2) == [
                "ignore-article: 1 rule was in config.toml already",
                "ignore-article: 1 line repeated a rule of an earlier line",
            ])
        let reread = loader.load(merge.text)
        #expect(reread.problems == [])
        #expect(reread.configuration.killfile.count == 2)
        #expect(reread.configuration[\.ignoreMode] == .display)
        #expect(throws: ConfigurationMerge.Failure.self) {
            try ConfigurationMerge(config, into: "not = toml = here")
        }
    }
}
