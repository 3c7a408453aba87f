import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``FeedRecord`` with the columns of its document's items made (addresses, hashes, JSON), so
/// that ``NewsStore/recordFeeds(_:)`` makes them before its transaction, on the caller's thread,
/// while the one writer thread may still be writing the batch before.
///
/// The items are in document order; a repeated id keeps its first item, as the parsers do.
struct PreparedFeedRecord: Sendable {
    let record: FeedRecord
    /// The columns of the document's items; empty when the record holds no document.
    let items: [FeedItemColumns]

    init(_ record: FeedRecord) {
        self.record = record
        guard case .fetched(let document, _) = record.outcome else {
            items = []
            return
        }
        // The feed's row is at the address it moved to; the transaction may know a better
        // fallback (the stored site), which ``FeedItemColumns/usesFallbackURL`` lets it apply.
        let fallbackURL = document.siteURL?.absoluteString ?? (record.movedTo ?? record.url).absoluteString
        var seen = Set<String>(minimumCapacity: document.items.count)
        var items: [FeedItemColumns] = []
        items.reserveCapacity(document.items.count)
        for item in document.items where seen.insert(item.id).inserted {
            items.append(FeedItemColumns(item, fallbackURL: fallbackURL))
        }
        self.items = items
    }
}
