import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension NewsStore {
    /// The items among `items` that were read.
    public func readFeedItems(among items: [FeedItemReference]) async throws(StoreError) -> Set<
        FeedItemReference
    > {
        try await feedItems(among: items, where: "a.readAt IS NOT NULL")
    }

    /// The items among `items` that are saved.
    public func savedFeedItems(among items: [FeedItemReference]) async throws(StoreError) -> Set<
        FeedItemReference
    > {
        try await feedItems(among: items, where: "a.id IN (SELECT articleID FROM saved)")
    }

    /// The items among `items` whose row matches `condition` (on `article a`), asked feed by feed.
    private func feedItems(among items: [FeedItemReference], where condition: String) async throws(StoreError)
        -> Set<FeedItemReference>
    {
        guard !items.isEmpty else { return [] }
        let byFeed = Dictionary(grouping: items, by: \.feed)
        return try await read { db in
            var found: Set<FeedItemReference> = []
            for (feed, references) in byFeed {
                let ids = Array(Set(references.map(\.item)))
                for chunk in ids.statementChunks {
                    let matching = try String.fetchAll(
                        db,
                        sql: """
                            SELECT a.itemID FROM feed f JOIN article a ON a.feedID = f.id
                            WHERE f.url = ? AND a.itemID IN (\(databaseQuestionMarks(count: chunk.count)))
                                AND \(condition)
                            """,
                        arguments: [feed.absoluteString] + StatementArguments(chunk))
                    found.formUnion(matching.map { FeedItemReference(feed: feed, item: $0) })
                }
            }
            return found
        }
    }
}
