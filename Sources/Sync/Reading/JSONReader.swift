/// A pull reader over the bytes of one JSON document: the caller asks for the values it wants,
/// in the order they come, and skips the others without building them.
///
/// Nothing is built that the caller did not ask for, so what a hostile answer costs is bounded by
/// what is kept: a skipped value is walked with a depth counter (no recursion, no tree), a string
/// is decoded only when asked for and then cut to the caller's limit, and nesting deeper than
/// ``Limits/depth`` stops the reading. Invalid UTF-8 becomes U+FFFD.
///
/// The bytes must outlive the reader: use it inside `withUnsafeBytes`.
import NewsModels

struct JSONReader {
    /// Where the reading stopped, and why, for one sentence.
    struct Failure: Error, Equatable {
        var offset: Int
        var reason: String
    }

    /// What a value is, from its first byte.
    enum Kind: Equatable {
        case object, array, string, number, bool, null
    }

    /// The deepest nesting read or skipped.
    static let depthLimit = 64

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0
    /// Objects and arrays open around the reader's position.
    private var depth = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    // MARK: - Looking

    /// The kind of the next value, after white space.
    mutating func peek() throws(Failure) -> Kind {
        skipSpace()
        guard offset < bytes.count else { throw fail("the answer ends early") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw fail("unexpected character")
        }
    }

    /// True when only white space is left.
    mutating func isAtEnd() -> Bool {
        skipSpace()
        return offset >= bytes.count
    }

    /// Throws unless only white space is left: an answer is one JSON value, nothing after it.
    mutating func expectEnd() throws(Failure) {
        guard isAtEnd() else { throw fail("bytes after the end of the answer") }
    }

    /// The longest continuation kept; a longer one is refused, never cut (cut, it would lead
    /// elsewhere, or nowhere).
    static let continuationLimit = 8 << 10

    /// A continuation (`"continuation": "…"`): nil when absent or empty.
    mutating func readContinuation() throws(Failure) -> String? {
        // Read well past the limit, so that a cut at a character's start cannot bring a longer
        // one under it.
        guard let text = try readScalarText(limit: Self.continuationLimit * 8) else { return nil }
        guard text.utf8.count <= Self.continuationLimit else {
            throw fail("a continuation longer than \(Self.continuationLimit >> 10) KiB")
        }
        return text.isEmpty ? nil : text
    }

    // MARK: - Objects and arrays

    /// Reads an object's members: `body` is called with each key, positioned at its value, and
    /// must read or skip that value.
    mutating func readObject(_ body: (inout JSONReader, String) throws(Failure) -> Void) throws(Failure) {
        try open(UInt8(ascii: "{"))
        skipSpace()
        if try take(UInt8(ascii: "}")) {
            depth -= 1
            return
        }
        while true {
            skipSpace()
            let key = try readString(limit: 256)
            skipSpace()
            guard try take(UInt8(ascii: ":")) else { throw fail("a key without a value") }
            try body(&self, key)
            skipSpace()
            if try take(UInt8(ascii: ",")) { continue }
            guard try take(UInt8(ascii: "}")) else { throw fail("an object not closed") }
            depth -= 1
            return
        }
    }

    /// Reads an array's elements: `body` is called positioned at each element, and must read or
    /// skip it; it returns false to stop reading (the rest of the array is then skipped).
    mutating func readArray(_ body: (inout JSONReader) throws(Failure) -> Bool) throws(Failure) {
        try open(UInt8(ascii: "["))
        skipSpace()
        if try take(UInt8(ascii: "]")) {
            depth -= 1
            return
        }
        while true {
            guard try body(&self) else {
                try skipRest()
                return
            }
            skipSpace()
            if try take(UInt8(ascii: ",")) { continue }
            guard try take(UInt8(ascii: "]")) else { throw fail("an array not closed") }
            depth -= 1
            return
        }
    }

    // MARK: - Scalars

