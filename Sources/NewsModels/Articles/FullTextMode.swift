/// When the article screen fetches the page by itself (`full_text` in the config file); `full`
/// always does.
public enum FullTextMode: String, Sendable, CaseIterable {
    /// When the article's text is cut off: NewsAPI's `[+N chars]`, a feed item with only a
    /// summary, or a text that ends in an ellipsis or "Read more".
    case auto
    /// For every article opened, for feeds whose items carry a teaser that looks whole.
    case on
    /// Never: only `full` fetches.
    case off
}
