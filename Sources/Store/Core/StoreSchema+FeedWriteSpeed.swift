extension StoreSchema {
    /// Cheaper feed writes and feed retention.
    ///
    /// - `article_feedItemURL`, the index of feed items' `url` that v3 made, goes. No query reads
    ///   it (every lookup by `url` is of a NewsAPI article, `feedID IS NULL`, on `article_url`;
    ///   feed items are found by feed and item id), and keeping it cost every new feed item an
    ///   insert into a B-tree of long, scattered keys, a large part of the SQLite work of storing
    ///   an item without its full-text row (see BENCHMARKS.md, “Measurements behind the code”).
    /// - `article_feedItemLeft` holds only the feed items retention may remove: read, and no
    ///   longer in their feed's latest document. Retention starts from this index, empty until
    ///   items are read and leave their feeds, so that a refresh with nothing new does not sort
    ///   every item of every feed, which would be most of its work.
    static let feedWriteSpeed = """
        DROP INDEX IF EXISTS article_feedItemURL;
        CREATE INDEX article_feedItemLeft ON article(feedID, lastFetchedAt)
            WHERE feedID IS NOT NULL AND readAt IS NOT NULL AND lastFetchedAt IS NOT NULL;
        """
}
