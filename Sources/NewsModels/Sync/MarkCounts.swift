/// How many items are unread and how many starred: at the service, as it counts them, or here,
/// among the service's items stored (starred there is saved here).
public struct MarkCounts: Sendable, Equatable {
    public var unread: Int
    public var starred: Int

    public init(unread: Int, starred: Int) {
        self.unread = unread
        self.starred = starred
    }
}
