import Foundation

/// The account a ``ReaderAPIStubServer`` serves: its feeds with their labels, and their items with
/// their read and starred marks, as a Google Reader API service keeps them. Item ids are crawl
/// times in microseconds, as FreshRSS's are, so newer items have larger ids and `ot` (items
/// crawled since a time) is a comparison of ids.
public struct ReaderAPIAccount: Sendable {
    public struct Feed: Sendable, Equatable {
        public var id: Int
        public var title: String
        public var url: String
        public var siteURL: String
        public var labels: [String]

        /// `feed/ID`.
        public var streamID: String { "feed/\(id)" }
    }

    public struct Item: Sendable, Equatable {
        public var id: Int64
        public var feed: Int
        public var title: String
        public var link: String
        public var content: String
        public var author: String?
        public var published: Int64
        public var read: Bool
        public var starred: Bool
    }

    public private(set) var feeds: [Feed] = []
    /// Newest first.
    public private(set) var items: [Item] = []
    private var nextFeed = 1
    /// The next item id: microseconds, from a fixed start so runs are alike.
    private var nextItem: Int64 = 1_795_000_000_000_000

    /// An account whose first item id is `firstItemID` (past 2^63 as a negative number, to
    /// exercise services whose ids need all 64 bits).
    public init(firstItemID: Int64 = 1_795_000_000_000_000) {
        nextItem = firstItemID
    }

    /// Adds a feed and returns its stream id.
    @discardableResult
    public mutating func addFeed(title: String, url: String, siteURL: String? = nil, labels: [String] = [])
        -> String
    {
        let feed = Feed(id: nextFeed, title: title, url: url, siteURL: siteURL ?? url, labels: labels)
        nextFeed += 1
        feeds.append(feed)
        return feed.streamID
    }

    /// Adds `count` items to the feed `streamID`, each with about `contentBytes` of HTML; returns
    /// their ids, oldest first.
    @discardableResult
    public mutating func addItems(
        to streamID: String, count: Int, contentBytes: Int = 600, title: (Int) -> String = { "Item \($0)" }
    ) -> [Int64] {
        guard count > 0, let feed = feeds.first(where: { $0.streamID == streamID }) else { return [] }
        var added: [Item] = []
        let filler = String(
            repeating: "Words of the item's text go on here. ", count: max(1, contentBytes / 37))
        for number in 1...count {
            let id = nextItem
            nextItem += 1
            added.append(
                Item(
                    id: id, feed: feed.id, title: title(number),
                    link:
                        "\(feed.siteURL.hasSuffix("/") ? feed.siteURL : feed.siteURL + "/")item/\(feed.id)/\(number)",
                    content: "<p>\(filler)</p><p><a href=\"/more/\(number)\">More</a></p>",
                    author: "Author \(feed.id)",
                    published: id / 1_000_000 - Int64(count - number) * 60, read: false, starred: false))
        }
        items.insert(contentsOf: added.reversed(), at: 0)
        return added.map(\.id)
    }

    /// Adds one item as given (hostile text, odd fields) and returns its id.
    @discardableResult
    public mutating func addItem(
        to streamID: String, title: String, content: String, link: String = "https://example.org/odd",
        author: String? = nil
    ) -> Int64 {
        guard let feed = feeds.first(where: { $0.streamID == streamID }) else { return 0 }
        let id = nextItem
        nextItem += 1
        items.insert(
            Item(
                id: id, feed: feed.id, title: title, link: link, content: content, author: author,
                published: id / 1_000_000, read: false, starred: false), at: 0)
        return id
    }

    /// Sets the read or starred mark of the items `ids`, as another client would.
    public mutating func mark(_ ids: [Int64], read: Bool? = nil, starred: Bool? = nil) {
        let wanted = Set(ids)
        for index in items.indices where wanted.contains(items[index].id) {
            if let read { items[index].read = read }
            if let starred { items[index].starred = starred }
        }
    }

    /// The item `id`.
    public func item(_ id: Int64) -> Item? {
        items.first { $0.id == id }
    }

    /// Subscribes to `url` (a feed with no items yet) and returns its stream id; the existing
    /// one when subscribed already.
    mutating func subscribe(_ url: String) -> String {
        if let known = feeds.first(where: { $0.url == url }) { return known.streamID }
        let host = URL(string: url)?.host ?? url
        return addFeed(
            title: host, url: url, siteURL: URL(string: url).map { "\($0.scheme ?? "https")://\(host)/" })
    }

    /// Edits the subscription `streamID`: adds a label, renames it; false when there is none.
    mutating func edit(_ streamID: String, addLabel: String?, title: String?) -> Bool {
        guard let index = feeds.firstIndex(where: { $0.streamID == streamID }) else { return false }
        if let addLabel, !feeds[index].labels.contains(addLabel) { feeds[index].labels.append(addLabel) }
        if let title, !title.isEmpty { feeds[index].title = title }
        return true
    }

    /// Puts the subscription `streamID` under `label` alone, as a service with one folder per
    /// feed (Miniflux's category) does; false when there is none.
    mutating func setLabel(_ streamID: String, _ label: String) -> Bool {
        guard let index = feeds.firstIndex(where: { $0.streamID == streamID }) else { return false }
        feeds[index].labels = [label]
        return true
    }

    /// Puts the subscription `streamID` under `labels` alone, and renames it to `title` when
    /// given; false when there is none.
    mutating func set(_ streamID: String, labels: [String]? = nil, title: String? = nil) -> Bool {
        guard let index = feeds.firstIndex(where: { $0.streamID == streamID }) else { return false }
        if let labels { feeds[index].labels = labels }
        if let title, !title.isEmpty { feeds[index].title = title }
        return true
    }

    /// Forgets the items `ids`, as a service purging old items does: their marks go with them.
    public mutating func forget(_ ids: [Int64]) {
        let gone = Set(ids)
        items.removeAll { gone.contains($0.id) }
    }

    /// Unsubscribes from `streamID`, its items going with it; false when there is none.
    @discardableResult
    public mutating func unsubscribe(_ streamID: String) -> Bool {
        guard let feed = feeds.first(where: { $0.streamID == streamID }) else { return false }
        feeds.removeAll { $0.id == feed.id }
        items.removeAll { $0.feed == feed.id }
        return true
    }

    func feed(_ id: Int) -> Feed? {
        feeds.first { $0.id == id }
    }
}

extension ReaderAPIAccount {
    /// An account of `feeds` feeds with `items` unread items each, labelled by turns with
    /// `labels`: the account the sync's tests start from.
    public static func sample(feeds: Int, items: Int, labels: [String] = ["Space", "Local"])
        -> ReaderAPIAccount
    {
        var account = ReaderAPIAccount()
        for index in 1...feeds {
            let stream = account.addFeed(
                title: "Feed \(index)", url: "https://feed\(index).example/rss",
                siteURL: "https://feed\(index).example/",
                labels: [labels[(index - 1) % labels.count]])
            account.addItems(to: stream, count: items)
        }
        return account
    }
}
