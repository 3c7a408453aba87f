import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FeedItem {
    /// The id of an item that has neither a guid/id nor a link: FNV-1a (64-bit) of its title and
    /// date, stable across runs and versions (`hash:` and 16 hexadecimal digits).
    public static func fallbackID(title: String, date: Date?) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let key = title + "\u{1F}" + (date.map(Timestamp.format) ?? "")
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return "hash:" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}
