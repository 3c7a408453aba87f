import NewsModels

/// Settings for some feeds (`[[feed]]` in the config file), named by one of `url`, `title` or
/// `tag`. The most specific rule that names a feed wins, setting by setting: its address, then its
/// title, then one of its tags, then the config file's own settings.
public struct FeedRule: Sendable, Equatable {
    public enum Selector: Sendable, Equatable {
        /// The address as the urls file writes it.
        case url(String)
        /// The title shown (the user's name, else the feed's own).
        case title(String)
        case tag(String)

        /// 0 for an address, 1 for a title, 2 for a tag: lower wins.
        public var rank: Int {
            switch self {
            case .url: 0
            case .title: 1
            case .tag: 2
            }
        }
    }

    public var selector: Selector
    /// The 1-based line of the rule, for messages.
    public var line: Int
    /// Minutes after which the app refreshes the feed at launch.
    public var refreshInterval: Int?
    public var fullText: FullTextMode?
    /// Read items kept for the feed.
    public var maxItems: Int?
    public var images: ImagesChoice?
    /// The name its items are shown under, instead of its own.
    public var rename: String?

    public init(
        selector: Selector, line: Int, refreshInterval: Int? = nil, fullText: FullTextMode? = nil,
        maxItems: Int? = nil, images: ImagesChoice? = nil, rename: String? = nil
    ) {
        self.selector = selector
        self.line = line
        self.refreshInterval = refreshInterval
        self.fullText = fullText
        self.maxItems = maxItems
        self.images = images
        self.rename = rename
    }
}
