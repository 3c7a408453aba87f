import Sync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The changes of subscriptions `newsapp feeds add` and `feeds remove` make at the service.
public protocol SubscriptionEditing: Sendable {
    func subscribe(to url: URL) async throws(SyncError) -> (streamID: String, title: String?)
    /// Puts the subscription under `label`, and renames it to `title` when given.
    func edit(_ streamID: String, addLabel label: String?, title: String?) async throws(SyncError)
    func unsubscribe(_ streamID: String) async throws(SyncError)
}

extension SubscriptionEditing {
    /// Puts the subscription under `label`.
    public func edit(_ streamID: String, addLabel label: String?) async throws(SyncError) {
        try await edit(streamID, addLabel: label, title: nil)
    }
}

extension ReaderAPIClient: SubscriptionEditing {}

extension MinifluxClient: SubscriptionEditing {}

extension TinyTinyRSSClient: SubscriptionEditing {
    /// Tiny Tiny RSS's API can neither put a feed in a category nor rename it: the feed keeps
    /// what the service gave it, and `feeds add` says which labels were not kept.
    public func edit(_ streamID: String, addLabel label: String?, title: String?) async throws(SyncError) {}
}

extension NextcloudNewsClient: SubscriptionEditing {}
