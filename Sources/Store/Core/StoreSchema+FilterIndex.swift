extension StoreSchema {
    /// Filters answered from an index instead of the items' rows.
    ///
    /// `article_feedNewest`, the index of each feed's items by date, also holds what filters most
    /// often ask of an item: its hidden mark, its title and its author (it held its read mark
    /// already). Without them a query feed such as `title =~ "river"` would read each item's
    /// row (hundreds of bytes, scattered over the whole file) to decide on it, and walk the date
    /// index through the rows to find its page; with them it reads the index's entries (about
    /// 100 bytes each, feed by feed) once, for its count and its page together, and SQLite reads a
    /// row only for an item on the page. This index rather than the date index: a feed's new
    /// items are inserted side by side in it, where in the date index they would land all over a
    /// much larger tree and slow every first write of a feed's items (see BENCHMARKS.md,
    /// “Measurements behind the code”).
    static let filterIndex = """
        DROP INDEX IF EXISTS article_feedNewest;
        CREATE INDEX article_feedNewest ON article(feedID, publishedAt, readAt, hidden, title, author)
            WHERE feedID IS NOT NULL;
        """
}
