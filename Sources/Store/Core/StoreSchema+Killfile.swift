extension StoreSchema {
    /// The killfile's display mode (newsboat's `ignore-mode "display"`): `article.hidden` is 1 for
    /// a feed item a killfile rule hides, which every feed list and count leaves out; and
    /// `storeSetting`, small values the store keeps about itself (the rules the hidden marks were
    /// made with, so that changed rules are applied again to every item).
    static let killfileHidden = """
        ALTER TABLE article ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE storeSetting (
            key TEXT NOT NULL PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        """
}
