extension StoreSchema {
    /// NewsAPI's daily quota: `requestDay` has one row per UTC day on which requests were made,
    /// `day` as `yyyy-MM-dd`, with how many were made (`requests`) and whether NewsAPI refused one
    /// for its pace that day (`refused`: no more are made before the day ends). Only counts: no
    /// key, no address. Rows older than a month go as new days are counted.
    static let requestCounts = """
        CREATE TABLE requestDay (
            day TEXT NOT NULL PRIMARY KEY,
            requests INTEGER NOT NULL DEFAULT 0 CHECK (requests >= 0),
            refused INTEGER NOT NULL DEFAULT 0 CHECK (refused IN (0, 1))
        ) WITHOUT ROWID;
        """
}
