/// Strings: basic (`"…"`, with escapes) and literal (`'…'`), each also multi-line (`"""…"""`,
/// `'''…'''`). Line ends inside multi-line strings are read as line feeds.
extension TOMLScanner {
    /// Reads the string starting at the current quote. Keys pass `multiLine: false`: for them
    /// `"""` is an empty key followed by a quote.
    mutating func readString(multiLine: Bool) throws(TOMLSyntaxError) -> String {
        guard let quote = current else { throw error("expected a string") }
        var text: [UInt8] = []
        if multiLine, peek(1) == quote, peek(2) == quote {
            let start = line
            for _ in 0..<3 { advance() }
            // A line end right after the opening quotes is not part of the string.
            _ = try takeLineEnd()
            try readMultiLine(quote, into: &text, startingOn: start)
        } else {
            advance()
            try readSingleLine(quote, into: &text)
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func readSingleLine(_ quote: UInt8, into text: inout [UInt8]) throws(TOMLSyntaxError) {
        while true {
            guard let byte = current, byte != .lineFeed, byte != .carriageReturn || peek(1) != .lineFeed
            else {
                throw error(
                    "a string must end with \(Character(Unicode.Scalar(quote))) on the line it starts "
                        + "(text on several lines goes between \(Self.tripled(quote)))")
            }
            switch byte {
            case quote:
                advance()
                return
            case .backslash where quote == .quote:
                try readEscape(into: &text)
            default:
                try take(byte, into: &text)
            }
        }
    }

    private mutating func readMultiLine(_ quote: UInt8, into text: inout [UInt8], startingOn start: Int)
        throws(TOMLSyntaxError)
    {
        while let byte = current {
            switch byte {
            case quote:
                var count = 0
                while current == quote {
                    count += 1
                    advance()
                }
                if count >= 3 {
                    // Up to two quotes may end the text just before the closing three.
                    guard count <= 5 else {
                        throw error(
                            "a multi-line string may hold at most two \(Character(Unicode.Scalar(quote))) "
                                + "in a row")
                    }
                    text += repeatElement(quote, count: count - 3)
                    return
                }
                text += repeatElement(quote, count: count)
            case .backslash where quote == .quote:
                if try !skipLineEndingBackslash() { try readEscape(into: &text) }
            case .lineFeed, .carriageReturn:
                guard try takeLineEnd() else { return }
                text.append(.lineFeed)
            default:
                try take(byte, into: &text)
            }
        }
        throw TOMLSyntaxError(line: start, "a multi-line string must end with \(Self.tripled(quote))")
    }

    /// A `\` that ends its line (spaces and tabs may follow) joins the lines: it, the line ends
    /// and the white space up to the next text are skipped. False, with nothing skipped, when
    /// the `\` starts an escape instead.
    private mutating func skipLineEndingBackslash() throws(TOMLSyntaxError) -> Bool {
        var offset = 1
        while peek(offset) == .space || peek(offset) == .tab {
            offset += 1
        }
        let next = peek(offset)
        guard next == .lineFeed || (next == .carriageReturn && peek(offset + 1) == .lineFeed) else {
            return false
        }
        for _ in 0..<offset { advance() }
        while true {
            skipSpaces()
            guard try takeLineEnd() else { return true }
        }
    }

    /// Reads `\` and its escape: `\b \t \n \f \r \" \\`, `\uXXXX` or `\UXXXXXXXX`.
    private mutating func readEscape(into text: inout [UInt8]) throws(TOMLSyntaxError) {
        advance()
        let replacement: UInt8
        switch current {
        case 0x62: replacement = 0x08  // b
        case 0x74: replacement = .tab  // t
        case 0x6E: replacement = .lineFeed  // n
        case 0x66: replacement = 0x0C  // f
        case 0x72: replacement = .carriageReturn  // r
        case .quote: replacement = .quote
        case .backslash: replacement = .backslash
        case 0x75: return try readUnicodeEscape(digits: 4, into: &text)  // u
        case 0x55: return try readUnicodeEscape(digits: 8, into: &text)  // U
        default:
            throw error(
                "\\ followed by \(describeCurrent()) is not an escape; the escapes are \\b \\t \\n \\f \\r "
                    + "\\\" \\\\ \\uXXXX and \\UXXXXXXXX")
        }
        advance()
        text.append(replacement)
    }

    private mutating func readUnicodeEscape(digits: Int, into text: inout [UInt8]) throws(TOMLSyntaxError) {
        let letter = current == 0x75 ? "u" : "U"
        advance()
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = current, let digit = Self.hexDigit(byte) else {
                throw error("\\\(letter) must be followed by \(digits) hexadecimal digits")
            }
            value = value << 4 | digit
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            let hex = String(value, radix: 16, uppercase: true)
            throw error("\\\(letter)\(hex) is not a Unicode scalar value")
        }
        text += scalar.utf8
    }

    /// Appends a byte of text, refusing the control characters TOML wants escaped.
    private mutating func take(_ byte: UInt8, into text: inout [UInt8]) throws(TOMLSyntaxError) {
        guard !Self.isControl(byte) else {
            throw error(
                "a string may not hold the control character \(describeCurrent()); write it as an escape")
        }
        text.append(byte)
        advance()
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    private static func tripled(_ quote: UInt8) -> String {
        String(repeating: Character(Unicode.Scalar(quote)), count: 3)
    }
}
