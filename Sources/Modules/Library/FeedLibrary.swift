import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The user's feeds as the screens see them: the subscriptions, their items as ``Article``s,
/// marking them read, and refreshing. The executable backs it with the urls file and the local
/// store; sessions without feeds use ``NoFeedLibrary``. Screens ask; they never learn where feeds
/// are kept.
///
/// Items come newest first (undated last); an item's ``Article/feedItem`` says which feed and
/// which item it is, and read marks go through the ``ReadingList`` like every article's.
public protocol FeedLibrary: Sendable {
    /// The subscriptions, in the order of the urls file, with what is known of each.
    func feeds() async throws(FeedLibraryError) -> [FeedSummary]
    /// The front page's feed sections: one per tag, in the order the urls file first uses them,
    /// then `Feeds` for the feeds without a tag; each with its unread count and its newest
    /// `limit` items. Empty when there are no feeds.
    func sections(itemsEach limit: Int) async throws(FeedLibraryError) -> [FeedSection]
    /// Page `page` (from 1) of `scope`'s items, newest first; only unread ones when `unreadOnly`.
    /// `totalResults` counts every item of the scope that qualifies.
    func items(in scope: FeedScope, unreadOnly: Bool, page: Int, pageSize: Int) async throws(FeedLibraryError)
        -> ArticlePage
    /// Marks every item of `scope` read and says how many were unread.
    func markAllRead(in scope: FeedScope) async throws(FeedLibraryError) -> Int
    /// As ``markAllRead(in:)``, saying also how to take it back with ``undo(_:)``.
    func markAllReadUndoably(in scope: FeedScope) async throws(FeedLibraryError) -> ReadMarking
    /// Marks unread again what `marking` marked read; says how many.
    func undo(_ marking: ReadMarking) async throws(FeedLibraryError) -> Int
    /// Marks the feed item `article` read or unread.
    func setRead(_ article: Article, read: Bool) async throws(FeedLibraryError)
    /// The next unread item after `article` (nil: from the start) in `scope`'s order, then, for a
    /// feed, in the feeds that follow it in the urls file (and those before it, from the first);
    /// nil when nothing is unread.
    func nextUnread(after article: Article?, in scope: FeedScope) async -> Article?
    /// Refreshes the feeds (only those not refreshed for `interval`, when given), telling
    /// `progress` as feeds are done and items stored, and says how it went.
    func refresh(
        olderThan interval: Duration?, progress: @escaping @Sendable (RefreshProgress) -> Void
    ) async -> FeedRefreshSummary
}

/// For libraries that keep no way back (test doubles): a marking that cannot be taken back, and
/// read marks that cannot be changed one by one.
extension FeedLibrary {
    /// As ``markAllRead(in:)``, with no way back.
    public func markAllReadUndoably(in scope: FeedScope) async throws(FeedLibraryError) -> ReadMarking {
        ReadMarking(count: try await markAllRead(in: scope), time: nil)
    }

    public func undo(_ marking: ReadMarking) async throws(FeedLibraryError) -> Int { 0 }

    public func setRead(_ article: Article, read: Bool) async throws(FeedLibraryError) {
        throw FeedLibraryError("Read marks cannot be changed here.")
    }
}

/// What a `mark read` did, to take back with `undo`: how many items it marked, and the time it
/// gave them (nil when it cannot be taken back).
public struct ReadMarking: Sendable, Hashable {
    public var count: Int
    public var time: Double?

    public init(count: Int, time: Double?) {
        self.count = count
        self.time = time
    }
}

/// Which items a feed list shows.
public indirect enum FeedScope: Sendable, Hashable {
    /// One feed, by its address (a query feed's is `query:NAME`).
    case feed(URL)
    /// The feeds with a tag.
    case tag(String)
    /// The feeds with no tag.
    case untagged
    /// Every feed.
    case all
    /// The items of a scope that a filter expression (newsboat's filter language) chooses.
    case filtered(FeedScope, expression: String)

    /// The scope without its filters.
    public var unfiltered: FeedScope {
        if case .filtered(let base, _) = self { return base.unfiltered }
        return self
    }
}

