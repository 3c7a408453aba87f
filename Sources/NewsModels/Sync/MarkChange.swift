/// A change of mark made here and waiting in the store's queue to be sent: an item read or made
/// unread, starred (saved) or unstarred. The store queues it, the sync sends it.
public struct MarkChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case read
        case starred
    }

    public var item: ItemID
    public var kind: Kind
    /// True: read, or starred. False: unread, or unstarred.
    public var value: Bool
    /// Changed again each time the mark changes here; a push acknowledges the version it sent, so
    /// a change made while it was in flight stays to be sent.
    public var version: Int64
    /// True when an earlier push sent this very version and learned nothing of its fate (it was
    /// killed, or the connection broke): the service's own state says whether it arrived.
    public var mayHaveBeenSent: Bool

    public init(item: ItemID, kind: Kind, value: Bool, version: Int64 = 1, mayHaveBeenSent: Bool = false) {
        self.item = item
        self.kind = kind
        self.value = value
        self.version = version
        self.mayHaveBeenSent = mayHaveBeenSent
    }
}
