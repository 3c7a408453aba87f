/// An element or attribute name as libxml2 hands it over: NUL-terminated UTF-8 owned by the
/// parser, valid during the callback only. Compared by its bytes, so no `String` is made for the
/// names a reader ignores.
struct XMLName {
    let bytes: UnsafePointer<UInt8>

    /// The first byte folded to lower case (ASCII), for a reader's first-level dispatch.
    var lowercasedFirstByte: UInt8 { Self.lowercase(bytes[0]) }

    /// True when the name is `ascii` (given in lower case), ignoring the name's ASCII case: feeds
    /// written by hand mix cases (`<Title>`, `pubdate`), which XML forbids but readers forgive.
    func matches(_ ascii: StaticString) -> Bool {
        let expected = ascii.utf8Start
        var index = 0
        while index < ascii.utf8CodeUnitCount {
            guard Self.lowercase(bytes[index]) == expected[index] else { return false }
            index += 1
        }
        return bytes[index] == 0
    }

    var string: String { String(cString: bytes) }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}

extension Optional where Wrapped == UnsafePointer<UInt8> {
    /// True when this optional C string (a prefix or a namespace URI) is `ascii` exactly.
    func isEqual(to ascii: StaticString) -> Bool {
        guard let bytes = self else { return false }
        let expected = ascii.utf8Start
        var index = 0
        while index < ascii.utf8CodeUnitCount {
            guard bytes[index] == expected[index] else { return false }
            index += 1
        }
        return bytes[index] == 0
    }
}
