/// What a filter expression can say of an item: its values, as the store keeps them.
public struct FilterItem: Sendable, Hashable {
    public var title: String
    /// Empty when the item has no link of its own.
    public var link: String
    public var author: String
    /// Its content, else its summary.
    public var content: String
    /// Its date in seconds since 1970: published, else updated, else when it was first stored.
    public var date: Double
    public var unread: Bool
    public var saved: Bool
    public var guid: String
    public var enclosureURL: String
    public var enclosureType: String
    public var feed: FilterFeed

    public init(
        title: String, link: String = "", author: String = "", content: String = "", date: Double,
        unread: Bool = true, saved: Bool = false, guid: String = "", enclosureURL: String = "",
        enclosureType: String = "", feed: FilterFeed
    ) {
        self.title = title
        self.link = link
        self.author = author
        self.content = content
        self.date = date
        self.unread = unread
        self.saved = saved
        self.guid = guid
        self.enclosureURL = enclosureURL
        self.enclosureType = enclosureType
        self.feed = feed
    }
}
