#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An item of a feed service's stream, read and made into a feed item, with its marks at the
/// service: what the sync reads and the store writes as an item of the feed ``feed`` names.
public struct ServiceItem: Sendable {
    public var id: ItemID
    /// The stream id of its feed (`origin.streamId`).
    public var feed: String
    /// Its text as a feed's items have it; its id is the long form of ``id``.
    public var item: FeedItem
    public var read: Bool
    public var starred: Bool

    public init(id: ItemID, feed: String, item: FeedItem, read: Bool, starred: Bool) {
        self.id = id
        self.feed = feed
        self.item = item
        self.read = read
        self.starred = starred
    }
}
