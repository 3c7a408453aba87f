import Account
import Configuration
import Foundation
import Logging
import NewsModels
import ReaderAPIStub
import Store
import Sync

/// A store and our Google Reader API server, synced in this process through the account's
/// ``SyncService`` (the engine over the real store).
struct SyncHarness {
    let server: ReaderAPIStubServer
    let store: NewsStore
    /// `refresh_timeout` 30 and no killfile unless a test sets them.
    var settings: FeedSettings = {
        var settings = FeedSettings()
        settings.timeout = 30
        return settings
    }()

    /// The account the app would keep for `server`.
    static func account(_ server: ReaderAPIStubServer) -> SyncAccount {
        SyncAccount(
            server: server.baseURL, user: server.options.user, token: server.options.auth, allowHTTP: false)
    }

    var service: SyncService {
        SyncService(
            account: Self.account(server), store: store, settings: settings,
            logger: Logger(label: "sync") { _ in SwiftLogNoOpLogHandler() })
    }

    /// One sync, as `newsapp sync` runs it.
    func sync() async -> SyncReport {
        await service.run()
    }

    /// The long id of the service's item `id`, which is the stored item's id.
    static func itemID(_ id: Int64) -> String { ItemID(id).longForm }
}
