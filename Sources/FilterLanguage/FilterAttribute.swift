/// What a filter expression compares: an attribute of an item, or of the feed it came from.
///
/// Every attribute has a text value, as in newsboat, where the language comes from: `unread` is
/// `yes` or `no`, `age` is a number of days written in digits, `tags` are the feed's tags separated
/// by spaces, and an absent value (an item without an author) is empty text.
public enum FilterAttribute: String, CaseIterable, Sendable, Hashable {
    case title
    /// The item's own link; empty when it has none.
    case link
    case author
    /// The item's text: its content, else its summary.
    case content
    /// The item's date (published, else updated, else when it was first stored), as newsboat writes
    /// it: `Tue, 24 Nov 2026 06:10:00 +0000` (in UTC).
    case date
    /// Whole days since ``date``.
    case age
    /// `yes` or `no`.
    case unread
    /// `s` for a saved item, else empty (newsboat's flags are letters the user sets; saving is
    /// NewsApp's only one).
    case flags
    /// The item's id in its feed (guid, Atom id, JSON Feed id, else its link or a hash).
    case guid
    /// The first enclosure's address and type; empty without an enclosure.
    case enclosureURL = "enclosure_url"
    case enclosureType = "enclosure_type"
    /// The feed's name as shown: the user's (`~Title`, a rename), else the feed's own title.
    case feedTitle = "feedtitle"
    /// The feed's address as the urls file writes it (`exec:…` for a command).
    case feedURL = "rssurl"
    /// The feed's web site.
    case feedLink = "feedlink"
    /// The feed's tags, separated by spaces.
    case tags
    case unreadCount = "unread_count"
    case totalCount = "total_count"
    /// The feed's place in the urls file, from 1.
    case feedIndex = "feedindex"

    /// Other names for attributes: `feedurl` reads better than newsboat's `rssurl`.
    static let aliases: [String: FilterAttribute] = ["feedurl": .feedURL]

    /// newsboat's attributes that NewsApp does not keep, and why.
    static let unavailable: [String: String] = [
        "description": "NewsApp does not keep a feed's description",
        "feeddate": "NewsApp does not keep a feed's own date",
        "articleindex": "an article's place changes with the list it is in",
    ]

    /// The attribute called `name` (any case), nil when there is none.
    public static func named(_ name: String) -> FilterAttribute? {
        let lowered = name.lowercased()
        return FilterAttribute(rawValue: lowered) ?? aliases[lowered]
    }

    /// True for an attribute of the feed rather than of the item: it has one value for every item
    /// of a feed, so a store can decide it once per feed.
    public var isFeedLevel: Bool {
        switch self {
        case .feedTitle, .feedURL, .feedLink, .tags, .unreadCount, .totalCount, .feedIndex: true
        default: false
        }
    }

    /// True when the value is a whole number (`age`, the counts, the index) rather than text.
    public var isNumber: Bool {
        switch self {
        case .age, .unreadCount, .totalCount, .feedIndex: true
        default: false
        }
    }

    /// The attribute's name as it is written in an expression.
    public var name: String { rawValue }
}
