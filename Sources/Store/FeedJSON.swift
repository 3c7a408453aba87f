import Foundation
import NewsModels

/// The JSON arrays of a feed item's `links` and `enclosures` columns.
///
/// Written by hand: a feed write encodes up to 100,000 items, and `JSONEncoder` would take
/// seconds for what this does in milliseconds. Read with a `JSONDecoder`, one per list of items
/// shown.
enum FeedJSON {
    /// `["https://…", …]`, or nil when there are none.
    static func links(_ links: [URL]) -> String? {
        guard !links.isEmpty else { return nil }
        var json = "["
        for (index, link) in links.enumerated() {
            if index > 0 { json += "," }
            appendString(link.absoluteString, to: &json)
        }
        return json + "]"
    }

    /// `[{"url":"…","type":"…","length":123}, …]` (absent values left out), or nil when there
    /// are none.
    static func enclosures(_ enclosures: [Enclosure]) -> String? {
        guard !enclosures.isEmpty else { return nil }
        var json = "["
        for (index, enclosure) in enclosures.enumerated() {
            json += index > 0 ? ",{\"url\":" : "{\"url\":"
            appendString(enclosure.url.absoluteString, to: &json)
            if let type = enclosure.type {
                json += ",\"type\":"
                appendString(type, to: &json)
            }
            if let length = enclosure.length {
                json += ",\"length\":\(length)"
            }
            json += "}"
        }
        return json + "]"
    }

    static func decodeLinks(_ json: String?, with decoder: JSONDecoder) -> [URL] {
        guard let json, let strings = try? decoder.decode([String].self, from: Data(json.utf8)) else {
            return []
        }
        return strings.compactMap(URL.init(string:))
    }

    static func decodeEnclosures(_ json: String?, with decoder: JSONDecoder) -> [Enclosure] {
        guard let json, let stored = try? decoder.decode([Stored].self, from: Data(json.utf8)) else {
            return []
        }
        return stored.compactMap { entry in
            URL(string: entry.url).map { Enclosure(url: $0, type: entry.type, length: entry.length) }
        }
    }

    private struct Stored: Decodable {
        var url: String
        var type: String?
        var length: Int64?
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func appendString(_ text: String, to json: inout String) {
        json += "\""
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        else {
            json += text
            json += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }
}
