/// Why a body gave no feed. Each case has a one-line ``sentence`` for the screen.
public enum FeedParseError: Error, Sendable, Equatable {
    /// The body is larger than `limit` bytes and was refused as it arrived.
    case tooLarge(limit: Int)
    /// The body is an HTML page, not a feed; the page may announce its feeds
    /// (``FeedDiscovery``).
    case htmlPage
    /// The body is something else than a feed; a short reason, e.g. "the document is an XML
    /// <svg>, not a feed".
    case notAFeed(String)
    /// Nothing could be read from the body; a short reason.
    case malformed(String)

    /// A one-line description for the screen.
    public var sentence: String {
        switch self {
        case .tooLarge(let limit):
            let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
            return "The feed is larger than \(size), the most NewsApp reads, and was refused."
        case .htmlPage:
            return "The address gives a web page, not a feed."
        case .notAFeed(let reason):
            return "The address does not give a feed: \(reason)."
        case .malformed(let reason):
            return "The feed cannot be read: \(reason)."
        }
    }
}
