import FilterLanguage

/// A rule of the killfile (`[[ignore_article]]` in the config file, newsboat's `ignore-article`):
/// items of `feed` (any feed when nil, newsboat's `*`) that the expression chooses are ignored as
/// they arrive.
struct KillRule: Sendable, Equatable {
    /// The feed's address as the urls file writes it; nil for every feed.
    var feed: String?
    /// The expression as written.
    var text: String
    var expression: FilterExpression
}

/// newsboat's `ignore-mode`: what becomes of an ignored item.
enum IgnoreMode: String, Sendable, CaseIterable {
    /// It is not stored at all (newsboat's default).
    case download
    /// It is stored, but no list shows it; removing the rule brings it back.
    case display
}
