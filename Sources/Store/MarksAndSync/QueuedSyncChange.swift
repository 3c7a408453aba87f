#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A change of mark waiting in the sync queue.
public struct QueuedSyncChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case read
        case starred
    }

    public var serviceID: Int64
    public var kind: Kind
    public var value: Bool
    public var version: Int64
    /// True when a push sent this version and did not learn whether it arrived.
    public var mayHaveBeenSent: Bool

    public init(serviceID: Int64, kind: Kind, value: Bool, version: Int64, mayHaveBeenSent: Bool = false) {
        self.serviceID = serviceID
        self.kind = kind
        self.value = value
        self.version = version
        self.mayHaveBeenSent = mayHaveBeenSent
    }
}
