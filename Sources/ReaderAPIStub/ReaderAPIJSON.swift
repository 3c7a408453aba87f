import Foundation

/// The JSON of the server's answers, written by hand (a page of 1,000 items is written in
/// milliseconds), in FreshRSS's shapes.
enum ReaderAPIJSON {
    static func subscriptions(_ feeds: [ReaderAPIAccount.Feed]) -> String {
        let entries = feeds.map { feed in
            let labels = feed.labels.map {
                #"{"id":\#(string("user/-/label/" + $0)),"label":\#(string($0))}"#
            }
            return
                #"{"id":\#(string(feed.streamID)),"title":\#(string(feed.title)),"categories":[\#(labels.joined(separator: ","))],"url":\#(string(feed.url)),"htmlUrl":\#(string(feed.siteURL))}"#
        }
        return #"{"subscriptions":[\#(entries.joined(separator: ","))]}"#
    }

    /// A page of items; with `missingFields` the first item has no id, the third no origin (no
    /// feed), and every other one no title, time or categories; `padding` adds that many bytes
    /// of an ignored field to each.
    static func stream(
        _ items: [ReaderAPIAccount.Item], feeds: [ReaderAPIAccount.Feed], continuation: String?,
        updated: Int64,
        missingFields: Bool, padding: Int
    ) -> String {
        let byID = Dictionary(feeds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let filler = padding > 0 ? #","padding":"\#(String(repeating: "x", count: padding))""# : ""
        var text = #"{"id":"user/-/state/com.google/reading-list","updated":\#(updated),"items":["#
        text.reserveCapacity(items.count * 1_200)
        for (index, item) in items.enumerated() {
            if index > 0 { text += "," }
            let feed = byID[item.feed]
            let sparse = missingFields && index % 2 == 1
            var fields: [String] = []
            if !(missingFields && index == 0) { fields.append(#""id":\#(string(longID(item.id)))"#) }
            fields.append(#""crawlTimeMsec":"\#(item.id / 1000)","timestampUsec":"\#(item.id)""#)
            if !sparse {
                fields.append(#""published":\#(item.published),"title":\#(string(item.title))"#)
                var categories = ["user/-/state/com.google/reading-list"]
                categories += (feed?.labels ?? []).map { "user/-/label/" + $0 }
                if item.read { categories.append("user/-/state/com.google/read") }
                if item.starred { categories.append("user/-/state/com.google/starred") }
                fields.append(#""categories":[\#(categories.map(string).joined(separator: ","))]"#)
                if !(missingFields && index == 2) {
                    fields.append(
                        #""origin":{"streamId":"feed/\#(item.feed)","htmlUrl":\#(string(feed?.siteURL ?? "")),"title":\#(string(feed?.title ?? ""))}"#
                    )
                }
            } else {
                // Without a title or categories, but with its feed, so it can still be kept.
                fields.append(#""origin":{"streamId":"feed/\#(item.feed)"}"#)
            }
            fields.append(
                #""canonical":[{"href":\#(string(item.link))}],"alternate":[{"href":\#(string(item.link))}]"#)
            if let author = item.author { fields.append(#""author":\#(string(author))"#) }
            fields.append(#""summary":{"content":\#(string(item.content))}"#)
            text += "{" + fields.joined(separator: ",") + filler + "}"
        }
        text += "]"
        if let continuation { text += #","continuation":\#(string(continuation))"# }
        return text + "}"
    }

    /// A page of ids in unsigned decimal; with `unreadableFirst` the first is a word.
    static func itemIDs(_ ids: [Int64], continuation: String?, unreadableFirst: Bool = false) -> String {
        var text = #"{"itemRefs":["#
        text += ids.enumerated().map { index, id in
            let written = unreadableFirst && index == 0 ? "item-\(id)" : String(UInt64(bitPattern: id))
            return #"{"id":"\#(written)"}"#
        }.joined(separator: ",")
        text += "]"
        if let continuation { text += #","continuation":\#(string(continuation))"# }
        return text + "}"
    }

    static func quickAdd(url: String, stream: String, title: String) -> String {
        #"{"numResults":1,"query":\#(string(url)),"streamId":\#(string(stream)),"streamName":\#(string(title))}"#
    }

    static func longID(_ id: Int64) -> String {
        let digits = String(UInt64(bitPattern: id), radix: 16)
        return "tag:google.com,2005:reader/item/" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as it is.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
