import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the reader has done with articles: which were opened (read) and which were kept (saved).
/// The executable backs it with the local store; sessions without one use ``NoReadingList``.
/// Screens ask; they never learn where the marks are kept.
///
/// Articles are told apart by ``Article/id``: an address for NewsAPI's, a feed and an item id
/// for a feed's, whose items may share an address.
public protocol ReadingList: Sendable {
    /// Marks `article` read. Failing to remember it is not worth a message.
    func markRead(_ article: Article) async
    /// Which of `articles` have been read.
    func readArticles(among articles: [Article]) async -> Set<ArticleID>
    /// Keeps `article` until it is unsaved; saved articles are never evicted.
    func save(_ article: Article) async throws(ReadingListError)
    /// Stops keeping `article`.
    func unsave(_ article: Article) async throws(ReadingListError)
    /// True when `article` is saved.
    func isSaved(_ article: Article) async -> Bool
    /// Every saved article, the most recently saved first.
    func savedArticles() async throws(ReadingListError) -> [Article]
}

/// Why a reading-list change or lookup did not happen, as one sentence for the screen.
public struct ReadingListError: Error, Sendable, Equatable {
    public var sentence: String

    public init(_ sentence: String) {
        self.sentence = sentence
    }

    /// There is no store to keep marks in (it could not be opened, or the session has none).
    public static let unavailable = ReadingListError(
        "Saving needs the local article store, which is not available in this session.")
}

/// For sessions without a store: nothing is read, nothing can be saved.
public struct NoReadingList: ReadingList {
    public init() {}
    public func markRead(_ article: Article) async {}
    public func readArticles(among articles: [Article]) async -> Set<ArticleID> { [] }
    public func save(_ article: Article) async throws(ReadingListError) { throw .unavailable }
    public func unsave(_ article: Article) async throws(ReadingListError) { throw .unavailable }
    public func isSaved(_ article: Article) async -> Bool { false }
    public func savedArticles() async throws(ReadingListError) -> [Article] { throw .unavailable }
}
