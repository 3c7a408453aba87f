import Feeds
import Foundation
import NewsModels

/// A ``FeedStorage`` in memory, for tests about the refresh rather than the store: it keeps each
/// feed's validators and `Retry-After` as the store would, counts items by id, and records every
/// write (one array per transaction).
actor MemoryFeedStorage: FeedStorage {
    private(set) var feeds: [URL: FeedState] = [:]
    private(set) var items: [URL: Set<String>] = [:]
    /// Each write's outcomes, by subscription address.
    private(set) var writes: [[URL]] = []
    /// The failure last recorded for each feed, as the store keeps it for `newsapp feeds`.
    private(set) var lastErrors: [URL: String] = [:]
    /// Writes of more items than this fail as a full disk does (nil: none fails).
    private let room: Int?

    init(states: [URL: FeedState] = [:], room: Int? = nil) {
        feeds = states
        self.room = room
    }

    func states(for urls: [URL]) async throws -> [URL: FeedState] {
        feeds.filter { urls.contains($0.key) }
    }

    func write(_ outcomes: [FeedOutcome]) async throws -> [URL: ItemCounts] {
        if let room, outcomes.reduce(0, { $0 + $1.itemCount }) > room {
            throw FeedStorageError(reason: "database or disk is full")
        }
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
                lastErrors[outcome.url] = failure.sentence
            case .skipped:
                break
            }
            feeds[outcome.url] = state
        }
        return counts
    }
}
