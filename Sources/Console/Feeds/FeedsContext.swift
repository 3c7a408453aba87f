import Account
import Configuration
import Feeds
import Logging
import Networking
import Store
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the feed commands (`newsapp feeds …`, `newsapp refresh`) run with: the settings, the
/// subscriptions file, the article store and the log.
public struct FeedsContext {
    public let environment: [String: String]
    public let settings: Settings
    public let subscriptions: SubscriptionsFile
    public let store: NewsStore
    public let cacheDirectory: CacheDirectory
    public let logger: Logger

    /// Whose actions the commands' changes to the store are.
    public var account: Account { Account(store: store) }

    /// Resolves the settings and opens the store (with launch retention); nil when there is no
    /// home for the subscriptions or the store could not be opened, said on standard error.
    public static func prepare(
        _ commandLine: CommandLineSettings,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> FeedsContext? {
        let settings = Settings.resolved(commandLine, environment: environment)
        guard let subscriptions = SubscriptionsFile.standard(environment: environment),
            let directory = CacheDirectory.standard(environment: environment)
        else {
            StandardError.write(
                "newsapp: No home directory (HOME and XDG_CONFIG_HOME are unset), so there is nowhere to keep feeds."
            )
            return nil
        }
        let local = await LocalStore.open(
            directory, retentionDays: settings[\.retentionDays], notices: StandardError.write)
        for message in local.messages {
            StandardError.write(message)
        }
        guard let store = local.store else { return nil }
        let log = AppLog(environment: environment, level: commandLine.logLevel)
        let context = FeedsContext(
            environment: environment, settings: settings, subscriptions: subscriptions, store: store,
            cacheDirectory: directory, logger: log.logger("feeds"))
        if let file = try? subscriptions.load() { await context.refreshService.applyHidingRules(file) }
        return context
    }

    /// A fetcher with the configured timeout.
    public var fetcher: FeedFetcher {
        FeedFetcher(http: CurlHTTPClient(), timeout: TimeInterval(settings.feeds.timeout))
    }

    /// Refreshes as `newsapp refresh` and the app do.
    public var refreshService: FeedRefreshService {
        FeedRefreshService(
            subscriptions: subscriptions, store: store, settings: settings.feeds,
            retentionDays: settings[\.retentionDays], logger: logger)
    }

    /// Prints `message` as one `newsapp: …` line on standard error, made safe.
    public static func fail(_ message: String) {
        StandardError.write("newsapp: " + TextSanitizer.clean(message))
    }
}
