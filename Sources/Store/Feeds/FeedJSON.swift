import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON arrays of a feed item's `links` and `enclosures` columns.
///
/// Written by hand: a feed write encodes up to 100,000 items, and `JSONEncoder` would take
/// seconds for what this does in milliseconds. Read with a `JSONDecoder`, one per list of items
/// shown.
enum FeedJSON {
    /// `["https://…", …]`, or nil when there are none.
    static func links(_ links: [URL]) -> String? {
        guard !links.isEmpty else { return nil }
        var json = JSONBytes()
        json.append("[")
        for (index, link) in links.enumerated() {
            if index > 0 { json.append(",") }
            json.appendString(link.absoluteString)
        }
        json.append("]")
        return json.text
    }

    /// `[{"url":"…","type":"…","length":123}, …]` (absent values left out), or nil when there
    /// are none.
    static func enclosures(_ enclosures: [Enclosure]) -> String? {
        guard !enclosures.isEmpty else { return nil }
        var json = JSONBytes()
        json.append("[")
        for (index, enclosure) in enclosures.enumerated() {
            json.append(index > 0 ? ",{\"url\":" : "{\"url\":")
            json.appendString(enclosure.url.absoluteString)
            if let type = enclosure.type {
                json.append(",\"type\":")
                json.appendString(type)
            }
            if let length = enclosure.length {
                json.append(",\"length\":\(length)")
            }
            json.append("}")
        }
        json.append("]")
        return json.text
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
}

/// A JSON text built as UTF-8 bytes and made a `String` once: appending to a `String` piece by
/// piece, and looking for characters to escape through its UTF-8 view, would be most of the time
/// of making a feed item's columns.
private struct JSONBytes {
    private var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(128)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `literal` as it is.
    mutating func append(_ literal: String) {
        bytes.append(contentsOf: literal.utf8)
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
    mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var copy = text
        copy.withUTF8 { utf8 in
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
