/// A TOML table: its keys in the order the document first wrote them, each with its line.
struct TOMLTable: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var key: String
        var value: TOMLValue
        /// The 1-based line of the key, or of the header that opened the table (for a table
        /// made by a header such as `[a.b]`, the first header that named it).
        var line: Int
    }

    var entries: [Entry] = []

    /// The value under `key`, compared scalar by scalar as TOML compares keys.
    subscript(key: String) -> TOMLValue? {
        entries.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }?.value
    }
}
