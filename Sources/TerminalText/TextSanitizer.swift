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

/// The state machine behind ``TextSanitizer/clean(_:lineBreaks:)``, modelled on a terminal's parser.
private struct Cleaner {
    private enum State {
        /// Ordinary text.
        case text
        /// After ESC.
        case escape
        /// After ESC and one or more intermediate bytes (0x20–0x2F), waiting for the final byte.
        case escapeIntermediate
        /// Inside CSI parameters and intermediates, waiting for the final byte (0x40–0x7E).
        case controlSequence
        /// Inside the payload of OSC, DCS, SOS, PM or APC, waiting for BEL or ST.
        case controlString
        /// After ESC inside a control string: `\` completes ST; anything else starts a new sequence.
        case controlStringEscape
    }

    let lineBreaks: TextSanitizer.LineBreaks
    private(set) var output = String.UnicodeScalarView()
    private var state = State.text
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
        switch state {
        case .text: consumeText(scalar)
        case .escape: consumeEscape(scalar)
        case .escapeIntermediate: consumeEscapeIntermediate(scalar)
        case .controlSequence: consumeControlSequence(scalar)
        case .controlString: consumeControlString(scalar)
        case .controlStringEscape: consumeControlStringEscape(scalar)
        }
    }

    // MARK: States

    private mutating func consumeText(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case 0x20..<0x7F:
            emit(scalar)
        case 0x1B:
            state = .escape
        case 0..<0x20, 0x7F:
            execute(value)
        case 0x80...0x9F:
            executeC1(value)
        case 0x2028, 0x2029:
            lineBreak()
        case 0xFEFF:
            break
        default:
            if !TextSanitizer.isBidiControl(value) { emit(scalar) }
        }
    }

    private mutating func consumeEscape(_ scalar: Unicode.Scalar) {
        guard let byte = printableASCII(scalar) else { return }
        switch byte {
        case UInt8(ascii: "["): state = .controlSequence
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            state = .controlString
        case 0x20...0x2F: state = .escapeIntermediate
        default: state = .text
        }
    }

    private mutating func consumeEscapeIntermediate(_ scalar: Unicode.Scalar) {
        guard let byte = printableASCII(scalar) else { return }
        if byte >= 0x30 { state = .text }
    }

    private mutating func consumeControlSequence(_ scalar: Unicode.Scalar) {
        guard let byte = printableASCII(scalar) else { return }
        if byte >= 0x40 { state = .text }
    }

    private mutating func consumeControlString(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x07, 0x9C, 0x18, 0x1A: state = .text
        case 0x1B: state = .controlStringEscape
        default: break
        }
    }

    private mutating func consumeControlStringEscape(_ scalar: Unicode.Scalar) {
        if scalar == "\\" {
            state = .text
        } else {
            state = .escape
            consumeEscape(scalar)
        }
    }

    /// Handles what every escape and CSI state has in common, and returns the scalar's byte when it is
    /// printable ASCII and so belongs to the sequence. C0 controls are executed in place (as terminals do),
    /// ESC restarts, CAN and SUB cancel, DEL is ignored, and anything else ends the sequence and is read as
    /// text.
    private mutating func printableASCII(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        switch value {
        case 0x20..<0x7F:
            return UInt8(value)
        case 0x1B:
            state = .escape
        case 0x18, 0x1A:
            state = .text
        case 0..<0x20:
            execute(value)
        case 0x7F:
            break
        default:
            state = .text
            consumeText(scalar)
        }
        return nil
    }

    // MARK: Output

    /// A C0 control outside a control string: tabs become a space, line breaks are kept as breaks.
    private mutating func execute(_ value: UInt32) {
        switch value {
        case 0x09:
            emit(" ")
        case 0x0A, 0x0B, 0x0C:
            lineBreak()
        case 0x0D:
            lineBreak()
            afterCarriageReturn = true
        default:
            break
        }
    }

    /// An 8-bit C1 control: introducers start their sequence, NEL is a line break, the rest vanish.
    private mutating func executeC1(_ value: UInt32) {
        switch value {
        case 0x9B: state = .controlSequence
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .controlString
        case 0x85: lineBreak()
        default: break
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
