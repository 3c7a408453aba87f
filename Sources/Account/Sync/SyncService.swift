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

    /// The client of the account's protocol, which both syncs and edits the subscriptions there:
    /// the one place a protocol's client is built from the account kept for it.
    private var protocolClient: any SyncClient & SubscriptionEditing {
        let http = CurlHTTPClient()
        let password = account.password ?? ""
        switch account.kind {
        case .greader:
            return client
        case .ttrss:
            return TinyTinyRSSClient(
                base: account.server, user: account.user, password: password, session: account.token,
                http: http, options: ReaderAPIClient.Options(timeout: timeout))
        case .miniflux:
            return MinifluxClient(
                base: account.server, credentials: account.minifluxCredentials, http: http,
                options: MinifluxClient.Options(timeout: timeout))
        case .nextcloud:
            return NextcloudNewsClient(
                base: account.server, user: account.user, password: password, http: http,
                options: ReaderAPIClient.Options(timeout: timeout))
        }
    }

    /// What changes the subscriptions at the account's service.
    public var subscriptionEditor: any SubscriptionEditing { protocolClient }

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
        let engine = SyncEngine(client: protocolClient, storage: storage, logger: logger)
        return await engine.sync(progress: progress)
    }

    /// When the last sync ended well, from the store.
    public func lastSync() async -> Date? {
        (try? await store.syncValues())?[StoreSyncStorage.Key.lastSync].flatMap(StoreSyncStorage.date)
    }
}
