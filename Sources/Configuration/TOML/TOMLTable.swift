/// A TOML table: its keys in the order the document first wrote them, each with its line.
public struct TOMLTable: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: TOMLValue
        /// The 1-based line of the key, or of the header that opened the table (for a table
        /// made by a header such as `[a.b]`, the first header that named it).
        public var line: Int
    }

    public var entries: [Entry] = []

    /// The value under `key`, compared scalar by scalar as TOML compares keys.
    public subscript(key: String) -> TOMLValue? {
        entries.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }?.value
    }
}
