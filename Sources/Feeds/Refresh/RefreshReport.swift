#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a refresh went, feed by feed and in all.
public struct RefreshReport: Sendable {
    /// One line per subscription, in the order they were given.
    public var feeds: [FeedReport]
    /// From the first request to the last write.
    public var duration: Duration
    /// The most bytes of bodies and unwritten documents held at once (see ``ByteBudget``).
    public var mostBytesHeld: Int

    public init(feeds: [FeedReport], duration: Duration, mostBytesHeld: Int = 0) {
        self.feeds = feeds
        self.duration = duration
        self.mostBytesHeld = mostBytesHeld
    }

    public var updatedCount: Int { feeds.count { if case .updated = $0.status { true } else { false } } }
    public var unchangedCount: Int { feeds.count { $0.status == .unchanged } }
    public var failedCount: Int { feeds.count { if case .failed = $0.status { true } else { false } } }
    public var skippedCount: Int { feeds.count { if case .skipped = $0.status { true } else { false } } }
    public var newItems: Int { feeds.reduce(0) { $0 + $1.counts.new } }
    public var updatedItems: Int { feeds.reduce(0) { $0 + $1.counts.updated } }

    /// ``duration`` in seconds.
    public var seconds: Double { duration.seconds }

    /// True when at least one feed answered (with a document or `304 Not Modified`).
    public var anyRefreshed: Bool { updatedCount + unchangedCount > 0 }
}

/// What a refresh did with one feed.
public struct FeedReport: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// A document was read and stored.
        case updated
        /// `304 Not Modified`.
        case unchanged
        /// The sentence says why.
        case failed(String)
        /// Not asked: the server had asked to wait until then.
        case skipped(until: Date)
    }

    public var subscription: Subscription
    public var status: Status
    /// Items added and changed in the store.
    public var counts: ItemCounts
    /// The feed's own title, when a document was read.
    public var title: String?
    /// Where the feed lives now, after permanent redirects.
    public var movedTo: URL?
    /// The answer's body in bytes, after decompression.
    public var bytes: Int

    public init(
        subscription: Subscription, status: Status, counts: ItemCounts = ItemCounts(), title: String? = nil,
        movedTo: URL? = nil, bytes: Int = 0
    ) {
        self.subscription = subscription
        self.status = status
        self.counts = counts
        self.title = title
        self.movedTo = movedTo
        self.bytes = bytes
    }
}
