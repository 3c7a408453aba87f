#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The article pages that could not be read lately in this run, so that opening such an article
/// again does not fetch its page again by itself (`full_text`) until ``retryInterval`` has passed;
/// `full` always fetches. One per session, shared by its article screens; kept in memory only, so a
/// new run tries every page again.
@MainActor
public final class UnreadablePages {
    /// How long a page that failed is not fetched again as its article opens.
    public static let retryInterval: TimeInterval = 30 * 60

    private var failures: [URL: Date] = [:]
    private let now: @MainActor () -> Date

    /// - Parameter now: The clock (tests move it forward).
    public init(now: @escaping @MainActor () -> Date = { Date() }) {
        self.now = now
    }

    /// Whether the page at `url` failed less than ``retryInterval`` ago.
    public func failedLately(_ url: URL) -> Bool {
        guard let failed = failures[url] else { return false }
        if now().timeIntervalSince(failed) < Self.retryInterval { return true }
        failures[url] = nil
        return false
    }

    /// Notes that the page at `url` could not be read just now.
    public func recordFailure(_ url: URL) {
        failures[url] = now()
    }

    /// Notes that the page at `url` was read: it is fetched as usual again.
    public func recordSuccess(_ url: URL) {
        failures[url] = nil
    }
}
