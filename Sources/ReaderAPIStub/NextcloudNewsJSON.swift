import Foundation

/// The JSON of Nextcloud News's API v1.3 answers, as the stub writes them.
enum NextcloudNewsJSON {
    static func folders(_ names: [(id: Int, name: String)]) -> String {
        "{\"folders\":["
            + names.map { "{\"id\":\($0.id),\"name\":\(string($0.name))}" }.joined(separator: ",") + "]}"
    }

    static func feeds(
        _ feeds: [ReaderAPIAccount.Feed], folderID: (ReaderAPIAccount.Feed) -> Int?, unread: [Int: Int],
        starredCount: Int?, newestItemID: Int64?
    ) -> String {
        var text = "{\"feeds\":["
        text += feeds.map { feed in
            "{\"id\":\(feed.id),\"url\":\(string(feed.url)),\"title\":\(string(feed.title)),"
                + "\"faviconLink\":null,\"added\":1367063790,\"nextUpdateTime\":null,"
                + "\"folderId\":\(folderID(feed).map(String.init) ?? "null"),"
                + "\"unreadCount\":\(unread[feed.id] ?? 0),\"ordering\":0,\"link\":\(string(feed.siteURL)),"
                + "\"pinned\":false,\"updateErrorCount\":0,\"lastUpdateError\":null}"
        }.joined(separator: ",")
        text += "]"
        if let starredCount { text += ",\"starredCount\":\(starredCount)" }
        if let newestItemID { text += ",\"newestItemId\":\(newestItemID)" }
        return text + "}"
    }

    /// `{"items":[…]}`; `modified` gives each item's `lastModified` (seconds). With
    /// `missingFields`, the first item has no id, the third no feed, and every other one no title
    /// or date; with `wordFirstID`, the first id is a word.
    static func items(
        _ items: [ReaderAPIAccount.Item], modified: (ReaderAPIAccount.Item) -> Int64,
        missingFields: Bool = false,
        wordFirstID: Bool = false
    ) -> String {
        var text = "{\"items\":["
        for (index, item) in items.enumerated() {
            if index > 0 { text += "," }
            var fields: [String] = []
            if wordFirstID, index == 0 {
                fields.append("\"id\":\"first\"")
            } else if !(missingFields && index == 0) {
                fields.append("\"id\":\(item.id)")
            }
            fields.append("\"guid\":\(string(item.link)),\"guidHash\":\"\(String(item.id, radix: 16))\"")
            fields.append("\"url\":\(string(item.link))")
            if !(missingFields && index % 2 == 1) {
                fields.append("\"title\":\(string(item.title))")
                fields.append("\"pubDate\":\(item.published)")
            }
            fields.append("\"author\":\(item.author.map(string) ?? "null")")
            fields.append("\"body\":\(string(item.content))")
            fields.append("\"enclosureMime\":null,\"enclosureLink\":null,\"mediaThumbnail\":null")
            if !(missingFields && index == 2) { fields.append("\"feedId\":\(item.feed)") }
            fields.append("\"unread\":\(!item.read),\"starred\":\(item.starred),\"rtl\":false")
            fields.append("\"lastModified\":\(modified(item)),\"fingerprint\":\"f\(item.id)\"")
            text += "{" + fields.joined(separator: ",") + "}"
        }
        return text + "]}"
    }

    /// `text` as a JSON string.
    static func string(_ text: String) -> String { ReaderAPIJSON.string(text) }
}
