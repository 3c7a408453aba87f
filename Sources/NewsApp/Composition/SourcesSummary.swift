import Account
import Configuration
import Feeds

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which sources are in use, in one sentence, for `--help` and the app's `?`:
/// `Sources in use: NewsAPI (the us edition) and 12 feeds (~/.config/newsapp/urls).`
struct SourcesSummary: Equatable {
    var kind: NewsSourceChoice.Kind
    /// NewsAPI's edition, when it is a source.
    var country: String?
    var feedCount: Int
    /// The urls file as shown to the user.
    var feedsFile: String?

    var sentence: String {
        let feeds = feedCount == 1 ? "1 feed" : "\(feedCount) feeds"
        let place = feedsFile.map { " (\($0))" } ?? ""
        switch kind {
        case .newsAPI:
            let news = "NewsAPI" + (country.map { " (the \($0) edition)" } ?? "")
            return "Sources in use: \(news)" + (feedCount > 0 ? " and \(feeds)\(place)." : "; no feeds.")
        case .feeds:
            return "Sources in use: \(feeds)\(place); with no NewsAPI key, the feeds are the edition."
        case .sample:
            return feedCount > 0
                ? "Sources in use: the bundled sample edition and \(feeds)\(place)."
                : "Sources in use: the bundled sample edition (no NewsAPI key and no feeds)."
        }
    }

    /// What the run of `context` uses: its news source and the feeds it opened.
    static func inUse(by context: LaunchContext) -> SourcesSummary {
        let file = context.feeds?.subscriptions
        let count = (try? file?.load().subscriptions.count) ?? 0
        return SourcesSummary(
            kind: context.source.kind,
            country: context.source.kind == .newsAPI ? context.settings.liveCountry : nil,
            feedCount: count, feedsFile: count > 0 ? file?.displayPath : nil)
    }

    /// What a run with `environment` would use, read without opening the store or saying
    /// anything about the config file: for `--help`.
    static func current(environment: [String: String]) -> SourcesSummary {
        let file = ConfigurationFile.standard(environment: environment)
        let settings = Settings.resolve(
            commandLine: CommandLineSettings(), environment: environment,
            file: file?.load().configuration ?? Configuration(), home: file?.home)
        var hasKey = false
        switch settings.key {
        case .none: hasKey = false
        case .environment: hasKey = true
        case .file(let keyFile): hasKey = keyFile.read().key != nil
        }
        let subscriptions = SubscriptionsFile.standard(environment: environment)
        let count = (try? subscriptions?.load().subscriptions.count) ?? 0
        let kind: NewsSourceChoice.Kind = hasKey ? .newsAPI : count > 0 ? .feeds : .sample
        return SourcesSummary(
            kind: kind, country: hasKey ? settings.liveCountry : nil, feedCount: count,
            feedsFile: count > 0 ? subscriptions?.displayPath : nil)
    }
}
