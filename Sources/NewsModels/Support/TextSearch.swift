extension StringProtocol {
    /// The range of the last occurrence of `needle`, as Foundation's
    /// `range(of: needle, options: .backwards)`: occurrences may overlap, so in `aaa` the last
    /// `aa` starts at the second `a`.
    package func lastRange(of needle: some StringProtocol) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var start = endIndex
        while start > startIndex {
            formIndex(before: &start)
            if self[start...].starts(with: needle) {
                return start..<index(start, offsetBy: needle.count)
            }
        }
        return nil
    }
}
