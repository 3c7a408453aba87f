import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a sync did, and why it stopped when it failed.
public struct SyncReport: Sendable {
    /// Changes made here that the service acknowledged.
    public var sent = 0
    /// Changes found already applied at the service, after a sync that was cut off.
    public var alreadyThere = 0
    /// Changes still waiting.
    public var waiting = 0
    public var feeds = 0
    public var feedsAdded = 0
    public var feedsRemoved = 0
    public var newItems = 0
    public var updatedItems = 0
    /// Items whose read or starred mark changed here to follow the service.
    public var marksChanged = 0
    /// Saved items the service no longer has (their feed gone, the item purged), kept saved here
    /// as this machine's own.
    public var keptSaved = 0
    /// Items the service sent that could not be kept (no id, no feed, nothing to show).
    public var skippedItems = 0
    public var duration: Duration = .zero
    public var error: SyncError?

    public init() {}

    /// True when the sync ran to its end.
    public var succeeded: Bool { error == nil }
}

/// Where a sync is, for a line of progress.
public struct SyncProgress: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case sending(done: Int, of: Int)
        case subscriptions
        case items(new: Int)
        case marks
    }

    public var phase: Phase

    public init(_ phase: Phase) {
        self.phase = phase
    }

    /// The progress line the command line and the screens both show:
    /// `Syncing with rss.example.org · 2,000 new items`.
    public func line(service: String) -> String {
        "Syncing with \(service) · \(description)"
    }

    /// `sending 1,000 of 5,000 changes`, `2,000 new items`.
    public var description: String {
        switch phase {
        case .sending(let done, let total):
            "sending \(Amount.grouped(done)) of \(Amount.grouped(total)) changes"
        case .subscriptions: "reading the subscriptions"
        case .items(let new): "\(Amount.grouped(new)) new item\(new == 1 ? "" : "s")"
        case .marks: "reading the marks"
        }
    }
}
