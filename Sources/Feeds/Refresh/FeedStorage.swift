import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a refresh reads what it knew of each feed and writes what it learned. The app backs it
/// with the local store; tests can back it with anything.
public protocol FeedStorage: Sendable {
    /// What is known of the feeds among `urls` (absent ones are new).
    func states(for urls: [URL]) async throws -> [URL: FeedState]
    /// Writes `outcomes` in one transaction, so a feed is never half-written; returns how many
    /// items each feed (by ``FeedOutcome/url``) gained and how many changed.
    func write(_ outcomes: [FeedOutcome]) async throws -> [URL: ItemCounts]
}

/// Why storage failed, for the sentence a refresh shows: "The feed could not be stored (REASON)."
public struct FeedStorageError: Error, Sendable, Equatable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

/// What a refresh needs to know of a feed before asking for it.
public struct FeedState: Sendable, Equatable {
    /// Sent back so that an unchanged feed is answered `304 Not Modified`.
    public var validators: FeedValidators
    /// The server asked not to be asked again before this (`Retry-After`).
    public var retryAfter: Date?

    public init(validators: FeedValidators = FeedValidators(), retryAfter: Date? = nil) {
        self.validators = validators
        self.retryAfter = retryAfter
    }
}

/// Items a write added and changed.
public struct ItemCounts: Sendable, Equatable {
    public var new: Int
    public var updated: Int

    public init(new: Int = 0, updated: Int = 0) {
        self.new = new
        self.updated = updated
    }

    public static func + (lhs: ItemCounts, rhs: ItemCounts) -> ItemCounts {
        ItemCounts(new: lhs.new + rhs.new, updated: lhs.updated + rhs.updated)
    }
}

/// What asking for one feed gave.
public struct FeedOutcome: Sendable {
    public enum Result: Sendable {
        /// A document, read; its items are to be stored.
        case fetched(FeedDocument, validators: FeedValidators)
        /// `304 Not Modified`: nothing was parsed.
        case notModified(validators: FeedValidators?)
        /// Why the feed could not be read; when the server said when to come back, that too.
        case failed(FeedFailure)
        /// Not asked at all: the server had asked to wait until then.
        case skipped(until: Date)
    }

    /// The subscription the refresh started from.
    public var subscription: Subscription
    /// Where the feed lives now when it answered through permanent redirects (301, 308).
    public var movedTo: URL?
    public var result: Result
    public var attemptedAt: Date
    /// The bytes of the answer's body (after decompression), 0 when there was none.
    public var bytes: Int
    /// The ids of the document's items the killfile hides (``Killfile/Mode/display``): stored,
    /// never shown.
    public var hiddenItems: Set<String> = []
    /// The bytes of its body this outcome holds in its refresh's ``ByteBudget``: given back once
    /// its document is written.
    var heldBytes = 0

    public init(
        subscription: Subscription, movedTo: URL? = nil, result: Result, attemptedAt: Date, bytes: Int = 0
    ) {
        self.subscription = subscription
        self.movedTo = movedTo
        self.result = result
        self.attemptedAt = attemptedAt
        self.bytes = bytes
    }

    /// The subscription's address.
    public var url: URL { subscription.url }

    /// The items the outcome carries, for batching writes.
    public var itemCount: Int {
        if case .fetched(let document, _) = result { return document.items.count }
        return 0
    }

    /// The name its items are shown under: the user's, else the feed's own; nil when this outcome
    /// does not say (a `304` or a failure), so the stored name stays.
    public var sourceName: String? {
        if let title = subscription.title { return title }
        if case .fetched(let document, _) = result, let title = document.title, !title.isEmpty {
            return title
        }
        return nil
    }
}
