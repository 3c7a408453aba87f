#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A stored feed as a list of feeds shows it.
public struct StoredFeedSummary: Sendable, Equatable {
    public var url: URL
    /// The feed's own title; nil until a document with one was stored.
    public var title: String?
    public var siteURL: URL?
    public var itemCount: Int
    public var unreadCount: Int
    public var lastAttemptAt: Date?
    /// The last answer 200 or 304.
    public var lastSuccessAt: Date?
    /// Why the last attempt failed; nil after a success.
    public var lastError: String?
    /// Why the last document was not read whole (``FeedDamage/sentence``); nil otherwise.
    public var lastWarning: String?
    public var retryAfter: Date?

    public init(
        url: URL, title: String? = nil, siteURL: URL? = nil, itemCount: Int = 0, unreadCount: Int = 0,
        lastAttemptAt: Date? = nil, lastSuccessAt: Date? = nil, lastError: String? = nil,
        lastWarning: String? = nil, retryAfter: Date? = nil
    ) {
        self.url = url
        self.title = title
        self.siteURL = siteURL
        self.itemCount = itemCount
        self.unreadCount = unreadCount
        self.lastAttemptAt = lastAttemptAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.lastWarning = lastWarning
        self.retryAfter = retryAfter
    }
}
