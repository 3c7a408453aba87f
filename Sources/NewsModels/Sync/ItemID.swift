/// An item's id at a Google Reader API service. The API writes it two ways: long,
/// `tag:google.com,2005:reader/item/000000000000001f` (16 hexadecimal digits, in stream items),
/// and short, `31` (the same 64-bit number in decimal, in `stream/items/ids`: signed as Google
/// Reader wrote it, or unsigned, past 2^63, as some services do). Both name the same item;
/// NewsApp keeps the 64 bits and sends the long form, which every service reads.
public struct ItemID: Sendable, Hashable, Comparable {
    /// The 64 bits, as the short form reads them (signed).
    public var value: Int64

    public init(_ value: Int64) {
        self.value = value
    }

    static let prefix = "tag:google.com,2005:reader/item/"

    /// The id written either way; nil when it is neither.
    public init?(_ text: String) {
        var text = Substring(text)
        if text.hasPrefix(Self.prefix) {
            text = text.dropFirst(Self.prefix.count)
            guard (1...16).contains(text.count), let bits = UInt64(text, radix: 16) else { return nil }
            value = Int64(bitPattern: bits)
        } else {
            guard !text.isEmpty, text.count <= 20,
                let number = Int64(text) ?? UInt64(text).map({ Int64(bitPattern: $0) })
            else { return nil }
            value = number
        }
    }

    /// `tag:google.com,2005:reader/item/` and 16 hexadecimal digits.
    public var longForm: String {
        let digits = String(UInt64(bitPattern: value), radix: 16)
        return Self.prefix + String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.value < rhs.value }
}
