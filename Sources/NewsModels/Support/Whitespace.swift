extension StringProtocol {
    /// The text without leading and trailing white space (Unicode's White_Space: spaces, tabs,
    /// line breaks, no-break and ideographic spaces), as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` but without bridging through UTF-16:
    /// decoding a page trims every field of every article.
    package func trimmingWhitespace() -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.isWhitespace })
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
