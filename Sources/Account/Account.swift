import NewsModels
import Store

/// The user's account, as NetNewsWire's `Account` is to its feed engine: the one place a person's
/// action on their articles becomes a write. Every action is one operation over the local store,
/// and for an item a feed service syncs, the mark and the change the next sync pushes are written
/// in one transaction (``NewsStore/setMark(_:on:at:)``), so no way of marking keeps one without
/// the other. The actions live in `Actions/`, one file each: ``markRead(_:)`` in `MarkRead.swift`,
/// ``save(_:)`` in `Save.swift`, ``subscribe(_:in:probe:)`` in `Subscribe.swift`,
/// ``unsubscribe(from:)`` in `Unsubscribe.swift`, and the same at a feed service in
/// `SubscribeAtService.swift`. Refreshing is ``FeedRefreshService`` (`Refresh/`) and syncing
/// ``SyncService`` (`Sync/`), both over the same store.
///
/// The screens reach it through the protocols Modules declares (``StoreReadingList`` is the
/// reading list over it); the command line calls it directly.
public struct Account: Sendable {
    /// The local article store the account's marks, items and sync queue live in.
    public let store: NewsStore

    public init(store: NewsStore) {
        self.store = store
    }
}
