#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A feed service's feed as stored: for the feed lists, which show it beside the urls file's.
public struct SyncedFeed: Sendable, Equatable {
    public var url: URL
    public var streamID: String
    public var title: String?
    public var labels: [String]

    public init(url: URL, streamID: String, title: String?, labels: [String]) {
        self.url = url
        self.streamID = streamID
        self.title = title
        self.labels = labels
    }
}
