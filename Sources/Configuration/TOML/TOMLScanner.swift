/// A cursor over a TOML document's UTF-8 bytes that counts lines: white space, comments, line
/// ends, bare keys and the bare words values are made of. Strings are read in
/// `TOMLScanner+Strings.swift`.
///
/// TOML's syntax is ASCII; bytes of other scalars only ever appear inside strings and comments,
/// so the scanner never splits a scalar.
struct TOMLScanner {
    private let bytes: [UInt8]
    private var position: Int
    /// The 1-based line of `position`.
    private(set) var line = 1
    /// Where `line` starts in `bytes`.
    private var lineStart: Int

    init(_ text: String) {
        bytes = Array(text.utf8)
        // A byte order mark is allowed at the very start, and only there.
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        lineStart = position
    }

    /// Where the scanner is, in bytes: for ``column(at:)`` once something read from here fails.
    var offset: Int { position }

    /// The 1-based column of the scanner, in Unicode scalars from the start of its line (a tab
    /// counts one): worked out only for an error.
    var column: Int { column(at: position) }

    /// The 1-based column of `offset`, an ``offset`` on the current line.
    func column(at offset: Int) -> Int {
        let start = min(lineStart, offset)
        return bytes[start..<min(offset, bytes.count)].reduce(1) { count, byte in
            byte & 0xC0 == 0x80 ? count : count + 1
        }
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    func peek(_ offset: Int) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    /// Moves past one byte, counting a line feed.
    mutating func advance() {
        if current == .lineFeed {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    func error(_ reason: String) -> TOMLSyntaxError {
        TOMLSyntaxError(line: line, column: column, reason)
    }

    // MARK: White space, comments, line ends

    /// Skips spaces and tabs.
    mutating func skipSpaces() {
        while current == .space || current == .tab {
            position += 1
        }
    }

    /// Skips white space, comments and line ends: what may come between statements and between
    /// an array's values.
    mutating func skipBlank() throws(TOMLSyntaxError) {
        while true {
            skipSpaces()
            try skipComment()
            guard try takeLineEnd() else { return }
        }
    }

    /// After a statement: spaces, perhaps a comment, then a line end or the end of the file.
    mutating func expectLineEnd(after what: String) throws(TOMLSyntaxError) {
        skipSpaces()
        try skipComment()
        guard current != nil else { return }
        guard try takeLineEnd() else {
            throw error("\(what) must be followed by a new line or a comment, not \(describeCurrent())")
        }
    }

    /// Takes a line feed or a carriage return and line feed; false when there is neither.
    mutating func takeLineEnd() throws(TOMLSyntaxError) -> Bool {
        switch current {
        case .lineFeed:
            advance()
            return true
        case .carriageReturn where peek(1) == .lineFeed:
            position += 1
            advance()
            return true
        case .carriageReturn:
            throw error("a carriage return must be followed by a line feed")
        default:
            return false
        }
    }

    /// Skips a comment, if one starts here, up to its line end.
    private mutating func skipComment() throws(TOMLSyntaxError) {
        guard current == .hash else { return }
        while let byte = current, byte != .lineFeed {
            if byte == .carriageReturn, peek(1) == .lineFeed { return }
            if Self.isControl(byte) {
                throw error("a comment may not hold the control character \(describeCurrent())")
            }
            position += 1
        }
    }

    // MARK: Words

    /// Reads a bare key, `[A-Za-z0-9_-]+`; empty when none starts here.
    mutating func readBareKey() -> String {
        let start = position
        while let byte = current, Self.isBareKeyByte(byte) {
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Reads the bare word a number, boolean, date or time is written as: letters, digits and
    /// `_ + - . :`, plus the space TOML allows between a date and its time. Empty when none
    /// starts here.
    mutating func readBareValue() -> ArraySlice<UInt8> {
        let start = position
        skipValueBytes()
        // `1979-05-27 07:32:00`: a space then a time after a date is one value.
        if position - start == 10, bytes[start + 4] == .hyphen, current == .space,
            let first = peek(1), let second = peek(2), Self.isDigit(first), Self.isDigit(second),
            peek(3) == .colon
        {
            position += 1
            skipValueBytes()
        }
        return bytes[start..<position]
    }

    private mutating func skipValueBytes() {
        while let byte = current, Self.isBareKeyByte(byte) || byte == .plus || byte == .dot || byte == .colon
        {
            position += 1
        }
    }

    // MARK: Describing what is here

    /// What is at the current position, for a reason: `'='`, `a space`, `U+00E9`.
    func describeCurrent() -> String {
        guard let byte = current else { return "the end of the file" }
        switch byte {
        case .lineFeed: return "the end of the line"
        case .carriageReturn where peek(1) == .lineFeed: return "the end of the line"
        case .space: return "a space"
        case .tab: return "a tab"
        case .apostrophe: return "\"'\""
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            let value = scalarValue()
            let hex = String(value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    /// The value of the scalar whose UTF-8 starts at the current position.
    private func scalarValue() -> UInt32 {
        guard let lead = current else { return 0 }
        let length =
            switch lead {
            case 0xF0...0xF7: 4
            case 0xE0...0xEF: 3
            case 0xC0...0xDF: 2
            default: 1
            }
        guard length > 1 else { return UInt32(lead) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            guard let byte = peek(offset) else { break }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return value
    }

    // MARK: Classes of bytes

    /// The control characters TOML allows nowhere but escaped: all C0 controls but the tab,
    /// and DEL. (Line ends are looked at before this.)
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != .tab) || byte == 0x7F
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, .underscore, .hyphen: true
        default: false
        }
    }
}