/// A subscription and what is known of it.
public struct FeedSummary: Sendable, Hashable {
    public var url: URL
    /// The user's name for it, else the feed's own title, else its host.
    public var title: String
    public var tags: [String]
    public var itemCount: Int
    public var unreadCount: Int
    /// When it was last asked for; nil before its first refresh.
    public var lastRefresh: Date?
    /// Why the last refresh failed, one sentence; nil when it did not.
    public var failure: String?
    /// The feed service it is synced with (its host), when it comes from one.
    public var service: String?
    /// A query feed's expression (`title =~ "river"`), when it is one: its items are other
    /// feeds' items, so it has no refresh of its own.
    public var query: String?

    public init(
        url: URL, title: String, tags: [String] = [], itemCount: Int = 0, unreadCount: Int = 0,
        lastRefresh: Date? = nil, failure: String? = nil, service: String? = nil, query: String? = nil
    ) {
        self.url = url
        self.title = title
        self.tags = tags
        self.itemCount = itemCount
        self.unreadCount = unreadCount
        self.lastRefresh = lastRefresh
        self.failure = failure
        self.service = service
        self.query = query
    }
}

/// A section of the front page made of feeds.
public struct FeedSection: Sendable, Hashable {
    /// The tag, or `Feeds` for the untagged feeds.
    public var title: String
    public var scope: FeedScope
    public var unreadCount: Int
    /// The newest items, newest first.
    public var items: [Article]

    public init(title: String, scope: FeedScope, unreadCount: Int, items: [Article]) {
        self.title = title
        self.scope = scope
        self.unreadCount = unreadCount
        self.items = items
    }
}

/// How a refresh went.
public struct FeedRefreshSummary: Sendable, Hashable {
    /// `199 feeds: 197 updated, 2 failed · 412 new`, one line for the screen.
    public var sentence: String
    public var newItems: Int
    public var failed: Int
    /// True when at least one feed answered.
    public var anyRefreshed: Bool

    public init(sentence: String, newItems: Int = 0, failed: Int = 0, anyRefreshed: Bool = true) {
        self.sentence = sentence
        self.newItems = newItems
        self.failed = failed
        self.anyRefreshed = anyRefreshed
    }
}

/// Why the feeds could not be read, one sentence for the screen.
public struct FeedLibraryError: Error, Sendable, Equatable {
    public var sentence: String
    /// False when asking again cannot help (a tag no feed has), so no screen offers `r`.
    public var retryHelps: Bool

    public init(_ sentence: String, retryHelps: Bool = true) {
        self.sentence = sentence
        self.retryHelps = retryHelps
    }
}

/// For sessions without feeds: none are subscribed, nothing is refreshed.
public struct NoFeedLibrary: FeedLibrary {
    public init() {}
    public func feeds() async throws(FeedLibraryError) -> [FeedSummary] { [] }
    public func sections(itemsEach limit: Int) async throws(FeedLibraryError) -> [FeedSection] { [] }
    public func items(in scope: FeedScope, unreadOnly: Bool, page: Int, pageSize: Int)
        async throws(FeedLibraryError)
        -> ArticlePage
    {
        ArticlePage(articles: [], totalResults: 0, page: page, pageSize: pageSize)
    }
    public func markAllRead(in scope: FeedScope) async throws(FeedLibraryError) -> Int { 0 }
    public func nextUnread(after article: Article?, in scope: FeedScope) async -> Article? { nil }
    public func refresh(
        olderThan interval: Duration?, progress: @escaping @Sendable (RefreshProgress) -> Void
    ) async -> FeedRefreshSummary {
        FeedRefreshSummary(sentence: "There are no feeds to refresh.", anyRefreshed: false)
    }
}
