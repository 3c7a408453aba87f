extension StoreSchema {
    /// Podcast downloads: one row per enclosure address (`url UNIQUE`) with what names it (its
    /// item's `title`, its feed's `feedTitle`, its `type` and announced `length`), its `state`
    /// (`queued`, `downloading`, `done`, `failed`), the file it goes to (`path`: the partial file
    /// while it downloads, the finished one after), the bytes `received` and expected (`total`),
    /// why it last failed (`error`), when it was queued and finished (while it downloads, when its run
    /// last said where it was), and the process downloading it (`owner`).
    static let downloadQueue = """
        CREATE TABLE download (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            feedTitle TEXT,
            type TEXT,
            length INTEGER,
            state TEXT NOT NULL CHECK (state IN ('queued', 'downloading', 'done', 'failed')),
            path TEXT,
            received INTEGER NOT NULL DEFAULT 0,
            total INTEGER,
            error TEXT,
            queuedAt REAL NOT NULL,
            finishedAt REAL,
            owner INTEGER
        );
        CREATE INDEX download_state ON download(state, queuedAt);
        """
}
