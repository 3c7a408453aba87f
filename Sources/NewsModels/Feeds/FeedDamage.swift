/// How a feed document that could not be read to its end broke: what was read of it is kept, and
/// this says what may be missing.
public struct FeedDamage: Sendable, Hashable {
    /// The line the document ended at, or where the parser stopped.
    public var line: Int
    /// The items read whole.
    public var itemsRead: Int
    /// The items the document holds as far as can be told: every item and entry start tag in it,
    /// read or not (at least ``itemsRead``).
    public var itemsSeen: Int

    public init(line: Int, itemsRead: Int, itemsSeen: Int) {
        self.line = line
        self.itemsRead = itemsRead
        self.itemsSeen = max(itemsSeen, itemsRead)
    }

    /// One sentence for `newsapp feeds` and the log: "The feed ended early at line 120: 4 of at
    /// least 25 items read."
    public var sentence: String {
        let items = itemsSeen == 1 ? "item" : "items"
        return "The feed ended early at line \(line): \(itemsRead) of at least \(itemsSeen) \(items) read."
    }
}
