/// Where a refresh of the feeds is, for a progress line: `Refreshing 37/199 feeds · 4,210 new`.
/// The refresh engine reports it and the screens draw it.
public struct RefreshProgress: Sendable, Hashable {
    public var total: Int
    /// Feeds answered, failed or skipped so far.
    public var done: Int
    /// Items stored as new so far.
    public var newItems: Int

    public init(total: Int, done: Int, newItems: Int) {
        self.total = total
        self.done = done
        self.newItems = newItems
    }
}
