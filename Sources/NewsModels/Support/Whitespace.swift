extension StringProtocol {
    /// The text without leading and trailing white space (Unicode's White_Space: spaces, tabs,
    /// line breaks, no-break and ideographic spaces; and U+200B, which Foundation's sets still
    /// count as a space), as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` but without bridging through UTF-16:
    /// decoding a page trims every field of every article.
    package func trimmingWhitespace() -> String {
        trimming { $0.isWhitespace || $0.value == 0x200B }
    }

    /// The text without leading and trailing spaces and tabs (Unicode's space separators and
    /// U+0009), as Foundation's `trimmingCharacters(in: .whitespaces)`: line breaks stay.
    package func trimmingSpaces() -> String {
        trimming {
            $0.value == 0x09 || $0.value == 0x200B || $0.properties.generalCategory == .spaceSeparator
        }
    }

    /// The text without the leading and trailing Unicode scalars that `characters` holds, as
    /// Foundation's `trimmingCharacters(in: CharacterSet(charactersIn: characters))`.
    package func trimming(anyOf characters: String) -> String {
        let set = Set(characters.unicodeScalars)
        return trimming { set.contains($0) }
    }

    /// The text without the leading and trailing Unicode scalars for which `unwanted` holds.
    package func trimming(where unwanted: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !unwanted($0) }),
            let last = scalars.lastIndex(where: { !unwanted($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// White_Space, with ASCII answered without the property tables.
    fileprivate var isWhitespace: Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return properties.isWhitespace
    }
}
