import Configuration
import Feeds

extension ConfigurationMerge {
    /// Carries the settings `config` read from a newsboat config file into config.toml's `original`.
    init(_ config: NewsboatConfig, into original: String) throws(Failure) {
        try self.init(
            Newsboat(
                ignoreRules: config.ignoreRules.map {
                    Newsboat.IgnoreRule(feed: $0.feed, expression: $0.expression)
                },
                ignoreMode: config.ignoreMode, reloadMinutes: config.reloadMinutes, maxItems: config.maxItems,
                browser: config.browser, downloadPath: config.downloadPath, player: config.player),
            into: original)
    }
}
