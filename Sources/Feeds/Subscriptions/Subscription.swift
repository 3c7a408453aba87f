import Foundation

/// One feed the user reads: a line of newsboat's urls file, or an outline of an OPML file.
public struct Subscription: Sendable, Hashable {
    /// The feed's address (http or https).
    public var url: URL
    /// The tags the user gave it, in order, each once; shown as sections and usable as filters.
    public var tags: [String]
    /// The name the user chose (`"~Title"` in the urls file), shown instead of the feed's own.
    public var title: String?

    public init(url: URL, tags: [String] = [], title: String? = nil) {
        self.url = url
        self.tags = tags
        self.title = title
    }
}
