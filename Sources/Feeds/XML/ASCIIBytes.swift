/// Bytes compared with ASCII keywords, ignoring case.
struct ASCIIBytes {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Without spaces, tabs and line breaks at either end.
    var trimmed: ASCIIBytes {
        var start = 0
        var end = bytes.count
        while start < end, Self.isSpace(bytes[start]) { start += 1 }
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        return ASCIIBytes(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    /// True when the bytes are `ascii` (lower case), ignoring case.
    func equals(_ ascii: StaticString) -> Bool {
        bytes.count == ascii.utf8CodeUnitCount && matches(ascii, at: 0)
    }

    /// True when `ascii` (lower case) occurs in the bytes, ignoring case.
    func contains(_ ascii: StaticString) -> Bool {
        let count = ascii.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return (0...(bytes.count - count)).contains { matches(ascii, at: $0) }
    }

    private func matches(_ ascii: StaticString, at offset: Int) -> Bool {
        let expected = ascii.utf8Start
        for index in 0..<ascii.utf8CodeUnitCount {
            let byte = bytes[offset + index]
            guard (byte &- 0x41 < 26 ? byte | 0x20 : byte) == expected[index] else { return false }
        }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
