import FilterLanguage

/// A rule of the killfile (`[[ignore_article]]` in the config file, newsboat's `ignore-article`):
/// items of `feed` (any feed when nil, newsboat's `*`) that the expression chooses are ignored as
/// they arrive.
public struct KillRule: Sendable, Equatable {
    /// The feed's address as the urls file writes it; nil for every feed.
    public var feed: String?
    /// The expression as written.
    public var text: String
    public var expression: FilterExpression

    public init(feed: String?, text: String, expression: FilterExpression) {
        self.feed = feed
        self.text = text
        self.expression = expression
    }
}

/// newsboat's `ignore-mode`: what becomes of an ignored item.
public enum IgnoreMode: String, Sendable, CaseIterable {
    /// It is not stored at all (newsboat's default).
    case download
    /// It is stored, but no list shows it; removing the rule brings it back.
    case display
}
