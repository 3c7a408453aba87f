import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the refresh needs to know of a stored feed before asking for it again.
public struct StoredFeedState: Sendable, Equatable {
    public var url: URL
    /// Sent back as `If-None-Match` and `If-Modified-Since`; empty after ``NewsStore/clear()``,
    /// so that the next answer is a whole document.
    public var validators: FeedValidators
    /// Not to be asked before this.
    public var retryAfter: Date?
    public var lastAttemptAt: Date?
    /// The last answer 200 or 304.
    public var lastSuccessAt: Date?
    /// The last document stored.
    public var lastFetchedAt: Date?
    /// Why the last attempt failed; nil after a success.
    public var lastError: String?

    public init(
        url: URL, validators: FeedValidators, retryAfter: Date? = nil, lastAttemptAt: Date? = nil,
        lastSuccessAt: Date? = nil, lastFetchedAt: Date? = nil, lastError: String? = nil
    ) {
        self.url = url
        self.validators = validators
        self.retryAfter = retryAfter
        self.lastAttemptAt = lastAttemptAt
        self.lastSuccessAt = lastSuccessAt
        self.lastFetchedAt = lastFetchedAt
        self.lastError = lastError
    }
}
