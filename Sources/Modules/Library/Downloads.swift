import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Podcast downloads as the screens see them: queueing an item's enclosure, running the queue,
/// and playing a file once it is downloaded. The executable backs it with the store and a folder;
/// sessions without downloads use ``NoDownloads``.
public protocol Downloads: Sendable {
    /// Queues `enclosure` of `article`; returns the sentence that says so (or why not).
    func queue(_ enclosure: Enclosure, of article: Article) async -> String
    /// Downloads what is queued, one file at a time, telling `events` as files progress and end.
    func run(events: @escaping @Sendable (DownloadEvent) -> Void) async
    /// Plays the downloaded file of `enclosure` with the player; returns the sentence that says so
    /// (or why not: not downloaded yet, no player).
    func play(_ enclosure: Enclosure) async -> String
}

/// What a running queue tells.
public enum DownloadEvent: Sendable, Equatable {
    /// Bytes of the file `name` arrived (`total` when known).
    case progress(name: String, received: Int64, total: Int64?)
    /// A file ended: a sentence saying where it is, or why it failed.
    case finished(sentence: String, failed: Bool)
}

/// For sessions without downloads.
public struct NoDownloads: Downloads {
    public init() {}
    public func queue(_ enclosure: Enclosure, of article: Article) async -> String {
        "Downloads are not available here."
    }
    public func run(events: @escaping @Sendable (DownloadEvent) -> Void) async {}
    public func play(_ enclosure: Enclosure) async -> String { "Downloads are not available here." }
}

/// Tells whoever runs the queue that a file was queued (the session's ``DownloadCenter``); the
/// screens hold it before the center exists.
@MainActor
public final class DownloadTrigger {
    public var action: (@MainActor () -> Void)?

    public nonisolated init() {}

    public func fire() { action?() }
}
