#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the terminal's background is dark or light, for `theme = "auto"`: `COLORFGBG` when set
/// (`15;0`: the foreground, then the background, as rxvt, Konsole and others set it), else the
/// terminal's own answer to OSC 11 (asked with ``ask(terminal:timeout:)``). A terminal that does
/// not say gets the palette readable on both.
public enum TerminalBackground {
    /// The palette `COLORFGBG` names, or nil when it names none.
    public static func palette(colorFGBG value: String?) -> ANSIStyler.Palette? {
        guard let value, let background = value.split(separator: ";").last.flatMap({ Int($0) }) else {
            return nil
        }
        // The 16 ANSI colours: white (7) and the bright ones but dark grey (8) are light.
        switch background {
        case 7, 9...15: return .light
        case 0...6, 8: return .dark
        default: return nil
        }
    }

    /// `COLORFGBG`'s palette, else the neutral one (a terminal that was not asked).
    public static func palette(environment: [String: String]) -> ANSIStyler.Palette {
        palette(colorFGBG: environment["COLORFGBG"]) ?? .neutral
    }

    /// The palette for OSC 11's answer, `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a
    /// channel), ended by BEL or ST; nil for anything else.
    public static func palette(oscReply payload: String) -> ANSIStyler.Palette? {
        guard let range = payload.firstRange(of: "rgb:") else { return nil }
        let channels = payload[range.upperBound...].split(separator: "/").prefix(3).map { channel in
            let digits = channel.prefix { $0.isHexDigit }
            return digits.isEmpty
                ? nil : Int(digits, radix: 16).map { Double($0) / Double((1 << (4 * digits.count)) - 1) }
        }
        guard channels.count == 3, let red = channels[0], let green = channels[1], let blue = channels[2]
        else { return nil }
        let luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
        return luminance < 0.5 ? .dark : .light
    }

    /// What the terminal said when asked: the palette for its background (nil when it did not say),
    /// and the keys typed meanwhile, which belong to the prompt.
    public struct Answer {
        public var palette: ANSIStyler.Palette?
        public var typeAhead: [UInt8]
    }

    /// Asks the terminal its background (OSC 11) and, after it, its attributes (DA1), which every
    /// terminal answers: the wait ends with that answer, so a terminal that ignores OSC 11 costs
    /// one round trip, and one that answers nothing costs `timeout`. Echo is off meanwhile; keys
    /// typed meanwhile are kept for the prompt.
    public static func ask(terminal: Int32 = STDIN_FILENO, timeout: Duration = .seconds(1)) -> Answer {
        var saved = termios()
        guard isatty(terminal) == 1, tcgetattr(terminal, &saved) == 0 else { return Answer(typeAhead: []) }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 0
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(terminal, TCSANOW, &raw) == 0 else { return Answer(typeAhead: []) }
        defer { _ = tcsetattr(terminal, TCSANOW, &saved) }
        StandardOutput.write("\u{1B}]11;?\u{1B}\\\u{1B}[c")
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        while Self.attributes(in: received) == nil {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            var descriptor = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = read(terminal, &chunk, chunk.count)
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        return split(received)
    }

    /// The answers taken out of `received`: OSC 11's gives the palette; DA1's and whatever came
    /// before the answers' ends but belongs to neither is type-ahead.
    public static func split(_ received: [UInt8]) -> Answer {
        var rest = received
        var palette: ANSIStyler.Palette?
        if let osc = range(of: [0x1B, 0x5D, 0x31, 0x31, 0x3B], in: rest) {
            // Ended by BEL or by ST (ESC \).
            var end = osc.upperBound
            while end < rest.count, rest[end] != 0x07, !(rest[end] == 0x1B && end + 1 < rest.count) {
                end += 1
            }
            let payload = String(decoding: rest[osc.upperBound..<end], as: UTF8.self)
            palette = Self.palette(oscReply: payload)
            let last = end < rest.count ? (rest[end] == 0x07 ? end + 1 : min(rest.count, end + 2)) : end
            rest.removeSubrange(osc.lowerBound..<last)
        }
        if let attributes = attributes(in: rest) { rest.removeSubrange(attributes) }
        return Answer(palette: palette, typeAhead: rest)
    }

    /// Where DA1's answer (`ESC [ ? … c`) is in `bytes`.
    private static func attributes(in bytes: [UInt8]) -> Range<Int>? {
        guard let start = range(of: [0x1B, 0x5B, 0x3F], in: bytes) else { return nil }
        var index = start.upperBound
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x63 { return start.lowerBound..<(index + 1) }
            guard (0x30...0x3B).contains(byte) else { return nil }
            index += 1
        }
        return nil
    }

    private static func range(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count)
        where bytes[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }
}
