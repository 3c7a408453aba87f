import Feeds
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The refresh engine's storage, in the article store: feed items share its full-text index, its
/// search and its read and saved marks with NewsAPI's articles.
public struct StoreFeedStorage: FeedStorage {
    public let store: NewsStore

    public init(store: NewsStore) {
        self.store = store
    }

    public func states(for urls: [URL]) async throws -> [URL: FeedState] {
        do {
            return try await store.feedStates(for: urls).mapValues {
                FeedState(validators: $0.validators, retryAfter: $0.retryAfter)
            }
        } catch {
            throw FeedStorageError(reason: Self.reason(error))
        }
    }

    public func write(_ outcomes: [FeedOutcome]) async throws -> [URL: ItemCounts] {
        let records = outcomes.compactMap(Self.record)
        do {
            return try await store.recordFeeds(records).mapValues {
                ItemCounts(new: $0.new, updated: $0.updated)
            }
        } catch {
            throw FeedStorageError(reason: Self.reason(error))
        }
    }

    /// A short reason for the refresh's sentence.
    private static func reason(_ error: StoreError) -> String {
        if case .failed(let reason) = error { return reason }
        return error.sentence
    }

    /// The store's record of `outcome`; nil for a feed that was not asked.
    static func record(_ outcome: FeedOutcome) -> FeedRecord? {
        let result: FeedRecord.Outcome
        switch outcome.result {
        case .fetched(let document, let validators):
            result = .fetched(document, validators: validators)
        case .notModified(let validators):
            result = .notModified(validators: validators)
        case .failed(let failure):
            result = .failed(reason: failure.sentence, retryAfter: failure.retryAfter)
        case .skipped:
            return nil
        }
        return FeedRecord(
            url: outcome.url, movedTo: outcome.movedTo, sourceName: outcome.sourceName, outcome: result,
            attemptedAt: outcome.attemptedAt, hiddenItems: outcome.hiddenItems)
    }
}
