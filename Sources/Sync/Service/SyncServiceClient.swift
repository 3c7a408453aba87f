import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What ``SyncEngine`` asks of a service, whatever its protocol: the subscriptions, pages of
/// items, the ids of the unread and starred ones, items by id, and marks sent back.
///
/// Streams and tags are named as the Google Reader API names them (``StreamTag``); a client of
/// another protocol maps them to its own (Tiny Tiny RSS: the virtual feeds -4 all and -1 starred,
/// `view_mode=unread`).
protocol SyncServiceClient: Sendable {
    /// The service as sentences name it: its host, and its port when not the scheme's.
    var host: String { get }

    /// The subscriptions, with their labels (folders, categories).
    func subscriptions() async throws(SyncError) -> [ServiceFeed]

    /// A page of `stream`'s items: at most `count`, from `continuation`, only those crawled
    /// since `since` (seconds, the service's clock) when it can say, without those tagged
    /// `excluding`.
    func streamPage(
        _ stream: String, count: Int, excluding: String?, since: Int64?, continuation: String?
    ) async throws(SyncError) -> StreamPage

    /// A page of the ids of `stream`'s items, without those tagged `excluding`.
    func itemIDs(_ stream: String, excluding: String?, count: Int, continuation: String?)
        async throws(SyncError) -> IDPage

    /// The items with `ids`, with their marks; an item the service no longer has is left out.
    func items(_ ids: [ItemID]) async throws(SyncError) -> StreamPage

    /// Sets (`value` true) or clears the mark of `kind` on `ids`, in one request.
    func editTag(_ ids: [ItemID], kind: MarkChange.Kind, value: Bool) async throws(SyncError)

    /// How many items are unread and starred at the service, from a request or two; nil when
    /// the service cannot say so cheaply, or when its items changed since a time (``streamPage``
    /// with `since`) do not bring the marks changed there. Only then may a later sync that
    /// finds the same numbers here skip the lists of ids.
    func markCounts() async throws(SyncError) -> MarkCounts?
}

extension SyncServiceClient {
    /// The Google Reader API's `ot` and Tiny Tiny RSS's newest articles bring new items, not
    /// marks changed since: their syncs read the lists of ids every time.
    func markCounts() async throws(SyncError) -> MarkCounts? { nil }
}

extension ReaderAPIClient: SyncServiceClient, SyncClient {
    public var connection: SyncConnection { SyncConnection(client: self) }
}

/// A client a ``SyncEngine`` syncs through: ``ReaderAPIClient``, ``TinyTinyRSSClient``,
/// ``MinifluxClient`` or ``NextcloudNewsClient``; only Sync's own clients can give a
/// ``SyncConnection``.
public protocol SyncClient: Sendable {
    /// The client as the engine talks to it.
    var connection: SyncConnection { get }
}

/// A service client as the engine talks to it, whatever its protocol.
public struct SyncConnection: Sendable {
    let client: any SyncServiceClient
}
