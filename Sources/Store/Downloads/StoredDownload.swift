#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A podcast download in the queue, as the store keeps it.
public struct StoredDownload: Sendable, Equatable {
    public enum State: String, Sendable {
        case queued, downloading, done, failed
    }

    public var id: Int64
    /// The enclosure's address.
    public var url: URL
    /// Its item's title, and its feed's.
    public var title: String
    public var feedTitle: String?
    public var type: String?
    /// The length the feed announces; nil when it does not.
    public var length: Int64?
    public var state: State
    /// The partial file while it downloads, the finished file once done.
    public var path: String?
    public var received: Int64
    /// The whole file's size, once the server said it.
    public var total: Int64?
    public var error: String?
    public var queuedAt: Date
    public var finishedAt: Date?
    /// True when it is `downloading` but no running process has it: the one that took it ended
    /// without a word (killed, crashed, the machine went down). Its partial file stays, and the
    /// next `newsapp downloads run` resumes it.
    public var interrupted: Bool

    public init(
        id: Int64, url: URL, title: String, feedTitle: String? = nil, type: String? = nil,
        length: Int64? = nil,
        state: State = .queued, path: String? = nil, received: Int64 = 0, total: Int64? = nil,
        error: String? = nil, queuedAt: Date, finishedAt: Date? = nil, interrupted: Bool = false
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.feedTitle = feedTitle
        self.type = type
        self.length = length
        self.state = state
        self.path = path
        self.received = received
        self.total = total
        self.error = error
        self.queuedAt = queuedAt
        self.finishedAt = finishedAt
        self.interrupted = interrupted
    }
}
