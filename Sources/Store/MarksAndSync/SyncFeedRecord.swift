#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A feed a feed service subscribes to, for ``NewsStore/applySyncFeeds(_:)``.
public struct SyncFeedRecord: Sendable, Equatable {
    /// The service's stream id, `feed/42`.
    public var streamID: String
    /// The feed's own address: the feed row's `url`.
    public var url: URL
    public var title: String?
    public var siteURL: URL?
    /// Its labels at the service, which are its tags here.
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
