/// How newsboat reads a number out of text for `<`, `>`, `<=`, `>=` and `between`: leading blanks
/// skipped, an optional sign, then the digits that follow; no digits is 0, and a number beyond 32
/// bits is the largest (or smallest) 32-bit number. `123foo` is 123, `yes` is 0.
public enum FilterNumber {
    public static func parse(_ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        var index = 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(bytes[index]) { index += 1 }
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var value: Int64 = 0
        var digits = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            if value <= Int64(Int32.max) + 1 { value = value * 10 + Int64(bytes[index] - 0x30) }
            digits += 1
            index += 1
        }
        guard digits > 0 else { return 0 }
        return clamped(negative ? -value : value)
    }

    /// `value` within 32 bits, as newsboat keeps numbers.
    public static func clamped(_ value: Int64) -> Int32 {
        Int32(max(Int64(Int32.min), min(Int64(Int32.max), value)))
    }
}
