import Configuration
import Feeds
import Logging
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - The sync as the config file sets it

extension SyncService {
    /// The sync of `account` under the feeds' settings: `refresh_timeout`, and the killfile over
    /// the urls file's feeds (`subscriptions`, nil for none) and the service's.
    public init(
        account: SyncAccount, store: NewsStore, settings: FeedSettings,
        subscriptions: SubscriptionsFile? = nil,
        logger: Logger
    ) {
        var hiding: (@Sendable () async -> NewsStore.Hiding?)?
        if !settings.killfile.isEmpty {
            hiding = {
                await Self.hiding(settings, subscriptions: subscriptions, store: store, logger: logger)
            }
        }
        self.init(
            account: account, store: store, timeout: TimeInterval(settings.timeout), hiding: hiding,
            logger: logger)
    }

    /// The killfile over the urls file's and the service's feeds as stored, nil when it has no
    /// rules. When the feeds cannot be read, the items arrive unjudged and the log says why; the
    /// next refresh judges them when the rules change.
    private static func hiding(
        _ settings: FeedSettings, subscriptions: SubscriptionsFile?, store: NewsStore, logger: Logger
    ) async -> NewsStore.Hiding? {
        let file = subscriptions.flatMap { try? $0.load() } ?? UrlsFile(text: "")
        do {
            return try await FeedFilterContext.load(file, store: store).hiding(
                settings.killfile, mode: settings.ignoreMode)
        } catch {
            logger.warning(
                "the killfile could not be read for the synced items",
                metadata: ["reason": "\(error.sentence)"])
            return nil
        }
    }

    /// The service of the account kept in `environment`'s state folder, on `store`; nil when
    /// there is none. A file that cannot be read is said to `warn`.
    public static func standard(
        environment: [String: String], store: NewsStore, settings: FeedSettings,
        subscriptions: SubscriptionsFile?, logger: Logger, warn: (String) -> Void
    ) -> SyncService? {
        guard let file = SyncAccountFile.standard(environment: environment) else { return nil }
        do {
            guard let account = try file.load() else { return nil }
            return SyncService(
                account: account, store: store, settings: settings, subscriptions: subscriptions,
                logger: logger)
        } catch {
            warn(error.description)
            return nil
        }
    }
}
