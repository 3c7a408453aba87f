/// The UTF-8 bytes of text on its way into ``PlainTextLayout``, sorted into what is written as it is,
/// what is whitespace and what is removed.
///
/// Removed: C0 controls other than whitespace, DEL, C1 controls, bidi embeddings, overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069) and U+FEFF. U+2028 and U+2029 are whitespace.
enum TextBytes {
    /// One scalar that needs more than copying.
    enum Special: Equatable {
        /// Space, tab, LF, FF, U+2028, U+2029.
        case whitespace
        case carriageReturn
        /// U+00A0: kept, but trimmed like whitespace at the start and end of a line.
        case noBreakSpace
        case removed
        /// Neither: a scalar written as it is.
        case visible
    }

    /// Whether `byte` can be copied without looking at it further: printable ASCII, and the bytes of
    /// multi-byte scalars other than the lead bytes that may start a special scalar.
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        (byte > 0x20 && byte < 0x7F) || (byte >= 0x80 && byte != 0xC2 && byte != 0xE2 && byte != 0xEF)
    }

    /// The scalar starting at `index` (where ``isPlain(_:)`` is false) and how many bytes it takes.
    @inline(__always)
    static func special(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Special, length: Int) {
        let byte = bytes[index]
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0C: return (.whitespace, 1)
        case 0x0D: return (.carriageReturn, 1)
        case 0x00..<0x20, 0x7F: return (.removed, 1)
        case 0xC2 where index + 1 < bytes.count:
            let next = bytes[index + 1]
            if next == 0xA0 { return (.noBreakSpace, 2) }
            return next <= 0x9F ? (.removed, 2) : (.visible, 2)
        case 0xE2 where index + 2 < bytes.count:
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            if second == 0x80 && (third == 0xA8 || third == 0xA9) { return (.whitespace, 3) }
            if second == 0x80 && (0xAA...0xAE).contains(third) { return (.removed, 3) }
            if second == 0x81 && (0xA6...0xA9).contains(third) { return (.removed, 3) }
            return (.visible, 3)
        case 0xEF where index + 2 < bytes.count:
            return bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF ? (.removed, 3) : (.visible, 3)
        default:
            return (.visible, 1)
        }
    }

    /// `text` with its whitespace collapsed to single spaces, trimmed, and its removed scalars gone.
    static func collapsed(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var pendingSpace = false
        var index = 0
        while index < text.count {
            if isPlain(text[index]) {
                if pendingSpace && !result.isEmpty { result.append(0x20) }
                pendingSpace = false
                result.append(text[index])
                index += 1
                continue
            }
            let (special, length) = special(text, at: index)
            switch special {
            case .whitespace, .carriageReturn, .noBreakSpace:
                pendingSpace = true
            case .removed:
                break
            case .visible:
                if pendingSpace && !result.isEmpty { result.append(0x20) }
                pendingSpace = false
                result.append(contentsOf: text[index..<index + length])
            }
            index += length
        }
        return result
    }
}
