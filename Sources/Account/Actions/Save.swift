import NewsModels
import Store

// MARK: - Saved and unsaved

extension Account {
    /// Saves `article`: a feed item through ``NewsStore/setMark(_:on:at:)`` (starred at a feed
    /// service that syncs it, its change queued with the mark), any other article as a copy in
    /// the store. A saved article outlives retention and unsubscribing.
    public func save(_ article: Article) async throws(StoreError) {
        if let item = article.feedItem {
            try await store.setMark(.saved(true), on: .item(feed: item.feed, itemID: item.item))
        } else {
            try await store.save(article)
        }
    }

    /// Unsaves `article`, as ``save(_:)`` saves it.
    public func unsave(_ article: Article) async throws(StoreError) {
        if let item = article.feedItem {
            try await store.setMark(.saved(false), on: .item(feed: item.feed, itemID: item.item))
        } else {
            try await store.unsave(article.url)
        }
    }
}
