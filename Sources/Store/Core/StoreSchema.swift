import SQLite

/// The store's tables, built by a `DatabaseMigrator`. Dates are `REAL` seconds since 1970 (UTC),
/// so they sort and compare as numbers; URLs are their absolute strings.
///
/// - `article`: one row per article URL (`url UNIQUE`), with every ``Networking/Article`` field
///   and `firstSeenAt` (first stored) and `lastFetchedAt` (last time a recorded page held it;
///   it never goes back). Recording a page upserts; a later copy that lacks a field (author,
///   description, image, date, content) keeps the stored one.
/// - `listing`: one row per ``ListingKey`` (`key` is its canonical string), with the key's parts
///   in columns so offline headlines can find a category's articles.
/// - `listingPage`: a page of a listing as the service returned it: number, size,
///   `totalResults`, skipped entries, result cap, `fetchedAt`. A listing keeps one page size;
///   recording a page of another size starts the listing over.
/// - `listingEntry`: which article was at which position (0-based, within the page) of a
///   listing page. Unique per page, so a stored page never holds an article twice.
/// - `readMark`: URLs the user has read and when (`readAt`). Keyed by URL, not by article, so
///   a read mark outlives its article's eviction until it is old too.
/// - `saved`: saved articles (`savedAt`). `ON DELETE RESTRICT`: the database itself refuses to
///   evict a saved article.
/// - `articleSearch` (v2): an FTS5 index over title, description (`summary`), content and
///   source name, an external-content table over `article` (rowid = `article.id`). Porter
///   stemming over unicode61: case is folded in every script, `rovers` finds `rover`, and
///   diacritics are removed from Latin letters only (`cafe` finds `Café`; Greek accents count).
///   Since v3 the code that inserts an article inserts its index row (``SearchIndex``); triggers
///   keep the index in step with updates and deletes.
/// - `feed` (v3) and the feed columns of `article`: see ``v3``.
/// - The page columns of `article` (v4), reader mode's text, and `pageText` in `articleSearch`: see
///   ``v4``.
/// - `requestDay` (`v5-request-counts`): NewsAPI requests counted per UTC day; see
///   ``requestCounts``.
/// - `feed.lastWarning` (v6-feed-warning): see ``feedWarning``.
/// - `v7-feed-write-speed`: one index of `article` fewer, one for retention; see ``feedWriteSpeed``.
/// - `article.hidden` and `storeSetting` (v8-killfile-hidden): see ``killfileHidden``.
/// - `download` (v9-download-queue), podcast downloads: see ``downloadQueue``.
/// - `syncFeed`, `syncItem`, `syncChange` and `syncState` (`v10-sync`), sync with a feed service:
///   see ``syncTables``.
enum StoreSchema {
    /// Every migration, in order. `v1` is the base schema; `v2` adds the full-text index and
    /// fills it from the articles already stored; `v3` adds feeds (see ``v3``); `v4` keeps reader
    /// mode's text with the articles and indexes it (see ``v4``); `v5-request-counts` counts NewsAPI's
    /// requests per day (see ``requestCounts``); `v6-feed-warning` keeps why a feed's last document
    /// was read only in part (see ``feedWarning``); `v7-feed-write-speed` makes feed writes and
    /// retention cheaper (see ``feedWriteSpeed``); `v8-killfile-hidden` hides the items the
    /// killfile's display mode ignores (see ``killfileHidden``); `v9-download-queue` keeps the
    /// podcast downloads' queue (see ``downloadQueue``); `v10-sync` adds sync with a
    /// feed service (see ``syncTables``); `v11-filter-index` lets filters read an index instead
    /// of the rows (see ``filterIndex``).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: v1) }
        migrator.registerMigration("v2") { db in try db.execute(sql: v2) }
        // Foreign keys are off while `article` is rebuilt, and checked before the commit.
        migrator.registerMigration("v3", foreignKeyChecks: .deferred) { db in try db.execute(sql: v3) }
        migrator.registerMigration("v4") { db in try db.execute(sql: v4) }
        migrator.registerMigration("v5-request-counts") { db in try db.execute(sql: requestCounts) }
        migrator.registerMigration("v6-feed-warning") { db in try db.execute(sql: feedWarning) }
        migrator.registerMigration("v7-feed-write-speed") { db in try db.execute(sql: feedWriteSpeed) }
        migrator.registerMigration("v8-killfile-hidden") { db in try db.execute(sql: killfileHidden) }
        migrator.registerMigration("v9-download-queue") { db in try db.execute(sql: downloadQueue) }
        migrator.registerMigration("v10-sync") { db in try db.execute(sql: syncTables) }
        migrator.registerMigration("v11-filter-index") { db in try db.execute(sql: filterIndex) }
        return migrator
    }

    /// The tokenizer of the full-text index.
    static let tokenizer = "porter unicode61 remove_diacritics 2"

    /// The tables each migration makes and the columns the code reads from them.
    static let expectedTables: [(migration: String, table: String, columns: Set<String>)] = [
        (
            "v1", "article",
            [
                "id", "url", "sourceID", "sourceName", "author", "title", "summary", "imageURL",
                "publishedAt",
                "content", "omittedCharacterCount", "firstSeenAt", "lastFetchedAt",
            ]
        ),
        ("v1", "listing", ["id", "key", "kind", "country", "category", "query", "sort", "language"]),
        (
            "v1", "listingPage",
            [
                "listingID", "page", "pageSize", "totalResults", "skippedCount", "reachedResultCap",
                "fetchedAt",
            ]
        ),
        ("v1", "listingEntry", ["listingID", "page", "position", "articleID"]),
        ("v1", "readMark", ["url", "readAt"]),
        ("v1", "saved", ["articleID", "savedAt"]),
        ("v2", "articleSearch", ["title", "summary", "content", "sourceName"]),
        (
            "v3", "feed",
            [
                "id", "url", "title", "siteURL", "etag", "lastModified", "lastAttemptAt", "lastSuccessAt",
                "lastFetchedAt", "lastError", "retryAfter", "sourceName", "removedAt", "itemCount",
                "unreadCount",
            ]
        ),
        (
            "v3", "article",
            [
                "feedID", "itemID", "urlIsLink", "itemPublishedAt", "updatedAt", "links", "enclosures",
                "readAt",
                "contentHash",
            ]
        ),
        (
            "v4", "article",
            ["pageText", "pageLinks", "pageByline", "pagePublishedAt", "pageImageURL", "pageFetchedAt"]
        ),
        ("v4", "articleSearch", ["pageText"]),
        ("v5-request-counts", "requestDay", ["day", "requests", "refused"]),
        ("v6-feed-warning", "feed", ["lastWarning"]),
        ("v8-killfile-hidden", "article", ["hidden"]),
        ("v8-killfile-hidden", "storeSetting", ["key", "value"]),
        (
            "v9-download-queue", "download",
            [
                "id", "url", "title", "feedTitle", "type", "length", "state", "path", "received", "total",
                "error",
                "queuedAt", "finishedAt", "owner",
            ]
        ),
        ("v10-sync", "syncFeed", ["feedID", "streamID", "labels"]),
        ("v10-sync", "syncItem", ["articleID", "serviceID"]),
        ("v10-sync", "syncChange", ["serviceID", "kind", "value", "version", "sentVersion", "changedAt"]),
        ("v10-sync", "syncState", ["key", "value"]),
    ]

    /// Why the schema is not what the migrations in `applied` (nil: all) made, or nil when it is.
    static func mismatch(in db: Database, applied: Set<String>? = nil) throws -> String? {
        for (migration, table, columns) in expectedTables where applied?.contains(migration) ?? true {
            guard try db.tableExists(table) else { return "table \(table) is missing" }
            let present = Set(try db.columns(in: table).map(\.name))
            if let missing = columns.subtracting(present).sorted().first {
                return "column \(table).\(missing) is missing"
            }
        }
        return nil
    }

    static let v1 = """
        CREATE TABLE article (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL UNIQUE,
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
            lastFetchedAt REAL NOT NULL
        );
        CREATE INDEX article_publishedAt ON article(publishedAt);
        CREATE INDEX article_lastFetchedAt ON article(lastFetchedAt);

        CREATE TABLE listing (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL CHECK (kind IN ('headlines', 'search')),
            country TEXT,
            category TEXT,
            query TEXT,
            sort TEXT,
            language TEXT
        );
        CREATE INDEX listing_kind_category ON listing(kind, category);

        CREATE TABLE listingPage (
            listingID INTEGER NOT NULL REFERENCES listing(id) ON DELETE CASCADE,
            page INTEGER NOT NULL CHECK (page >= 1),
            pageSize INTEGER NOT NULL CHECK (pageSize >= 1),
            totalResults INTEGER NOT NULL,
            skippedCount INTEGER NOT NULL DEFAULT 0,
            reachedResultCap INTEGER NOT NULL DEFAULT 0,
            fetchedAt REAL NOT NULL,
            PRIMARY KEY (listingID, page)
        ) WITHOUT ROWID;
        CREATE INDEX listingPage_fetchedAt ON listingPage(fetchedAt);

        CREATE TABLE listingEntry (
            listingID INTEGER NOT NULL,
            page INTEGER NOT NULL,
            position INTEGER NOT NULL CHECK (position >= 0),
            articleID INTEGER NOT NULL REFERENCES article(id) ON DELETE CASCADE,
            PRIMARY KEY (listingID, page, position),
            UNIQUE (listingID, page, articleID),
            FOREIGN KEY (listingID, page) REFERENCES listingPage(listingID, page) ON DELETE CASCADE
        ) WITHOUT ROWID;
        CREATE INDEX listingEntry_articleID ON listingEntry(articleID);

        CREATE TABLE readMark (
            url TEXT NOT NULL PRIMARY KEY,
            readAt REAL NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE saved (
            articleID INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE RESTRICT,
            savedAt REAL NOT NULL
        );
        CREATE INDEX saved_savedAt ON saved(savedAt);
        """

    static let v2 = """
        CREATE VIRTUAL TABLE articleSearch USING fts5(
            title, summary, content, sourceName,
            content = 'article', content_rowid = 'id',
            tokenize = '\(tokenizer)'
        );
        CREATE TRIGGER article_afterInsert AFTER INSERT ON article BEGIN
            INSERT INTO articleSearch(rowid, title, summary, content, sourceName)
            VALUES (new.id, new.title, new.summary, new.content, new.sourceName);
        END;
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
        INSERT INTO articleSearch(articleSearch) VALUES ('rebuild');
        """
}
