import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Unsubscribing

extension Account {
    /// Forgets the feed at `url` in the store once it has left the subscriptions: its items go
    /// but the saved ones, which stay readable as saved articles (``NewsStore/removeFeed(_:)``).
    public func unsubscribe(from url: URL) async throws(StoreError) {
        try await store.removeFeed(url)
    }
}
