/// Where the front page's sections come from; the composition root says which sources a session
/// has.
public struct FrontPageSources: Sendable, Hashable {
    /// One section per ``NewsCategory``, from the news service: NewsAPI or the sample edition.
    public var categories: Bool
    /// The feeds' sections: one per tag, then `Feeds` for the feeds without a tag.
    public var feeds: Bool

    public init(categories: Bool = true, feeds: Bool = false) {
        self.categories = categories
        self.feeds = feeds
    }
}
