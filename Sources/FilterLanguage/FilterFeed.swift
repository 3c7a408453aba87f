/// What a filter expression can say of a feed, for its items' feed attributes.
public struct FilterFeed: Sendable, Hashable {
    /// The address as the urls file writes it (`exec:…` for a command's feed).
    public var url: String
    /// The name its items are shown under.
    public var title: String
    /// Its web site; empty when unknown.
    public var link: String
    public var tags: [String]
    public var unreadCount: Int
    public var totalCount: Int
    /// Its place in the urls file, from 1.
    public var index: Int

    public init(
        url: String, title: String, link: String = "", tags: [String] = [], unreadCount: Int = 0,
        totalCount: Int = 0, index: Int = 0
    ) {
        self.url = url
        self.title = title
        self.link = link
        self.tags = tags
        self.unreadCount = unreadCount
        self.totalCount = totalCount
        self.index = index
    }
}
