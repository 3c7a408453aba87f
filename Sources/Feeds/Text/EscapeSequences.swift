import Foundation

/// Terminal escape sequences in text from the network, found and removed with their payloads.
///
/// They go before the HTML is parsed: libxml2 drops an ESC as an invalid character but keeps what
/// follows it, so `ESC[31m` would otherwise become the text `[31m`. Sequences are read the way a
/// terminal reads them (CSI, OSC, DCS, SOS, PM, APC and two-character escapes, and the 8-bit forms
/// of their introducers), so nothing a terminal would swallow is left behind as text. A string
/// sequence without its terminator swallows the rest of the input, as it would on a terminal.
enum EscapeSequences {
    /// Whether `bytes` holds an ESC or an 8-bit sequence introducer (U+0090, U+0098, U+009B,
    /// U+009D–U+009F).
    static func occur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        if memchr(base, 0x1B, bytes.count) != nil { return true }
        var offset = 0
        while offset < bytes.count - 1, let found = memchr(base + offset, 0xC2, bytes.count - 1 - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if introducer(bytes[index + 1]) != nil { return true }
            offset = index + 1
        }
        return false
    }

    /// `bytes` without their escape sequences.
    static func removed(from bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var state = State.text
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xC2 && index + 1 < bytes.count, let next = introducer(bytes[index + 1]) {
                switch state {
                case .controlString, .controlStringEscape:
                    // Only ST (U+009C) ends a control string; anything else is its payload.
                    if next == .text { state = .text }
                default:
                    state = next
                }
                index += 2
                continue
            }
            switch state {
            case .text:
                if byte == 0x1B { state = .escape } else { output.append(byte) }
            case .escape:
                state = afterEscape(byte)
                if state == .text && !(0x20...0x7E).contains(byte) { output.append(byte) }
            case .escapeIntermediate:
                if (0x30...0x7E).contains(byte) || byte == 0x18 || byte == 0x1A { state = .text }
            case .controlSequence:
                switch byte {
                case 0x20...0x3F: break
                case 0x40...0x7E, 0x18, 0x1A: state = .text
                case 0x1B: state = .escape
                case 0x00..<0x20: output.append(byte)  // executed in place, as a terminal does
                default:
                    state = .text
                    output.append(byte)
                }
            case .controlString:
                if byte == 0x07 || byte == 0x18 || byte == 0x1A { state = .text }
                if byte == 0x1B { state = .controlStringEscape }
            case .controlStringEscape:
                state = byte == UInt8(ascii: "\\") ? .text : afterEscape(byte)
            }
            index += 1
        }
        return output
    }

    // MARK: States

    private enum State {
        case text
        case escape
        case escapeIntermediate
        case controlSequence
        case controlString
        case controlStringEscape
    }

    /// Where the byte after an ESC leads.
    private static func afterEscape(_ byte: UInt8) -> State {
        switch byte {
        case UInt8(ascii: "["): .controlSequence
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            .controlString
        case 0x20...0x2F: .escapeIntermediate
        case 0x1B: .escape
        default: .text
        }
    }

    /// The state an 8-bit introducer `C2 xx` leads to (`.text` for ST, U+009C), or nil when `second`
    /// is not one.
    private static func introducer(_ second: UInt8) -> State? {
        switch second {
        case 0x9B: .controlSequence
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: .controlString
        case 0x9C: .text
        default: nil
        }
    }
}
