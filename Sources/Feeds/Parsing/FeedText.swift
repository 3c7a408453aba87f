import TerminalText

/// The clean-ups every piece of text from a feed goes through: no escape sequences (read by
/// TerminalText's parser, so an 8-bit CSI from a character reference goes with its parameters), no
/// control characters (C0 other than line feed and tab, DEL, C1), no white space at either end,
/// and for one-line text (titles, names) every run of white space made one space.
enum FeedText {
    /// One line: white space runs (including no-break spaces and line breaks) become one space.
    static func line(_ text: some StringProtocol) -> String { cleaned(String(text), collapsing: true) }

    /// Text of several lines: line breaks kept (CR LF and CR become LF), other control characters
    /// dropped, white space trimmed at both ends.
    static func block(_ text: some StringProtocol) -> String { cleaned(String(text), collapsing: false) }

    /// The text itself when it is tidy already (no new string), else its clean copy.
    private static func cleaned(_ text: String, collapsing: Bool) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            isTidy(bytes, collapsing: collapsing) ? text : clean(bytes, collapsing: collapsing)
        }
    }

    /// ``line(_:)`` of valid UTF-8.
    static func line(bytes: UnsafeBufferPointer<UInt8>) -> String { clean(bytes, collapsing: true) }

    /// ``block(_:)`` of valid UTF-8.
    static func block(bytes: UnsafeBufferPointer<UInt8>) -> String { clean(bytes, collapsing: false) }

    private enum Kind { case text, space, lineBreak, dropped }

    private static func clean(_ bytes: UnsafeBufferPointer<UInt8>, collapsing: Bool) -> String {
        if isTidy(bytes, collapsing: collapsing) { return String(decoding: bytes, as: UTF8.self) }
        if EscapeSequenceFilter.mayHoldSequences(bytes) {
            return TextSanitizer.removingEscapeSequences(utf8: bytes).withUnsafeBufferPointer {
                written($0, collapsing: collapsing)
            }
        }
        return written(bytes, collapsing: collapsing)
    }

    private static func written(_ bytes: UnsafeBufferPointer<UInt8>, collapsing: Bool) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { output in
            write(bytes, to: output, collapsing: collapsing)
        }
    }

    /// True when the clean-up would leave the text as it is, as most text in feeds is: printable
    /// ASCII without white space at either end and, on one line, with single spaces only.
    private static func isTidy(_ bytes: UnsafeBufferPointer<UInt8>, collapsing: Bool) -> Bool {
        guard let input = bytes.baseAddress, !bytes.isEmpty else { return true }
        let count = bytes.count
        guard input[0] != 0x20, input[count - 1] != 0x20 else { return false }
        var index = 0
        if !collapsing {
            // Eight bytes at a time: none below 0x20, at 0x7F or above (Hacker's Delight).
            while index + 8 <= count {
                let word = UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self)
                let below = (word &- 0x2020_2020_2020_2020) & ~word
                let delete = word ^ 0x7F7F_7F7F_7F7F_7F7F
                let isDelete = (delete &- 0x0101_0101_0101_0101) & ~delete
                guard (word | below | isDelete) & 0x8080_8080_8080_8080 == 0 else { return false }
                index += 8
            }
        }
        var previous: UInt8 = 0
        while index < count {
            let byte = input[index]
            guard byte &- 0x20 < 0x5F, !collapsing || byte != 0x20 || previous != 0x20 else { return false }
            previous = byte
            index += 1
        }
        return true
    }

    /// One pass over the bytes, writing the result into `output` (never longer than the input);
    /// the length written.
    private static func write(
        _ bytes: UnsafeBufferPointer<UInt8>, to output: UnsafeMutableBufferPointer<UInt8>, collapsing: Bool
    ) -> Int {
        guard let input = bytes.baseAddress, let out = output.baseAddress else { return 0 }
        let end = bytes.count
        var count = 0
        /// The length of the output up to its last character that is not white space.
        var kept = 0
        var pendingSpace = false
        var index = 0
        while index < end {
            let byte = input[index]
            if byte &- 0x21 < 0x5E {  // Printable ASCII other than space: most of any text.
                if pendingSpace, count > 0 {
                    out[count] = 0x20
                    count += 1
                }
                pendingSpace = false
                out[count] = byte
                count += 1
                kept = count
                index += 1
                continue
            }
            let length = sequenceLength(byte)
            guard index + length <= end else { break }
            var kind = self.kind(bytes, at: index)
            if kind == .lineBreak, byte == 0x0A, index > 0, input[index - 1] == 0x0D { kind = .dropped }
            switch kind {
            case .dropped:
                break
            case .text:
                if pendingSpace, count > 0 {
                    out[count] = 0x20
                    count += 1
                }
                pendingSpace = false
                for offset in 0..<length { out[count + offset] = input[index + offset] }
                count += length
                kept = count
            case .space, .lineBreak:
                if collapsing {
                    pendingSpace = true
                } else if count > 0 {
                    if kind == .lineBreak {
                        out[count] = 0x0A
                        count += 1
                    } else if length == 1 {
                        out[count] = byte == 0x09 ? 0x09 : 0x20
                        count += 1
                    } else {
                        for offset in 0..<length { out[count + offset] = input[index + offset] }
                        count += length
                    }
                }
            }
            index += length
        }
        return kept
    }

    @inline(__always)
    private static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// What the character at `index` is to a clean-up: white space (Unicode's White_Space), a line
    /// break, a control character (C0 other than tab and line breaks, DEL, C1) or text.
    @inline(__always)
    private static func kind(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Kind {
        let lead = bytes[index]
        switch lead {
        case 0x20, 0x09: return .space
        case 0x0A, 0x0D: return .lineBreak
        case 0x0B, 0x0C: return .space
        case 0x00..<0x20, 0x7F: return .dropped
        case 0x21..<0x80: return .text
        case 0xC2:
            let next = bytes[index + 1]
            if next == 0x85 { return .lineBreak }
            if next == 0xA0 { return .space }
            return next < 0xA0 ? .dropped : .text
        case 0xE1:
            return bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80 ? .space : .text
        case 0xE2:
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            if second == 0x80 {
                return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF ? .space : .text
            }
            return second == 0x81 && third == 0x9F ? .space : .text
        case 0xE3:
            return bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 ? .space : .text
        default:
            return .text
        }
    }

    /// The text with nothing but a title's worth: at most `limit` characters of the first
    /// sentence, cut at a word boundary and ended with "…", without the link numbers (`[1]`) of
    /// the text it comes from; nil when there is no text.
    static func title(fromText text: String, limit: Int = 80) -> String? {
        let flat = line(withoutLinkNumbers(text))
        guard !flat.isEmpty else { return nil }
        let characters = Array(flat.prefix(limit + 1))
        for offset in characters.indices.dropLast() where ".!?".contains(characters[offset]) {
            if characters[offset + 1] == " " { return String(characters[...offset]) }
        }
        guard characters.count > limit else { return flat }
        let cut = characters[..<limit].lastIndex(of: " ") ?? limit
        return String(characters[..<cut]).trimmingSuffixPunctuation() + "…"
    }

    /// `text` without the link numbers that ``HTMLText`` writes after a link's text (` [12]`).
    static func withoutLinkNumbers(_ text: String) -> String {
        guard text.contains("[") else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "[" {
                var end = index + 1
                while end < scalars.count, end - index <= 5, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end > index + 1, end < scalars.count, scalars[end] == "]" {
                    // The space before the number goes with it.
                    if output.last == " " { output.removeLast() }
                    index = end + 1
                    continue
                }
            }
            output.append(scalars[index])
            index += 1
        }
        return String(output)
    }

    /// True when `text` seems to hold markup or entities that a person should not see: a tag
    /// (`<b>`, `</i>`, `<!--`) or an entity reference (`&amp;`, `&#8217;`).
    static func looksLikeHTML(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where index + 1 < bytes.count {
            let next = bytes[index + 1]
            if byte == UInt8(ascii: "<") {
                if (next | 0x20) &- 0x61 < 26 || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") {
                    return true
                }
            } else if byte == UInt8(ascii: "&") {
                let name = bytes[(index + 1)...].prefix(12)
                if let end = name.firstIndex(of: UInt8(ascii: ";")), end > index + 1,
                    name[..<end].allSatisfy({ ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 || $0 == 0x23 })
                {
                    return true
                }
            }
        }
        return false
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

extension String {
    fileprivate func trimmingSuffixPunctuation() -> String {
        var text = Substring(self)
        while let last = text.last, ",;:-–—".contains(last) || last == " " { text = text.dropLast() }
        return String(text)
    }
}
