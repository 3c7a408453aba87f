import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a list of feed items reads from the store, and what `mark read` on it marks: the items
/// of some feeds, or those a filter chooses (a query feed, a list narrowed by `filter`).
public enum ItemSelection: Sendable {
    case feeds([URL])
    case filtered(NewsStore.FeedFilter)
}
