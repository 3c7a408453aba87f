/// What `JSONDecoder` checks of a top-level key of the document as it reads the object's keys, fed
/// the key's bytes between its quotes as they arrive: UTF-8 (no overlong form, no surrogate, no
/// sequence cut short), escapes (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u` with four
/// hexadecimal digits) and `\u` surrogates in pairs. (Control characters are refused by the
/// reader before they get here.) Other keys and the strings of values are checked where they are
/// decoded, as `JSONDecoder` leaves them.
struct JSONKeyCheck {
    private enum Escape {
        case none
        case backslash
        case hex(remaining: Int, value: UInt32)
    }

    private var escape = Escape.none
    /// Continuation bytes still due, and the range the next one must be in.
    private var continuations = 0
    private var lowest: UInt8 = 0x80
    private var highest: UInt8 = 0xBF
    /// A `\uD800`–`\uDBFF` escape waits for its low half.
    private var highSurrogate = false
    /// Why the key is refused, once it is.
    private(set) var problem: String?

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes where problem == nil { feed(byte) }
    }

    /// Why the key is refused, at its closing quote; nil when it is one `JSONDecoder` reads.
    mutating func end() -> String? {
        if problem == nil, continuations > 0 { problem = "a key that is not UTF-8" }
        if problem == nil, !isOutsideEscape { problem = "an escape cut short in a key" }
        if problem == nil, highSurrogate { problem = "half a surrogate pair in a key" }
        return problem
    }

    private var isOutsideEscape: Bool {
        if case .none = escape { true } else { false }
    }

    private mutating func feed(_ byte: UInt8) {
        switch escape {
        case .backslash:
            escape = .none
            if byte == UInt8(ascii: "u") {
                escape = .hex(remaining: 4, value: 0)
            } else if highSurrogate {
                problem = "half a surrogate pair in a key"
            } else if !Self.simpleEscapes.contains(byte) {
                problem = "an unknown escape in a key"
            }
            return
        case .hex(let remaining, let value):
            guard let digit = JSONStreamReader.hexDigit(byte).map(UInt32.init) else {
                problem = "a \\u escape that is not four hexadecimal digits in a key"
                return
            }
            let value = value << 4 | digit
            guard remaining == 1 else {
                escape = .hex(remaining: remaining - 1, value: value)
                return
            }
            escape = .none
            switch value {
            case 0xD800..<0xDC00 where !highSurrogate: highSurrogate = true
            case 0xDC00..<0xE000 where highSurrogate: highSurrogate = false
            case 0xD800..<0xE000: problem = "half a surrogate pair in a key"
            default: if highSurrogate { problem = "half a surrogate pair in a key" }
            }
            return
        case .none:
            break
        }
        if continuations > 0 {
            guard byte >= lowest && byte <= highest else {
                problem = "a key that is not UTF-8"
                return
            }
            continuations -= 1
            (lowest, highest) = (0x80, 0xBF)
            return
        }
        if byte == 0x5C {
            escape = .backslash
            return
        }
        if highSurrogate {
            problem = "half a surrogate pair in a key"
            return
        }
        switch byte {
        case 0x00..<0x80: break
        case 0xC2...0xDF: continuations = 1
        case 0xE0: (continuations, lowest) = (2, 0xA0)
        case 0xE1...0xEC, 0xEE, 0xEF: continuations = 2
        case 0xED: (continuations, highest) = (2, 0x9F)
        case 0xF0: (continuations, lowest) = (3, 0x90)
        case 0xF1...0xF3: continuations = 3
        case 0xF4: (continuations, highest) = (3, 0x8F)
        default: problem = "a key that is not UTF-8"
        }
    }

    private static let simpleEscapes: Set<UInt8> = Set("\"\\/bfnrt".utf8)
}
