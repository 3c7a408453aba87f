import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Housekeeping: eviction, clearing, vacuum, statistics and the integrity check

extension NewsStore {
    /// Removes what was not fetched since `date`, and returns how many articles went.
    ///
    /// Age is `lastFetchedAt`, the last time a recorded page held the article, not
    /// `publishedAt`: an old article that today's headlines still show stays, so a stored page
    /// never loses articles while it is fresh. Goes: listing pages fetched before `date` (and
    /// lists left with none), unsaved articles last fetched before `date`, and read marks older
    /// than `date` whose article is gone. Saved articles always stay, and so do feed items, which
    /// have their own retention (``applyFeedRetention(maxItemsPerFeed:olderThan:)``).
    @discardableResult
    public func evict(olderThan date: Date) async throws(StoreError) -> Int {
        let cutoff = date.timeIntervalSince1970
        return try await write { db in
            try db.execute(sql: "DELETE FROM listingPage WHERE fetchedAt < ?", arguments: [cutoff])
            try db.execute(sql: "DELETE FROM listing WHERE id NOT IN (SELECT listingID FROM listingPage)")
            try db.execute(
                sql: """
                    DELETE FROM article
                    WHERE feedID IS NULL AND lastFetchedAt < ? AND id NOT IN (SELECT articleID FROM saved)
                    """,
                arguments: [cutoff])
            let evicted = db.changesCount
            try Self.evictReadMarks(olderThan: cutoff, in: db)
            return evicted
        }
    }

    /// Like ``evict(olderThan:)``, a bounded step at a time, so it can run at launch: removes at
    /// most `limit` unsaved NewsAPI articles last fetched before `date` (never feed items) and at
    /// most `limit / 50` listing pages fetched before then (a page holds up to 100 articles), the
    /// oldest first, in one short transaction. Returns how many articles went; when that is `limit`, more may be left for
    /// another call.
    @discardableResult
    public func evict(olderThan date: Date, limit: Int) async throws(StoreError) -> Int {
        let cutoff = date.timeIntervalSince1970
        let limit = max(limit, 1)
        let pageLimit = max(limit / 50, 1)
        return try await write { db in
            try db.execute(
                sql: """
                    DELETE FROM listingPage WHERE (listingID, page) IN (
                        SELECT listingID, page FROM listingPage WHERE fetchedAt < ? ORDER BY fetchedAt LIMIT ?)
                    """,
                arguments: [cutoff, pageLimit])
            if db.changesCount > 0 {
                try db.execute(sql: "DELETE FROM listing WHERE id NOT IN (SELECT listingID FROM listingPage)")
            }
            try db.execute(
                sql: """
                    DELETE FROM article WHERE id IN (
                        SELECT id FROM article
                        WHERE feedID IS NULL AND lastFetchedAt < ? AND id NOT IN (SELECT articleID FROM saved)
                        ORDER BY lastFetchedAt LIMIT ?)
                    """,
                arguments: [cutoff, limit])
            let evicted = db.changesCount
            try Self.evictReadMarks(olderThan: cutoff, in: db)
            return evicted
        }
    }

