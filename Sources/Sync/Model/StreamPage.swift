import NewsModels

/// One page of a stream (`stream/contents`, `stream/items/contents`), read.
struct StreamPage: Sendable {
    var items: [ServiceItem]
    /// Where the next page starts; nil on the last page.
    var continuation: String?
    /// The service's clock when it answered (`updated`, seconds since 1970), when it says.
    var updated: Int64?
    /// The newest crawl time among the items (`crawlTimeMsec`, milliseconds), when they say.
    var newestCrawl: Int64?
    /// Items left out: no id that can be read, no feed, or nothing to show.
    var skipped: Int
    /// The marks of every item with an id that can be read, kept or not.
    var marks: [ItemID: Marks] = [:]
    /// The answer's size, for ``PagingLimit``.
    var bytes = 0

    struct Marks: Sendable, Equatable {
        var read: Bool
        var starred: Bool
    }
}

/// One page of `stream/items/ids`.
struct IDPage: Sendable {
    var ids: [ItemID]
    var continuation: String?
    /// Entries whose id cannot be read: the list they are part of is not complete.
    var unreadable = 0
    /// The answer's size, for ``PagingLimit``.
    var bytes = 0
}
