/// Makes text from the network safe to write to a terminal.
///
/// Text from feeds and APIs is hostile: a title can carry escape sequences that recolour the screen, move
/// the cursor, write to the clipboard (OSC 52) or plant hyperlinks (OSC 8), and bidi overrides that make
/// `invoice\u{202E}fdp.exe` display as `invoiceexe.pdf`. ``clean(_:lineBreaks:)`` removes all of them,
/// payloads included, parsing sequences the way a terminal would so nothing a terminal would swallow leaks
/// through as text.
public enum TextSanitizer {
    /// What ``TextSanitizer/clean(_:lineBreaks:)`` does with line breaks.
    public enum LineBreaks: Sendable {
        /// Each line break becomes one space (for one-line text such as titles and spans).
        case spaces
        /// Each line break becomes `\n`; more than one blank line in a row collapses to one.
        case keep
    }

    /// Removes everything that could drive a terminal or reorder text.
    ///
    /// Removed: C0 controls and DEL, C1 controls, complete escape sequences with their payloads (CSI, OSC,
    /// DCS, SOS, PM, APC, two-character and nF escapes, and their 8-bit forms), bidi controls and U+FEFF.
    /// A string sequence (OSC, DCS, SOS, PM, APC) without its terminator swallows the rest of the text, as
    /// it would on a terminal. CAN and SUB cancel a sequence. Tabs become one space; line breaks (CR LF, LF,
    /// CR, VT, FF, NEL, U+2028, U+2029) are handled as `lineBreaks` says. Nothing else changes: spacing is
    /// kept and nothing is trimmed. ZWJ, ZWNJ and variation selectors are kept.
    ///
    /// Runs in linear time, and returns `text` itself when nothing needs removing.
    public static func clean(_ text: String, lineBreaks: LineBreaks = .spaces) -> String {
        guard needsCleaning(text, lineBreaks: lineBreaks) else { return text }
        var cleaner = Cleaner(lineBreaks: lineBreaks)
        for scalar in text.unicodeScalars {
            cleaner.consume(scalar)
        }
        return String(cleaner.output)
    }

    // MARK: Fast path

    /// Whether any scalar of `text` would be removed or replaced, checked on the UTF-8 bytes without
    /// allocating.
    static func needsCleaning(_ text: String, lineBreaks: LineBreaks) -> Bool {
        var probe = text
        return probe.withUTF8 { needsCleaning(utf8: $0, keepingNewlines: lineBreaks == .keep) }
    }

    private static func needsCleaning(utf8 bytes: UnsafeBufferPointer<UInt8>, keepingNewlines: Bool) -> Bool {
        var newlineRun = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A && keepingNewlines {
                newlineRun += 1
                if newlineRun > 2 { return true }
                index += 1
                continue
            }
            newlineRun = 0
            if byte < 0x20 || byte == 0x7F { return true }
            if byte >= 0xC2 && isFlaggedSequence(bytes, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Whether the UTF-8 sequence starting at `index` encodes a C1 control (`C2 80`–`C2 9F`), U+061C
    /// (`D8 9C`), U+200E/U+200F (`E2 80 8E/8F`), U+2028–U+202E (`E2 80 A8`–`AE`), U+2066–U+2069
    /// (`E2 81 A6`–`A9`) or U+FEFF (`EF BB BF`).
    private static func isFlaggedSequence(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let remaining = bytes.count - index
        guard remaining >= 2 else { return false }
        let second = bytes[index + 1]
        switch bytes[index] {
        case 0xC2:
            return second <= 0x9F
        case 0xD8:
            return second == 0x9C
        case 0xE2 where remaining >= 3:
            let third = bytes[index + 2]
            if second == 0x80 { return third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third) }
            if second == 0x81 { return (0xA6...0xA9).contains(third) }
            return false
        case 0xEF where remaining >= 3:
            return second == 0xBB && bytes[index + 2] == 0xBF
        default:
            return false
        }
    }

    // MARK: Scalar classes

    /// Bidi embeddings, overrides, isolates and marks, and the Arabic letter mark.
    static func isBidiControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// What ``TextSanitizer/clean(_:lineBreaks:)`` does with each scalar: the terminal's own parser
/// (``EscapeSequenceParser``) tells text from controls and sequences, and the cleaner decides what
/// text and controls become.
private struct Cleaner {
    let lineBreaks: TextSanitizer.LineBreaks
    private(set) var output = String.UnicodeScalarView()
    private var parser = EscapeSequenceParser()
    /// Consecutive `\n` written with `.keep`.
    private var newlineRun = 0
    /// Whether the last scalar was a CR that produced a line break, so a following LF is part of it.
    private var afterCarriageReturn = false

    init(lineBreaks: TextSanitizer.LineBreaks) {
        self.lineBreaks = lineBreaks
    }

    mutating func consume(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if afterCarriageReturn {
            afterCarriageReturn = false
            if value == 0x0A { return }
        }
        switch parser.read(value) {
        case .text: text(scalar)
        case .control: execute(value)
        case .sequence: break
        }
    }

    // MARK: Output

    /// Text: line and paragraph separators are line breaks; U+FEFF and bidi controls vanish.
    private mutating func text(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x2028, 0x2029:
            lineBreak()
        case 0xFEFF:
            break
        case let value where TextSanitizer.isBidiControl(value):
            break
        default:
            emit(scalar)
        }
    }

    /// A control outside any sequence: tabs become a space, line breaks (LF, VT, FF, CR, NEL) are
    /// kept as breaks, the rest vanish.
    private mutating func execute(_ value: UInt32) {
        switch value {
        case 0x09:
            emit(" ")
        case 0x0A, 0x0B, 0x0C, 0x85:
            lineBreak()
        case 0x0D:
            lineBreak()
            afterCarriageReturn = true
        default:
            break
        }
    }

    private mutating func lineBreak() {
        switch lineBreaks {
        case .spaces:
            emit(" ")
        case .keep:
            if newlineRun < 2 { output.append("\n") }
            newlineRun += 1
        }
    }

    private mutating func emit(_ scalar: Unicode.Scalar) {
        output.append(scalar)
        newlineRun = 0
    }
}
