import Foundation
import Logging
import Networking
import NewsModels
import Store
import Sync

/// A sync of the local store with the account's service, as `newsapp sync`, `r` in the app and
/// the launch refresh run it: one at a time per store (``SyncLock``, beside the store file).
struct SyncService: Sendable {
    let account: SyncAccount
    let store: NewsStore
    /// Seconds a request to the service may take in all.
    let timeout: TimeInterval
    let logger: Logger

    /// The client of the account's service.
    var client: ReaderAPIClient {
        ReaderAPIClient(
            base: account.server, auth: account.token, http: CurlHTTPClient(),
            options: ReaderAPIClient.Options(timeout: timeout))
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
        let engine = SyncEngine(client: client, storage: StoreSyncStorage(store: store), logger: logger)
        return await engine.sync(progress: progress)
    }

    /// When the last sync ended well, from the store.
    func lastSync() async -> Date? {
        (try? await store.syncValues())?[StoreSyncStorage.Key.lastSync].flatMap(StoreSyncStorage.date)
    }

    /// The service of the account kept in `environment`'s state folder, on `store`; nil when
    /// there is none. A file that cannot be read is said on standard error.
    static func standard(
        environment: [String: String], store: NewsStore, timeout: TimeInterval, logger: Logger
    ) -> SyncService? {
        guard let file = SyncAccountFile.standard(environment: environment) else { return nil }
        do {
            guard let account = try file.load() else { return nil }
            return SyncService(account: account, store: store, timeout: timeout, logger: logger)
        } catch {
            StandardError.write("newsapp: " + error.description)
            return nil
        }
    }
}
