/// The clean-ups every piece of text from a feed goes through: no control characters (C0 other
/// than line feed and tab, DEL, C1), no white space at either end, and for one-line text (titles,
/// names) every run of white space made one space.
enum FeedText {
    /// One line: white space runs (including no-break spaces and line breaks) become one space.
    static func line(_ text: some StringProtocol) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                pendingSpace = !result.isEmpty
            } else if !isControl(scalar) {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Text of several lines: line breaks kept (CR LF and CR become LF), other control characters
    /// dropped, white space trimmed at both ends.
    static func block(_ text: some StringProtocol) -> String {
        let utf8 = text.utf8
        let isClean = utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F || $0 == 0x0A }
        if isClean {
            return trimmed(Substring(text))
        }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                result.append("\n")
            } else if scalar == "\n" && previous == "\r" {
                // The LF of a CR LF, already written.
            } else if scalar == "\t" || scalar == "\n" || !isControl(scalar) {
                result.append(scalar)
            }
            previous = scalar
        }
        return trimmed(Substring(String(result)))
    }

    /// The text with nothing but a title's worth: at most `limit` characters of the first
    /// sentence, cut at a word boundary and ended with "…"; nil when there is no text.
    static func title(fromText text: String, limit: Int = 80) -> String? {
        let flat = line(text)
        guard !flat.isEmpty else { return nil }
        let characters = Array(flat.prefix(limit + 1))
        for offset in characters.indices.dropLast() where ".!?".contains(characters[offset]) {
            if characters[offset + 1] == " " { return String(characters[...offset]) }
        }
        guard characters.count > limit else { return flat }
        let cut = characters[..<limit].lastIndex(of: " ") ?? limit
        return String(characters[..<cut]).trimmingSuffixPunctuation() + "…"
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

    private static func trimmed(_ text: Substring) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09...0x0D, 0xA0, 0x85, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default:
            false
        }
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
