extension StoreSchema {
    /// A feed's last warning: its latest document was read, but not to its end (``FeedDamage``),
    /// so what it held is kept beside the items already stored rather than in their place.
    /// `lastWarning` is the sentence `newsapp feeds` shows ("The feed ended early at line 120: 4 of
    /// at least 25 items read."), NULL after a document read whole or a failure.
    static let feedWarning = """
        ALTER TABLE feed ADD COLUMN lastWarning TEXT;
        """
}