    /// A string's text, at most `limit` bytes of UTF-8 (cut at a character's start).
    mutating func readString(limit: Int) throws(Failure) -> String {
        skipSpace()
        guard try take(UInt8(ascii: "\"")) else { throw fail("a string was expected") }
        let start = offset
        var escaped = false
        // Most strings have no escape: they are copied as they are.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                offset += 2
                continue
            }
            if byte < 0x20 { throw fail("a control character in a string") }
            offset += 1
        }
        guard offset < bytes.count else { throw fail("a string not closed") }
        let end = offset
        offset += 1
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        guard escaped else { return Self.text(raw, limit: limit) }
        return try unescape(raw, limit: limit, at: start)
    }

    /// A number's text, at most 64 characters.
    mutating func readNumberText() throws(Failure) -> String {
        skipSpace()
        let start = offset
        while offset < bytes.count, Self.isNumberByte(bytes[offset]) { offset += 1 }
        guard offset > start, offset - start <= 64 else { throw fail("a number cannot be read") }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    /// A string or a number, as text (ids and times are sent either way); nil for anything else,
    /// which is skipped.
    mutating func readScalarText(limit: Int = 256) throws(Failure) -> String? {
        switch try peek() {
        case .string: return try readString(limit: limit)
        case .number: return try readNumberText()
        default:
            try skipValue()
            return nil
        }
    }

    /// A number, or a string holding one; nil for anything else, which is skipped.
    mutating func readDouble() throws(Failure) -> Double? {
        try readScalarText().flatMap { Double($0.trimmingSpaces()) }
    }

    /// `true` or `false` (or 1 and 0, as some services write them); nil for anything else,
    /// which is skipped.
    mutating func readBool() throws(Failure) -> Bool? {
        if try peek() == .bool {
            let isTrue = bytes[offset] == UInt8(ascii: "t")
            try skipValue()
            return isTrue
        }
        switch try readScalarText() {
        case "1", "true": return true
        case "0", "false": return false
        default: return nil
        }
    }

    /// A string; nil for anything else, which is skipped.
    mutating func readOptionalString(limit: Int) throws(Failure) -> String? {
        guard try peek() == .string else {
            try skipValue()
            return nil
        }
        return try readString(limit: limit)
    }

    /// Skips the next value, whatever it is, without building it.
    mutating func skipValue() throws(Failure) {
        switch try peek() {
        case .string:
            try skipString()
        case .number:
            _ = try readNumberText()
        case .bool, .null:
            try skipWord()
        case .object, .array:
            let floor = depth
            try open(bytes[offset])
            while depth > floor {
                skipSpace()
                guard offset < bytes.count else { throw fail("the answer ends early") }
                switch bytes[offset] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    try open(bytes[offset])
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    offset += 1
                    depth -= 1
                case UInt8(ascii: "\""):
                    try skipString()
                case UInt8(ascii: ","), UInt8(ascii: ":"):
                    offset += 1
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    try skipWord()
                default:
                    _ = try readNumberText()
                }
            }
        }
    }

    // MARK: - Support

    /// Skips the rest of the array the reader is inside, after an element.
    private mutating func skipRest() throws(Failure) {
        while true {
            skipSpace()
            if try take(UInt8(ascii: "]")) {
                depth -= 1
                return
            }
            guard try take(UInt8(ascii: ",")) else { throw fail("an array not closed") }
            try skipValue()
        }
    }

    private mutating func open(_ bracket: UInt8) throws(Failure) {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == bracket else {
            throw fail(bracket == UInt8(ascii: "{") ? "an object was expected" : "an array was expected")
        }
        guard depth < Self.depthLimit else { throw fail("values nested more than \(Self.depthLimit) deep") }
        depth += 1
        offset += 1
    }

    private mutating func take(_ byte: UInt8) throws(Failure) -> Bool {
        guard offset < bytes.count else { throw fail("the answer ends early") }
        guard bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func skipString() throws(Failure) {
        guard try take(UInt8(ascii: "\"")) else { throw fail("a string was expected") }
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                offset += 1
                return
            case UInt8(ascii: "\\"):
                offset += 2
            default:
                offset += 1
            }
        }
        throw fail("a string not closed")
    }

    private mutating func skipWord() throws(Failure) {
        for word in ["true", "false", "null"] where matches(word) {
            offset += word.utf8.count
            return
        }
        throw fail("unexpected word")
    }

    private func matches(_ word: String) -> Bool {
        let count = word.utf8.count
        guard offset + count <= bytes.count else { return false }
        return zip(word.utf8, bytes[offset..<offset + count]).allSatisfy { $0 == $1 }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    /// `raw` as text, at most `limit` bytes, cut before a continuation byte.
    private static func text(_ raw: UnsafeRawBufferPointer, limit: Int) -> String {
        guard raw.count > limit else { return String(decoding: raw, as: UTF8.self) }
        var end = max(limit, 0)
        while end > 0, raw[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<end]), as: UTF8.self)
    }

    /// The text of a string with escapes, at most `limit` bytes.
    private func unescape(_ raw: UnsafeRawBufferPointer, limit: Int, at start: Int) throws(Failure) -> String
    {
        var output: [UInt8] = []
        output.reserveCapacity(min(raw.count, limit))
        var index = 0
        while index < raw.count, output.count < limit {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < raw.count else { throw Failure(offset: start + index, reason: "a bad escape") }
            let code = raw[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(code)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = Self.hex4(raw, at: index) else {
                    throw Failure(offset: start + index, reason: "a bad \\u escape")
                }
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 6 <= raw.count,
                    raw[index] == UInt8(ascii: "\\"),
                    raw[index + 1] == UInt8(ascii: "u"), let low = Self.hex4(raw, at: index + 2),
                    (0xDC00..<0xE000).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                output.append(
                    contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default:
                throw Failure(offset: start + index, reason: "a bad escape")
            }
        }
        return output.withUnsafeBytes { Self.text($0, limit: limit) }
    }

    private static func hex4(_ raw: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for byte in raw[index..<index + 4] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func fail(_ reason: String) -> Failure {
        Failure(offset: offset, reason: reason)
    }
}
