import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A feed service's item, for ``NewsStore/writeSyncItems(_:state:)``.
public struct SyncItemRecord: Sendable {
    /// The service's numeric id of the item.
    public var serviceID: Int64
    /// The stream id of its feed.
    public var streamID: String
    /// Its text; `item.id` is the service's long id, kept as the item's id.
    public var item: FeedItem
    public var read: Bool
    public var starred: Bool

    public init(serviceID: Int64, streamID: String, item: FeedItem, read: Bool, starred: Bool) {
        self.serviceID = serviceID
        self.streamID = streamID
        self.item = item
        self.read = read
        self.starred = starred
    }
}
