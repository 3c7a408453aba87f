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
public struct SyncService: Sendable {
    public let account: SyncAccount
    public let store: NewsStore
    /// Seconds a request to the service may take in all (`refresh_timeout`).
    public let timeout: TimeInterval
    /// The killfile over the feeds as stored, which hides the synced items it names; nil for none.
    /// Read once the service's feeds are stored, so a rule can name a feed the sync just added.
    public let hiding: (@Sendable () async -> NewsStore.Hiding?)?
    public let logger: Logger

    public init(
        account: SyncAccount, store: NewsStore, timeout: TimeInterval,
        hiding: (@Sendable () async -> NewsStore.Hiding?)? = nil, logger: Logger
    ) {
        self.account = account
        self.store = store
        self.timeout = timeout
        self.hiding = hiding
        self.logger = logger
    }

    /// The client of the account's service.
    public var client: ReaderAPIClient {
        ReaderAPIClient(
            base: account.server, auth: account.token, http: CurlHTTPClient(),
            options: ReaderAPIClient.Options(timeout: timeout))
    }

    /// The client of the account's Tiny Tiny RSS, in the session kept at login.
    public var tinyTinyRSSClient: TinyTinyRSSClient {
        TinyTinyRSSClient(
            base: account.server, user: account.user, password: account.password ?? "",
            session: account.token,
            http: CurlHTTPClient(), options: ReaderAPIClient.Options(timeout: timeout))
    }

    /// The client of the account's Miniflux.
    public var minifluxClient: MinifluxClient {
        MinifluxClient(
            base: account.server, credentials: account.minifluxCredentials, http: CurlHTTPClient(),
            options: MinifluxClient.Options(timeout: timeout))
    }

    /// The client of the account's Nextcloud News.
    public var nextcloudNewsClient: NextcloudNewsClient {
        NextcloudNewsClient(
            base: account.server, user: account.user, password: account.password ?? "",
            http: CurlHTTPClient(),
            options: ReaderAPIClient.Options(timeout: timeout))
    }

    /// What changes the subscriptions at the account's service.
    public var subscriptionEditor: any SubscriptionEditing {
        switch account.kind {
        case .greader: client
        case .ttrss: tinyTinyRSSClient
        case .miniflux: minifluxClient
        case .nextcloud: nextcloudNewsClient
        }
    }

    /// Where the lock of the store's syncs is: beside the store; nil for a store in memory.
    public var lockPath: String? { store.path.map { $0 + ".sync-lock" } }

    /// Pushes and pulls once, waiting up to `wait` for a sync of another process to end.
    public func run(
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
        let storage = StoreSyncStorage(store: store, killfile: hiding)
        let engine =
            switch account.kind {
            case .greader: SyncEngine(client: client, storage: storage, logger: logger)
            case .ttrss: SyncEngine(client: tinyTinyRSSClient, storage: storage, logger: logger)
            case .miniflux: SyncEngine(client: minifluxClient, storage: storage, logger: logger)
            case .nextcloud: SyncEngine(client: nextcloudNewsClient, storage: storage, logger: logger)
            }
        return await engine.sync(progress: progress)
    }

    /// When the last sync ended well, from the store.
    public func lastSync() async -> Date? {
        (try? await store.syncValues())?[StoreSyncStorage.Key.lastSync].flatMap(StoreSyncStorage.date)
    }
}
