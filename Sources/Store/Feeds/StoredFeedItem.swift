import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A stored feed item, as it was last written, with the user's marks.
public struct StoredFeedItem: Sendable, Equatable {
    /// The item as the last document that held it gave it.
    public var item: FeedItem
    public var read: Bool
    public var saved: Bool
    /// The feed's address.
    public var feedURL: URL
    /// The name the item is shown under (see ``FeedRecord/sourceName``).
    public var sourceName: String
    /// When the item was first stored.
    public var firstSeenAt: Date

    public init(item: FeedItem, read: Bool, saved: Bool, feedURL: URL, sourceName: String, firstSeenAt: Date)
    {
        self.item = item
        self.read = read
        self.saved = saved
        self.feedURL = feedURL
        self.sourceName = sourceName
        self.firstSeenAt = firstSeenAt
    }
}
