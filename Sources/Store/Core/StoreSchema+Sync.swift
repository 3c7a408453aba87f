extension StoreSchema {
    /// Sync with a feed service (see the Sync target): which feeds and items came from it, the
    /// queue of mark changes made here, and the sync's progress.
    ///
    /// - `syncFeed`: a feed row the service subscribes to, with the service's stream id
    ///   (`feed/42`) and its labels (a JSON array of names, NULL when none), which are its tags.
    ///   Its items are ordinary feed items; `feed.url` is the feed's own address.
    /// - `syncItem`: a feed item that came from the service, with the service's numeric id (the
    ///   short form of `tag:google.com,2005:reader/item/…`; the item's `itemID` is the long form).
    ///   Both go with their row (`ON DELETE CASCADE`): retention, a feed's removal, `cache clear`.
    /// - `syncChange`: the queue. One row per item and kind of mark (`read`, `starred`), written in
    ///   the transaction that changes the mark, so read then unread is one change (the latest
    ///   `value`). `version` grows at each change; `sentVersion` is the version a push sent
    ///   before it knew the answer; the row goes only when the service acknowledged its current
    ///   version. Keyed by the service's id, not the row, so a change outlives its item's removal.
    /// - `syncState`: the pull's progress and the last syncs, as text values by key.
    static let syncTables = """
        CREATE TABLE syncFeed (
            feedID INTEGER PRIMARY KEY REFERENCES feed(id) ON DELETE CASCADE,
            streamID TEXT NOT NULL UNIQUE,
            labels TEXT
        );
        CREATE TABLE syncItem (
            articleID INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
            serviceID INTEGER NOT NULL UNIQUE
        );
        CREATE TABLE syncChange (
            serviceID INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('read', 'starred')),
            value INTEGER NOT NULL,
            version INTEGER NOT NULL,
            sentVersion INTEGER,
            changedAt REAL NOT NULL,
            PRIMARY KEY (serviceID, kind)
        ) WITHOUT ROWID;
        CREATE TABLE syncState (
            key TEXT NOT NULL PRIMARY KEY,
            value TEXT
        ) WITHOUT ROWID;
        """
}
