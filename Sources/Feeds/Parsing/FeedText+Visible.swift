/// Whether an element's text is anything to show.
extension FeedText {
    /// Whether an element's text shows anything: not only white space, and, when it is HTML
    /// source (`isHTML`), not only tags and `&nbsp;` either (an empty `<![CDATA[]]>`, `<p></p>`);
    /// read in one pass without converting it. A picture counts.
    static func showsAnything(_ bytes: [UInt8], isHTML: Bool = true) -> Bool {
        guard isHTML else { return bytes.contains { $0 > 0x20 } }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte <= 0x20 {
                index += 1
            } else if byte == UInt8(ascii: "<"), index + 1 < bytes.count,
                (bytes[index + 1] | 0x20) &- 0x61 < 26 || bytes[index + 1] == UInt8(ascii: "/")
                    || bytes[index + 1] == UInt8(ascii: "!")
            {
                if index + 3 < bytes.count, (bytes[index + 1] | 0x20) == UInt8(ascii: "i"),
                    (bytes[index + 2] | 0x20) == UInt8(ascii: "m"),
                    (bytes[index + 3] | 0x20) == UInt8(ascii: "g")
                {
                    return true
                }
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return true }
                index = end + 1
            } else if byte == UInt8(ascii: "&"), let space = Self.nonBreakingSpace(in: bytes, at: index) {
                index += space
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 {
                index += 2
            } else {
                return true
            }
        }
        return false
    }

    /// The length of `&nbsp;`, `&#160;` or `&#xa0;` at `index`, if one is there.
    private static func nonBreakingSpace(in bytes: [UInt8], at index: Int) -> Int? {
        for entity in ["&nbsp;", "&#160;", "&#xa0;"] {
            let entity = Array(entity.utf8)
            guard index + entity.count <= bytes.count else { continue }
            if zip(bytes[index..<(index + entity.count)], entity).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                return entity.count
            }
        }
        return nil
    }
}
