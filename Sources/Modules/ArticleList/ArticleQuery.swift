import NewsModels

/// What an article list shows.
public enum ArticleQuery: Sendable, Hashable {
    /// Top headlines, optionally of one category.
    case headlines(NewsCategory?)
    /// Articles matching words, in an order.
    case search(String, ArticleSortOrder)
    /// The articles the reader saved, the most recently saved first.
    case saved
    /// The items of subscribed feeds, newest first (only the unread ones when `unreadOnly`), under
    /// `title`: the feed's title, or the tag's name.
    case feed(FeedScope, title: String, unreadOnly: Bool)

    /// The feeds a feed list shows; nil for other lists.
    public var feedScope: FeedScope? {
        if case .feed(let scope, _, _) = self { return scope }
        return nil
    }
}
