import Account
import Feeds
import Logging
import Networking
import NewsModels
import Store
import Sync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A sync of the local store with the account's service, as `newsapp sync`, `r` in the app and
/// the launch refresh run it: one at a time per store (``SyncLock``, beside the store file).
struct SyncService: Sendable {
    let account: SyncAccount
    let store: NewsStore
    /// The feeds' settings: `refresh_timeout` (seconds a request to the service may take in
    /// all) and the killfile, which hides the synced items it names.
    let settings: FeedSettings
    /// The urls file, whose feeds the killfile's rules may name beside the service's; nil for none.
    var subscriptions: SubscriptionsFile?
    let logger: Logger

    var timeout: TimeInterval { TimeInterval(settings.timeout) }

    /// The client of the account's service.
    var client: ReaderAPIClient {
        ReaderAPIClient(
            base: account.server, auth: account.token, http: CurlHTTPClient(),
            options: ReaderAPIClient.Options(timeout: timeout))
    }

    /// The client of the account's Tiny Tiny RSS, in the session kept at login.
    var tinyTinyRSSClient: TinyTinyRSSClient {
        TinyTinyRSSClient(
            base: account.server, user: account.user, password: account.password ?? "",
            session: account.token,
            http: CurlHTTPClient(), options: ReaderAPIClient.Options(timeout: timeout))
    }

    /// The client of the account's Miniflux.
    var minifluxClient: MinifluxClient {
        MinifluxClient(
            base: account.server, credentials: account.minifluxCredentials, http: CurlHTTPClient(),
            options: MinifluxClient.Options(timeout: timeout))
    }

    /// The client of the account's Nextcloud News.
    var nextcloudNewsClient: NextcloudNewsClient {
        NextcloudNewsClient(
            base: account.server, user: account.user, password: account.password ?? "",
            http: CurlHTTPClient(),
            options: ReaderAPIClient.Options(timeout: timeout))
    }

    /// What changes the subscriptions at the account's service.
    var subscriptionEditor: any SubscriptionEditing {
        switch account.kind {
        case .greader: client
        case .ttrss: tinyTinyRSSClient
        case .miniflux: minifluxClient
        case .nextcloud: nextcloudNewsClient
        }
    }

    /// Where the lock of the store's syncs is: beside the store; nil for a store in memory.
    var lockPath: String? { store.path.map { $0 + ".sync-lock" } }

    /// Pushes and pulls once, waiting up to `wait` for a sync of another process to end.
    func run(
        waiting wait: Duration = .seconds(30), progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    )
        async -> SyncReport
    {
        var lock: SyncLock?
        if let lockPath {
            lock = await SyncLock.acquire(at: lockPath, waiting: wait) {
                logger.info("another NewsApp is syncing this store; waiting for it to end")
            }
            guard lock != nil else {
                var report = SyncReport()
                report.error = .busy
                report.waiting = (try? await store.syncChangeCount()) ?? 0
                return report
            }
        }
        defer { lock?.release() }
        var killfile: (@Sendable () async -> NewsStore.Hiding?)?
        if !settings.killfile.isEmpty {
            let service = self
            killfile = { await service.hiding() }
        }
        let storage = StoreSyncStorage(store: store, killfile: killfile)
        let engine =
            switch account.kind {
            case .greader: SyncEngine(client: client, storage: storage, logger: logger)
            case .ttrss: SyncEngine(client: tinyTinyRSSClient, storage: storage, logger: logger)
            case .miniflux: SyncEngine(client: minifluxClient, storage: storage, logger: logger)
            case .nextcloud: SyncEngine(client: nextcloudNewsClient, storage: storage, logger: logger)
            }
        return await engine.sync(progress: progress)
    }

    /// The killfile over the urls file's and the service's feeds as stored, nil when it has no
    /// rules. When the feeds cannot be read, the items arrive unjudged and the log says why; the
    /// next refresh judges them when the rules change.
    private func hiding() async -> NewsStore.Hiding? {
        guard !settings.killfile.isEmpty else { return nil }
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

    /// When the last sync ended well, from the store.
    func lastSync() async -> Date? {
        (try? await store.syncValues())?[StoreSyncStorage.Key.lastSync].flatMap(StoreSyncStorage.date)
    }

    /// The service of the account kept in `environment`'s state folder, on `store`; nil when
    /// there is none. A file that cannot be read is said on standard error.
    static func standard(
        environment: [String: String], store: NewsStore, settings: FeedSettings,
        subscriptions: SubscriptionsFile?, logger: Logger
    ) -> SyncService? {
        guard let file = SyncAccountFile.standard(environment: environment) else { return nil }
        do {
            guard let account = try file.load() else { return nil }
            return SyncService(
                account: account, store: store, settings: settings, subscriptions: subscriptions,
                logger: logger)
        } catch {
            StandardError.write("newsapp: " + error.description)
            return nil
        }
    }
}
