import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A pull API over one JSON document held whole: the caller asks for the values it wants, in the
/// order they come, and skips the others without building them.
///
/// The document is checked first, whole, by ``JSONStreamReader``, the one scanner of JSON here:
/// its grammar (a trailing comma allowed, as `JSONDecoder` allows it), its depth limit, any value
/// at the top. Reading then walks bytes known to be JSON, so what a hostile answer costs is
/// bounded by what is kept: a skipped value is passed over with a bracket count (no recursion, no
/// tree), and a string is decoded only when asked for (its escapes and control characters checked
/// then, as `JSONDecoder` checks them where it decodes a value), cut to the caller's limit,
/// invalid UTF-8 made U+FFFD.
///
/// The bytes must outlive the reader: use it inside `withUnsafeBytes`.
public struct JSONPullReader {
    public typealias Failure = JSONStreamError
    public typealias Kind = JSONStreamReader.Kind

    private let bytes: UnsafeRawBufferPointer
    public private(set) var offset = 0

    /// A reader at the start of `bytes`; throws when they are not one JSON value under `limits`.
    public init(_ bytes: UnsafeRawBufferPointer, limits: JSONStreamReader.Limits = .init()) throws(Failure) {
        do throws(JSONStreamError) {
            try JSONStreamReader.check(bytes.assumingMemoryBound(to: UInt8.self), limits: limits)
        } catch {
            // What was wrong where, in the words of a clause.
            throw Failure(reason: error.detail ?? error.reason, offset: error.offset)
        }
        self.bytes = bytes
        // The check took a byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// Reads the one value `data` holds with `read`, which must read or skip all of it.
    public static func read<Value>(_ data: Data, _ read: (inout JSONPullReader) throws(Failure) -> Value)
        -> Result<Value, Failure>
    {
        data.withUnsafeBytes { bytes in
            do throws(Failure) {
                var reader = try JSONPullReader(bytes)
                let value = try read(&reader)
                try reader.expectEnd()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    /// A failure at the reader's position: `reason` says what was wrong.
    public func failure(_ reason: String) -> Failure {
        Failure(reason: reason, offset: offset)
    }

    // MARK: - Looking

    /// The kind of the next value, after white space.
    public mutating func peek() throws(Failure) -> Kind {
        skipSpace()
        guard offset < bytes.count else { throw failure("the answer ends early") }
        guard let kind = JSONStreamReader.kind(startingWith: bytes[offset]) else {
            throw failure("a value was expected")
        }
        return kind
    }

    /// True when only white space is left.
    public mutating func isAtEnd() -> Bool {
        skipSpace()
        return offset >= bytes.count
    }

    /// Throws unless only white space is left.
    public mutating func expectEnd() throws(Failure) {
        guard isAtEnd() else { throw failure("bytes after the end of the answer") }
    }

    // MARK: - Objects and arrays

    /// Reads an object's members: `body` is called with each key, positioned at its value, and
    /// must read or skip that value.
    public mutating func readObject(_ body: (inout JSONPullReader, String) throws(Failure) -> Void)
        throws(Failure)
    {
        try open(UInt8(ascii: "{"))
        while try !closes(UInt8(ascii: "}")) {
            let key = try readString(limit: JSONStreamReader.longestKey)
            skipSpace()
            guard try take(UInt8(ascii: ":")) else { throw failure("a key without a value") }
            try body(&self, key)
            try endOfMember(UInt8(ascii: "}"))
        }
    }

    /// Reads an array's elements: `body` is called positioned at each element, and must read or
    /// skip it; it returns false to stop reading (the rest of the array is then skipped).
    public mutating func readArray(_ body: (inout JSONPullReader) throws(Failure) -> Bool) throws(Failure) {
        try open(UInt8(ascii: "["))
        var wanted = true
        while try !closes(UInt8(ascii: "]")) {
            if wanted { wanted = try body(&self) } else { try skipValue() }
            try endOfMember(UInt8(ascii: "]"))
        }
    }

    /// The member `name` of the object the reader is at, as `read` reads it (nil when it is
    /// absent); the other members are skipped.
    public mutating func readMember<Value>(
        _ name: String, _ read: (inout JSONPullReader) throws(Failure) -> Value?
    ) throws(Failure) -> Value? {
        guard try peek() == .object else { throw failure("an object was expected") }
        var value: Value?
        try readObject { reader, key throws(Failure) in
            if key == name, value == nil {
                value = try read(&reader)
            } else {
                try reader.skipValue()
            }
        }
        return value
    }

    // MARK: - Scalars

    /// A string's text, at most `limit` bytes of UTF-8 (cut at a character's start).
    public mutating func readString(limit: Int) throws(Failure) -> String {
        skipSpace()
        guard try take(UInt8(ascii: "\"")) else { throw failure("a string was expected") }
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
            if byte < 0x20 { throw failure("a control character in a string") }
            offset += 1
        }
        guard offset < bytes.count else { throw failure("a string not closed") }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        guard escaped else { return JSONStreamReader.text(raw, limit: limit) }
        return try JSONStreamReader.unescape(raw, limit: limit, at: start)
    }

    /// A number's text, at most 64 characters.
    public mutating func readNumberText() throws(Failure) -> String {
        skipSpace()
        let start = offset
        while offset < bytes.count, JSONStreamReader.isNumberByte(bytes[offset]) { offset += 1 }
        guard offset > start, offset - start <= 64 else { throw failure("a number cannot be read") }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    /// A string or a number, as text (ids and times are sent either way); nil for anything else,
    /// which is skipped.
    public mutating func readScalarText(limit: Int = 256) throws(Failure) -> String? {
        switch try peek() {
        case .string: return try readString(limit: limit)
        case .number: return try readNumberText()
        default:
            try skipValue()
            return nil
        }
    }

    /// A number, or a string holding one; nil for anything else, which is skipped.
    public mutating func readDouble() throws(Failure) -> Double? {
        try readScalarText().flatMap { Double($0.trimmingSpaces()) }
    }

    /// `true` or `false` (or 1 and 0, as some services write them); nil for anything else,
    /// which is skipped.
    public mutating func readBool() throws(Failure) -> Bool? {
        if try peek() == .boolean {
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
    public mutating func readOptionalString(limit: Int) throws(Failure) -> String? {
        guard try peek() == .string else {
            try skipValue()
            return nil
        }
        return try readString(limit: limit)
    }

    /// Skips the next value, whatever it is, without building it.
    public mutating func skipValue() throws(Failure) {
        switch try peek() {
        case .string: try skipString()
        case .number: _ = try readNumberText()
        case .boolean, .null:
            while offset < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[offset]) {
                offset += 1
            }
        case .object, .array:
            // The check found the brackets matched and the strings closed.
            var depth = 0
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: "\""):
                    try skipString()
                    continue
                default: break
                }
                offset += 1
                if depth == 0 { return }
            }
            throw failure("the answer ends early")
        }
    }

    // MARK: - Support

    private mutating func open(_ bracket: UInt8) throws(Failure) {
        skipSpace()
        guard try take(bracket) else {
            throw failure(bracket == UInt8(ascii: "{") ? "an object was expected" : "an array was expected")
        }
    }

    /// Whether the container ends here (and is then left).
    private mutating func closes(_ bracket: UInt8) throws(Failure) -> Bool {
        skipSpace()
        return try take(bracket)
    }

    /// After a member or element: a comma, or the container's end (left for ``closes(_:)``).
    private mutating func endOfMember(_ bracket: UInt8) throws(Failure) {
        skipSpace()
        if try take(UInt8(ascii: ",")) { return }
        guard offset < bytes.count, bytes[offset] == bracket else {
            throw failure(bracket == UInt8(ascii: "}") ? "an object not closed" : "an array not closed")
        }
    }

    private mutating func take(_ byte: UInt8) throws(Failure) -> Bool {
        guard offset < bytes.count else { throw failure("the answer ends early") }
        guard bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func skipSpace() {
        while offset < bytes.count, JSONStreamReader.isSpace(bytes[offset]) { offset += 1 }
    }

    private mutating func skipString() throws(Failure) {
        guard try take(UInt8(ascii: "\"")) else { throw failure("a string was expected") }
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                offset += 1
                return
            case UInt8(ascii: "\\"): offset += 2
            default: offset += 1
            }
        }
        throw failure("a string not closed")
    }
}

// MARK: - Strings

extension JSONStreamReader {
    /// `raw` as text, at most `limit` bytes, cut before a continuation byte; invalid UTF-8
    /// becomes U+FFFD.
    static func text(_ raw: UnsafeRawBufferPointer, limit: Int) -> String {
        guard raw.count > limit else { return String(decoding: raw, as: UTF8.self) }
        var end = max(limit, 0)
        while end > 0, raw[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<end]), as: UTF8.self)
    }

    /// The text of a string's bytes `raw` (between its quotes, at byte `start` of the document)
    /// with its escapes read (`\"`, `\n`, `\u00e9`, surrogate pairs; a lone surrogate becomes
    /// U+FFFD), at most `limit` bytes.
    static func unescape(_ raw: UnsafeRawBufferPointer, limit: Int, at start: Int = 0) throws(JSONStreamError)
        -> String
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
            let failure = JSONStreamError(reason: "a bad escape", offset: start + index)
            guard index + 1 < raw.count else { throw failure }
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
                guard var scalar = hex4(raw, at: index) else { throw failure }
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 6 <= raw.count,
                    raw[index] == UInt8(ascii: "\\"),
                    raw[index + 1] == UInt8(ascii: "u"), let low = hex4(raw, at: index + 2),
                    (0xDC00..<0xE000).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                output.append(
                    contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default: throw failure
            }
        }
        return output.withUnsafeBytes { text($0, limit: limit) }
    }

    private static func hex4(_ raw: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for byte in raw[index..<index + 4] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
