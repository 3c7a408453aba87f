/// A terminal's parser of escape sequences (ECMA-48, as xterm and VT500-series terminals read
/// them), telling text from controls and from the sequences a terminal would swallow.
///
/// One parser for every place that removes sequences from text it did not write:
/// ``TextSanitizer`` reads scalars with it, and ``TextSanitizer/removingEscapeSequences(utf8:)``
/// reads the UTF-8 bytes of a feed or a page with it before they are parsed. It knows the 7-bit
/// sequences (CSI, OSC, DCS, SOS, PM, APC, two-character and nF escapes) and the 8-bit forms of
/// their introducers. A string sequence (OSC, DCS, SOS, PM, APC) lasts until BEL or ST, so one
/// without its terminator swallows the rest of the text, as it would on a terminal; CAN and SUB
/// cancel a sequence, and ESC anywhere starts a new one.
public struct EscapeSequenceParser: Sendable {
    /// What a scalar is to the terminal.
    public enum Reading: Sendable, Equatable {
        /// Text to show.
        case text
        /// A control character outside any sequence (C0, DEL, or a C1 control that introduces
        /// nothing), which a terminal executes in place; its reader decides what to keep.
        case control
        /// Part of an escape sequence: removed.
        case sequence
    }

    private enum State: Sendable {
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

    private var state = State.text

    public init() {}

    /// Whether the parser is inside a sequence, so the next scalar may be swallowed.
    public var isInSequence: Bool { state != .text }

    /// Reads the scalar `value` (a Unicode scalar's value).
    public mutating func read(_ value: UInt32) -> Reading {
        switch state {
        case .text:
            return readText(value)
        case .escape:
            guard let byte = sequenceByte(value) else { return interruption(value) }
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
                UInt8(ascii: "_"):
                state = .controlString
            case 0x20...0x2F: state = .escapeIntermediate
            default: state = .text
            }
        case .escapeIntermediate:
            guard let byte = sequenceByte(value) else { return interruption(value) }
            if byte >= 0x30 { state = .text }
        case .controlSequence:
            guard let byte = sequenceByte(value) else { return interruption(value) }
            if byte >= 0x40 { state = .text }
        case .controlString:
            switch value {
            case 0x07, 0x9C, 0x18, 0x1A: state = .text
            case 0x1B: state = .controlStringEscape
            default: break
            }
        case .controlStringEscape:
            if value == UInt32(UInt8(ascii: "\\")) {
                state = .text
            } else {
                state = .escape
                return read(value)
            }
        }
        return .sequence
    }

    // MARK: Steps

    private mutating func readText(_ value: UInt32) -> Reading {
        switch value {
        case 0x1B:
            state = .escape
        case 0x9B:
            state = .controlSequence
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
            state = .controlString
        case 0..<0x20, 0x7F...0x9F:
            return .control
        default:
            return .text
        }
        return .sequence
    }

    /// The scalar as a byte of an escape or control sequence: printable ASCII; nil for anything else.
    private func sequenceByte(_ value: UInt32) -> UInt8? {
        (0x20..<0x7F).contains(value) ? UInt8(value) : nil
    }

    /// What every escape and CSI state does with a scalar that is not printable ASCII: C0 controls
    /// are executed in place (as terminals do), ESC restarts, CAN and SUB cancel, DEL is ignored,
    /// and anything else ends the sequence and is read as text.
    private mutating func interruption(_ value: UInt32) -> Reading {
        switch value {
        case 0x1B:
            state = .escape
        case 0x18, 0x1A:
            state = .text
        case 0..<0x20:
            return .control
        case 0x7F:
            break
        default:
            state = .text
            return readText(value)
        }
        return .sequence
    }
}
