#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A subscription at a feed service, as its list of subscriptions gives it: what the sync reads
/// and the store keeps as one of its feeds (``streamID`` marks it the service's).
public struct ServiceFeed: Sendable, Hashable {
    /// The service's stream id, `feed/42` (FreshRSS) or `feed/https://…` (others): how items name
    /// their feed and how the feed is edited.
    public var streamID: String
    /// The feed's own address; when the service gives none, the stream's address at the service.
    public var url: URL
    /// The name the service shows, cleaned; nil when it gives none.
    public var title: String?
    /// The feed's web site.
    public var siteURL: URL?
    /// Its labels (folders), cleaned, in the service's order: they become its tags.
    public var labels: [String]

    public init(streamID: String, url: URL, title: String? = nil, siteURL: URL? = nil, labels: [String] = [])
    {
        self.streamID = streamID
        self.url = url
        self.title = title
        self.siteURL = siteURL
        self.labels = labels
    }
}
