import Feeds
import Foundation

/// A ``FeedStorage`` in memory, for tests about the refresh rather than the store: it keeps each
/// feed's validators and `Retry-After` as the store would, counts items by id, and records every
/// write (one array per transaction).
actor MemoryFeedStorage: FeedStorage {
    private(set) var feeds: [URL: FeedState] = [:]
    private(set) var items: [URL: Set<String>] = [:]
    /// Each write's outcomes, by subscription address.
    private(set) var writes: [[URL]] = []

    init(states: [URL: FeedState] = [:]) {
        feeds = states
    }

    func states(for urls: [URL]) async throws -> [URL: FeedState] {
        feeds.filter { urls.contains($0.key) }
    }

    func write(_ outcomes: [FeedOutcome]) async throws -> [URL: ItemCounts] {
        writes.append(outcomes.map(\.url))
        var counts: [URL: ItemCounts] = [:]
        for outcome in outcomes {
            var state = feeds[outcome.url] ?? FeedState()
            switch outcome.result {
            case .fetched(let document, let validators):
                state.validators = validators
                state.retryAfter = nil
                let known = items[outcome.url] ?? []
                let ids = Set(document.items.map(\.id))
                counts[outcome.url] = ItemCounts(new: ids.subtracting(known).count)
                items[outcome.url] = known.union(ids)
            case .notModified(let validators):
                if let validators { state.validators = validators }
                state.retryAfter = nil
            case .failed(let failure):
                state.retryAfter = failure.retryAfter
            case .skipped:
                break
            }
            feeds[outcome.url] = state
        }
        return counts
    }
}
