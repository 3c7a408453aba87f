import Foundation
import NewsModels

/// The JSON of a ``MinifluxStubServer``'s answers, written by hand in Miniflux's shapes.
enum MinifluxJSON {
    static func string(_ text: String) -> String { ReaderAPIJSON.string(text) }

    /// RFC 3339 in UTC, as Miniflux writes its times (`2026-11-22T14:05:00Z`).
    static func time(_ seconds: Int64) -> String {
        string(Timestamp.format(Date(timeIntervalSince1970: TimeInterval(seconds))))
    }

    static func error(_ message: String) -> String { #"{"error_message":\#(string(message))}"# }

    static func user(id: Int, name: String) -> String {
        #"{"id":\#(id),"username":\#(string(name)),"is_admin":false,"theme":"light_serif","language":"en_US","timezone":"UTC","entry_sorting_direction":"asc"}"#
    }

    static func category(id: Int, title: String) -> String {
        #"{"id":\#(id),"title":\#(string(title)),"user_id":1,"hide_globally":false}"#
    }

    static func feed(_ feed: ReaderAPIAccount.Feed, category: (id: Int, title: String)) -> String {
        #"{"id":\#(feed.id),"user_id":1,"feed_url":\#(string(feed.url)),"site_url":\#(string(feed.siteURL)),"title":\#(string(feed.title)),"checked_at":"2026-11-22T14:05:00Z","parsing_error_count":0,"disabled":false,"category":\#(self.category(id: category.id, title: category.title)),"icon":null}"#
    }

    /// One entry; with `missing` it lacks its id (`id`), its feed (`feed`) or its title and
    /// time (`sparse`); with `wordID` its id is a word.
    static func entry(
        _ item: ReaderAPIAccount.Item, feed: String, changed: Int64, missing: Set<String> = [],
        wordID: Bool = false,
        padding: Int = 0
    ) -> String {
        var fields: [String] = []
        if !missing.contains("id") {
            fields.append(wordID ? #""id":"entry-\#(item.id)""# : #""id":\#(item.id)"#)
        }
        fields.append(#""user_id":1"#)
        if !missing.contains("feed") { fields.append(#""feed_id":\#(item.feed)"#) }
        fields.append(#""status":"\#(item.read ? "read" : "unread")","hash":"h\#(item.id)""#)
        if !missing.contains("sparse") {
            fields.append(#""title":\#(string(item.title)),"published_at":\#(time(item.published))"#)
        }
        fields.append(#""url":\#(string(item.link)),"comments_url":"""#)
        fields.append(#""created_at":\#(time(item.id / 1_000_000)),"changed_at":\#(time(changed))"#)
        fields.append(#""content":\#(string(item.content)),"author":\#(string(item.author ?? ""))"#)
        fields.append(#""share_code":"","starred":\#(item.starred),"reading_time":1,"enclosures":null"#)
        fields.append(#""tags":[],"feed":\#(feed)"#)
        if padding > 0 { fields.append(#""padding":"\#(String(repeating: "x", count: padding))""#) }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
