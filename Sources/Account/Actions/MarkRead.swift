import NewsModels
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Read and unread

extension Account {
    /// Marks `article` read: a feed item through ``NewsStore/setMark(_:on:at:)`` (keeping an
    /// earlier read time, its change queued when a feed service syncs it), any other article by
    /// its address.
    public func markRead(_ article: Article) async throws(StoreError) {
        if let item = article.feedItem {
            try await setRead(item, read: true)
        } else {
            try await store.markRead(article.url)
        }
    }

    /// Marks the feed item `item` read or unread (`mark unread` in an article).
    public func setRead(_ item: FeedItemReference, read: Bool) async throws(StoreError) {
        try await store.setMark(.read(read), on: .item(feed: item.feed, itemID: item.item))
    }

    /// Marks every unread item of `selection` read (`mark read` on a list, a feed or a query
    /// feed); returns how many there were. `time` is the time they get: one that ``markUnread(readAt:)``
    /// can find them by again, for `undo`.
    @discardableResult
    public func markAllRead(_ selection: ItemSelection, at time: TimeInterval? = nil) async throws(StoreError)
        -> Int
    {
        switch selection {
        case .feeds(let urls): try await store.setMark(.read(true), on: .feeds(urls), at: time)
        case .filtered(let filter): try await store.setMark(.read(true), on: .filter(filter), at: time)
        }
    }

    /// Marks unread again the feed items marked read at `time` exactly: an undone
    /// ``markAllRead(_:at:)``. Returns how many.
    @discardableResult
    public func markUnread(readAt time: TimeInterval) async throws(StoreError) -> Int {
        try await store.setMark(.read(false), on: .readAt(time))
    }
}