    /// Removes read marks older than `cutoff` whose NewsAPI article is gone.
    private static func evictReadMarks(olderThan cutoff: Double, in db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM readMark WHERE readAt < ?
                    AND NOT EXISTS (SELECT 1 FROM article a WHERE a.url = readMark.url AND a.feedID IS NULL)
                """,
            arguments: [cutoff])
    }

    /// Removes every list, every read mark and every article that is not saved, as
    /// ``clear(includingSaved:)`` does without `includingSaved`.
    public func clear() async throws(StoreError) {
        _ = try await clear(includingSaved: false)
    }

    /// What ``clear(includingSaved:)`` removed.
    public struct Cleared: Sendable, Equatable {
        /// Feed items included.
        public var articles: Int
        /// Saved articles that were unsaved and removed; 0 unless saved ones were included.
        public var saved: Int
        public var readMarks: Int
        /// Lists (``ListingKey``s) with their stored pages.
        public var listings: Int
        /// Saved articles that were kept.
        public var keptSaved: Int
        /// Of the saved articles unsaved, those that came from a sync service: their unstar waits
        /// in the queue for the next sync.
        public var unsavedAtService: Int

        public init(
            articles: Int, saved: Int, readMarks: Int, listings: Int, keptSaved: Int,
            unsavedAtService: Int = 0
        ) {
            self.articles = articles
            self.saved = saved
            self.readMarks = readMarks
            self.listings = listings
            self.keptSaved = keptSaved
            self.unsavedAtService = unsavedAtService
        }
    }

    /// Removes every list, every read mark and every NewsAPI article that is not saved, and with
    /// `includingSaved` the saved articles too, in one transaction; returns what went.
    ///
    /// Feeds stay subscribed: their rows stay, with their validators dropped so that the next
    /// refresh fetches every document whole and brings their unread items back, which go now
    /// unless saved. Read feed items stay, so that the refresh does not bring them back unread.
    /// Saved items of a sync service are unsaved through ``setMark(_:on:at:)``, which queues
    /// their unstar: a person who clears saved items wants them gone, not brought back by the
    /// next sync.
    public func clear(includingSaved: Bool) async throws(StoreError) -> Cleared {
        let now = clock().timeIntervalSince1970
        return try await write { db in
            var removedSaved = 0
            var unsavedAtService = 0
            if includingSaved {
                unsavedAtService =
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM saved s JOIN syncItem i ON i.articleID = s.articleID")
                    ?? 0
                removedSaved = try Self.setMark(
                    .saved(false), articles: "SELECT articleID FROM saved", arguments: [], at: now, in: db)
            }
            try db.execute(sql: "DELETE FROM listing")
            let listings = db.changesCount
            try db.execute(sql: "DELETE FROM readMark")
            let readMarks = db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM article WHERE (feedID IS NULL OR readAt IS NULL)
                        AND id NOT IN (SELECT articleID FROM saved)
                    """)
            let articles = db.changesCount
            try Self.forgetFeedDocuments(in: db)
            let kept = try Int.fetchOne(db, sql: "SELECT count(*) FROM saved") ?? 0
            return Cleared(
                articles: articles, saved: removedSaved, readMarks: readMarks, listings: listings,
                keptSaved: kept, unsavedAtService: unsavedAtService)
        }
    }

    /// Merges the full-text index, rebuilds the file to its smallest size and empties the
    /// write-ahead log.
    public func vacuum() async throws(StoreError) {
        let inFile = path != nil
        try await database.perform { writer in
            try await writer.write { db in
                try db.execute(sql: "INSERT INTO articleSearch (articleSearch) VALUES ('optimize')")
            }
            try await writer.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM")
                if inFile { try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            }
        }
    }

    /// Counts, sizes and dates. `readCount` counts what was read once: the articles' read marks
    /// and the feed items read (theirs are kept on the items), an item opened counted once.
    public func stats() async throws(StoreError) -> StoreStats {
        let path = path
        var stats = try await read { db in
            let counts = try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT count(*) FROM article) AS articles, (SELECT count(*) FROM saved) AS saved,
                        (SELECT count(*) FROM readMark WHERE url NOT IN
                            (SELECT url FROM article WHERE feedID IS NOT NULL AND readAt IS NOT NULL))
                        + (SELECT count(*) FROM article WHERE feedID IS NOT NULL AND readAt IS NOT NULL) AS reads,
                        (SELECT count(*) FROM listing) AS listings,
                        (SELECT count(*) FROM listingPage) AS pages,
                        (SELECT min(publishedAt) FROM article) AS oldest,
                        (SELECT max(publishedAt) FROM article) AS newest
                    """)
            return StoreStats(
                articleCount: counts?["articles"] ?? 0, savedCount: counts?["saved"] ?? 0,
                readCount: counts?["reads"] ?? 0, listingCount: counts?["listings"] ?? 0,
                listingPageCount: counts?["pages"] ?? 0, fileSize: 0,
                oldestArticle: (counts?["oldest"] as Double?).map(Date.init(timeIntervalSince1970:)),
                newestArticle: (counts?["newest"] as Double?).map(Date.init(timeIntervalSince1970:)),
                path: path)
        }
        if let path {
            stats.fileSize = [path, path + "-wal"].reduce(Int64(0)) { total, file in
                total + Int64(NewsModels.fileSize(atPath: file) ?? 0)
            }
        }
        return stats
    }

    /// Problems found by SQLite's `integrity_check`, the full-text index's own check, a
    /// comparison of the index with a fresh index of the articles, and one of each feed's counts
    /// with its items; empty when the store is sound. Reads and re-indexes everything (seconds for 100,000 articles): for diagnostics
    /// and tests, not for every launch.
    public func checkIntegrity() async throws(StoreError) -> [String] {
        try await write { db in
            var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            do {
                try db.execute(sql: "INSERT INTO articleSearch (articleSearch) VALUES ('integrity-check')")
                let differences = try Self.fullTextDifferences(in: db)
                if differences > 0 {
                    problems.append("full-text index: \(differences) entries differ from the articles")
                }
            } catch let error as DatabaseError {
                problems.append("full-text index: " + StoreError.reason(error))
            }
            let miscounted = try Self.miscountedFeeds(in: db)
            if miscounted > 0 {
                problems.append("feeds: \(miscounted) hold other item or unread counts than their items")
            }
            return problems
        }
    }
}
