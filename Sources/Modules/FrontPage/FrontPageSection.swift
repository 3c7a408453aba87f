import NewsModels

/// One section of the front page: a category's newest headlines, or the newest items of a tag's
/// feeds (or of the feeds without a tag).
public struct FrontPageSection: Sendable, Equatable {
    /// What the section shows, and what `c NAME` opens for it.
    public enum Source: Sendable, Hashable {
        /// A category's top headlines.
        case category(NewsCategory)
        /// Feed items: a tag's, or (``FeedScope/untagged``) those of the feeds without a tag.
        case feeds(FeedScope)
    }

    /// Where the section is in its life.
    public enum Phase: Sendable, Equatable {
        case loading
        case loaded
        /// It could not be loaded; one sentence saying why.
        case failed(String)
        /// The user cancelled its load (Ctrl-C) before it arrived.
        case cancelled
        /// It was held back for NewsAPI's daily quota (or NewsAPI refused it for its pace) and no
        /// copy is stored; the page says why once (``FrontPageState/heldRequests``).
        case held
    }

    /// `Science`, a tag as written, or `Feeds`.
    public var title: String
    public var source: Source
    public var phase: Phase
    /// The newest headlines or items shown, newest first.
    public var items: [Article]
    /// For a category, the unread among the headlines fetched; for feeds, the unread items of
    /// the scope.
    public var unreadCount: Int
    /// Where a category's headlines came from: the network, or the store and why; nil for feeds.
    public var origin: PageOrigin?
    /// True while stored headlines are shown and the network's are on their way.
    public var isRefreshing = false
    /// Why the last reload failed while the items shown stayed, one sentence.
    public var refreshError: String?

    public init(
        title: String, source: Source, phase: Phase = .loading, items: [Article] = [], unreadCount: Int = 0,
        origin: PageOrigin? = nil
    ) {
        self.title = title
        self.source = source
        self.phase = phase
        self.items = items
        self.unreadCount = unreadCount
        self.origin = origin
    }

    /// A category's section, not loaded yet.
    public static func category(_ category: NewsCategory) -> FrontPageSection {
        FrontPageSection(title: category.displayName, source: .category(category))
    }

    /// The feeds' place on the page while their sections (one per tag) are on their way, or when
    /// they could not be read or there are none.
    public static let feedsPending = FrontPageSection(title: "Feeds", source: .feeds(.all))

    /// What `c NAME` calls the section: a category's keyword, else the title.
    public var name: String {
        if case .category(let category) = source { return category.rawValue }
        return title
    }

    /// The lowercased names the section answers to.
    var names: [String] { Array(Set([name.lowercased(), title.lowercased()])) }

    /// A category section can always be opened; a feed section once it has arrived.
    var canBeOpened: Bool {
        if case .feeds(.all) = source { return false }
        if case .feeds = source { return phase == .loaded }
        return true
    }
}
