import Configuration
import NewsModels
import Testing

/// The settings a run takes from the config file's declarations (``ConfigurationKeys``): their
/// defaults when the file says nothing.
@Suite struct ConfigurationSettingsTests {
    let loader = ConfigurationLoader(
        displayPath: "~/.config/newsapp/config.toml", home: "/home/ada",
        directory: "/home/ada/.config/newsapp")

    @Test func everyDefaultResolves() {
        let resolved = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:], file: Configuration())
        #expect(
            resolved[\.pageSize] == 20 && resolved[\.splitMinColumns] == 120
                && resolved[\.retentionDays] == 30)
        #expect(
            resolved[\.theme] == .auto && resolved[\.layout] == .auto && resolved[\.images] == .auto)
        #expect(
            resolved[\.fullText] == .auto && resolved[\.requestTimeout] == 10
                && resolved.liveCountry == "us")
        #expect(
            resolved.feeds
                == FeedSettings(concurrency: 48, timeout: 30, maxItemsPerFeed: 500, refreshInterval: 30))
        #expect(resolved[\.newsapiRefresh] == .auto)
        #expect(resolved[\.newsapiDailyLimit] == 100)
    }

    @Test func feedSettingsDefaultWhenAbsent() {
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:], file: loader.load("").configuration)
        #expect(
            settings.feeds
                == FeedSettings(concurrency: 48, timeout: 30, maxItemsPerFeed: 500, refreshInterval: 30))
        let chosen = Settings.resolve(
            commandLine: CommandLineSettings(), environment: [:],
            file: loader.load(
                "refresh_concurrency = 3\nhost_connections = 1\nmax_items_per_feed = 50\nrefresh_interval = 120"
            )
            .configuration)
        #expect(
            chosen.feeds
                == FeedSettings(
                    concurrency: 3, hostConnections: 1, timeout: 30, maxItemsPerFeed: 50, refreshInterval: 120
                ))
        #expect(settings.feeds.hostConnections == 2, "polite by default")
    }
}
