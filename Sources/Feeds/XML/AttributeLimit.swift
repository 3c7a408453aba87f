#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends a document before a start tag of more than ``limit`` attributes, as its bytes go to
/// libxml2: libxml2 2.9 compares each attribute of a tag with all the others, so its time grows
/// with the square of a tag's attributes and one tag filling a 16 MiB feed would take hours
/// (docs/bounded-input.md has the measured times). Real feeds' tags hold a handful.
/// Comments, CDATA sections, processing instructions and declarations are skipped over, and so are
/// quoted values, so that nothing inside them counts. Linear, and state carries across chunks.
struct AttributeLimit {
    /// The most attributes a start tag may have.
    static let limit = 256

    private enum State {
        case text
        /// After `<`.
        case opened
        /// In a start tag's name.
        case name
        /// Between a start tag's attributes; `spaced` after white space (or a quoted value).
        case tag(spaced: Bool)
        case quoted(UInt8)
        /// After `<!`: how much of `--` or `[CDATA[` was read.
        case bang(read: Int, cdata: Bool)
        /// In a comment, after `dashes` dashes in a row.
        case comment(dashes: Int)
        /// In a CDATA section, after `brackets` closing brackets in a row.
        case cdata(brackets: Int)
        /// In a processing instruction, right after a `?` or not.
        case instruction(question: Bool)
        /// In an end tag or a declaration: until `>`.
        case other
    }

    private var state = State.text
    private var attributes = 0
    private(set) var isCut = false

    private static let cdataOpening = Array("[CDATA[".utf8)

    /// How many of `bytes` libxml2 may read: all of them, or those before the start of a tag
    /// found to have too many attributes (then nothing more is: ``isCut``). When that tag began in
    /// an earlier piece, none of these: libxml2 has the tag's first 256 attributes at most, and no
    /// `>` to finish it.
    mutating func allowed(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard !isCut else { return 0 }
        var index = 0
        var tagStart = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch state {
            case .text:
                guard let base = bytes.baseAddress, let found = memchr(base + index, 0x3C, count - index)
                else {
                    return count
                }
                index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                tagStart = index
                state = .opened
            case .opened:
                switch byte {
                case UInt8(ascii: "!"): state = .bang(read: 0, cdata: false)
                case UInt8(ascii: "?"): state = .instruction(question: false)
                case UInt8(ascii: "/"): state = .other
                case UInt8(ascii: "<"): tagStart = index
                default:
                    if Self.startsName(byte) {
                        attributes = 0
                        state = .name
                    } else {
                        state = .text
                    }
                }
            case .name:
                if byte == UInt8(ascii: ">") {
                    state = .text
                } else if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
                    state = .tag(spaced: true)
                }
            case .tag(let spaced):
                switch byte {
                case UInt8(ascii: ">"): state = .text
                case UInt8(ascii: "\""), UInt8(ascii: "'"): state = .quoted(byte)
                case UInt8(ascii: "="), UInt8(ascii: "/"): state = .tag(spaced: false)
                default:
                    if Self.isSpace(byte) {
                        state = .tag(spaced: true)
                    } else {
                        if spaced {
                            attributes += 1
                            if attributes > Self.limit {
                                isCut = true
                                return tagStart
                            }
                        }
                        state = .tag(spaced: false)
                    }
                }
            case .quoted(let quote):
                if byte == quote { state = .tag(spaced: true) }
            case .bang(let read, let cdata):
                if !cdata && byte == UInt8(ascii: "-") {
                    state = read == 1 ? .comment(dashes: 0) : .bang(read: 1, cdata: false)
                } else if (read == 0 || cdata) && read < Self.cdataOpening.count
                    && byte == Self.cdataOpening[read]
                {
                    state =
                        read + 1 == Self.cdataOpening.count
                        ? .cdata(brackets: 0) : .bang(read: read + 1, cdata: true)
                } else {
                    state = byte == UInt8(ascii: ">") ? .text : .other
                }
            case .comment(let dashes):
                state =
                    byte == UInt8(ascii: ">") && dashes >= 2
                    ? .text : .comment(dashes: byte == 0x2D ? dashes + 1 : 0)
            case .cdata(let brackets):
                state =
                    byte == UInt8(ascii: ">") && brackets >= 2
                    ? .text : .cdata(brackets: byte == 0x5D ? brackets + 1 : 0)
            case .instruction(let question):
                state = question && byte == UInt8(ascii: ">") ? .text : .instruction(question: byte == 0x3F)
            case .other:
                if byte == UInt8(ascii: ">") { state = .text }
            }
            index += 1
        }
        return count
    }

    private static func startsName(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
