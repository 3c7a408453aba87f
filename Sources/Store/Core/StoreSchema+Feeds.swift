extension StoreSchema {
    /// Feeds: the `feed` table, and `article` rebuilt to hold feed items beside NewsAPI articles.
    ///
    /// - `feed`: one row per subscription address (`url UNIQUE`): the feed's own `title` and
    ///   `siteURL`, the validators of its last answer (`etag`, `lastModified`), `lastAttemptAt`,
    ///   `lastSuccessAt` (answered 200 or 304), `lastFetchedAt` (when its latest document was
    ///   stored), `lastError` (NULL after a success), `retryAfter` (not to be asked before),
    ///   `sourceName` (the name its items are shown under), `removedAt` (set when the feed was
    ///   unsubscribed while some of its items were saved, which keep the row until they are
    ///   unsaved), and `itemCount` and `unreadCount`, kept by every write so that the list of
    ///   feeds is read without counting 100,000 items (``NewsStore/recountFeeds(_:arguments:in:)``).
    /// - `article` gains `feedID` (NULL for NewsAPI articles), `itemID` (the item's id in its
    ///   feed), `urlIsLink` (whether `url` is the item's own link, see below), `itemPublishedAt`
    ///   and `updatedAt` (the item's own dates; `publishedAt` is the sort date, published else
    ///   updated), `links` and `enclosures` (JSON arrays, NULL when empty), `readAt` (a feed
    ///   item's read mark; NewsAPI articles keep `readMark`, by URL) and `contentHash` (of what a
    ///   reader sees, so an unchanged item is not rewritten). A feed item's `url` is its link,
    ///   else its id when that is a web address, else the feed's site, else the feed's address;
    ///   so `url` is unique among NewsAPI articles only (two feeds can carry one link).
    /// - A feed item's `lastFetchedAt` is NULL while its feed's latest document holds it (its
    ///   time is then the feed's `lastFetchedAt`), and the time of the last document that held it
    ///   once one no longer does. So a refresh writes only the items that came, changed or left:
    ///   moving a time in every item of every document would rewrite every row at each refresh.
    ///
    /// The rebuild keeps every `id`, so the full-text index stays valid. Its AFTER INSERT trigger
    /// is gone: FTS5 rows inserted by a trigger are several times slower (the index flushes at
    /// every trigger's savepoint), so the code that inserts an article inserts its index row
    /// (``SearchIndex``); no other INSERT trigger may be added on `article`, for the same reason.
    /// `automerge` 16 merges index segments less eagerly, which makes large feed writes cheaper;
    /// 64 would save a little more, but leaves many more segments, which slows a search for a
    /// rare word. BENCHMARKS.md (“Measurements behind the code”) has the numbers.
    static let v3 = """
        CREATE TABLE feed (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL UNIQUE,
            title TEXT,
            siteURL TEXT,
            etag TEXT,
            lastModified TEXT,
            lastAttemptAt REAL,
            lastSuccessAt REAL,
            lastFetchedAt REAL,
            lastError TEXT,
            retryAfter REAL,
            sourceName TEXT,
            removedAt REAL,
            itemCount INTEGER NOT NULL DEFAULT 0,
            unreadCount INTEGER NOT NULL DEFAULT 0
        );

        CREATE TABLE article_v3 (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL,
            sourceID TEXT,
            sourceName TEXT NOT NULL,
            author TEXT,
            title TEXT NOT NULL,
            summary TEXT,
            imageURL TEXT,
            publishedAt REAL,
            content TEXT,
            omittedCharacterCount INTEGER,
            firstSeenAt REAL NOT NULL,
            lastFetchedAt REAL,
            feedID INTEGER REFERENCES feed(id) ON DELETE CASCADE,
            itemID TEXT,
            urlIsLink INTEGER,
            itemPublishedAt REAL,
            updatedAt REAL,
            links TEXT,
            enclosures TEXT,
            readAt REAL,
            contentHash INTEGER,
            CHECK ((feedID IS NULL) = (itemID IS NULL)),
            CHECK (lastFetchedAt IS NOT NULL OR feedID IS NOT NULL)
        );
        INSERT INTO article_v3 (id, url, sourceID, sourceName, author, title, summary, imageURL,
            publishedAt, content, omittedCharacterCount, firstSeenAt, lastFetchedAt)
        SELECT id, url, sourceID, sourceName, author, title, summary, imageURL,
            publishedAt, content, omittedCharacterCount, firstSeenAt, lastFetchedAt
        FROM article;
        DROP TABLE article;
        ALTER TABLE article_v3 RENAME TO article;

        CREATE UNIQUE INDEX article_url ON article(url) WHERE feedID IS NULL;
        CREATE INDEX article_feedItemURL ON article(url) WHERE feedID IS NOT NULL;
        CREATE UNIQUE INDEX article_feedItem ON article(feedID, itemID) WHERE feedID IS NOT NULL;
        CREATE INDEX article_feedNewest ON article(feedID, publishedAt, readAt) WHERE feedID IS NOT NULL;
        CREATE INDEX article_publishedAt ON article(publishedAt);
        CREATE INDEX article_lastFetchedAt ON article(lastFetchedAt) WHERE feedID IS NULL;

        CREATE TRIGGER article_afterDelete AFTER DELETE ON article BEGIN
            INSERT INTO articleSearch(articleSearch, rowid, title, summary, content, sourceName)
            VALUES ('delete', old.id, old.title, old.summary, old.content, old.sourceName);
        END;
        CREATE TRIGGER article_afterUpdate AFTER UPDATE OF title, summary, content, sourceName ON article
        WHEN old.title IS NOT new.title OR old.summary IS NOT new.summary
            OR old.content IS NOT new.content OR old.sourceName IS NOT new.sourceName
        BEGIN
            INSERT INTO articleSearch(articleSearch, rowid, title, summary, content, sourceName)
            VALUES ('delete', old.id, old.title, old.summary, old.content, old.sourceName);
            INSERT INTO articleSearch(rowid, title, summary, content, sourceName)
            VALUES (new.id, new.title, new.summary, new.content, new.sourceName);
        END;
        INSERT INTO articleSearch(articleSearch, rank) VALUES ('automerge', 16);
        """
}
