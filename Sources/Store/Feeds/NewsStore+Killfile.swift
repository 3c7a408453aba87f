import FilterLanguage
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The killfile's hidden items (newsboat's `ignore-mode "display"`). New items are hidden as they
/// arrive (``FeedRecord/hiddenItems``); when the rules change, every stored item is judged again
/// here, so that removing a rule brings its items back and a new rule hides what it names.
extension NewsStore {
    /// A killfile rule as the store applies it.
    public struct HidingRule: Sendable {
        /// The feed it applies to, by its subscription's address; nil for every feed.
        public var feed: URL?
        public var expression: FilterExpression
        /// True when it hides only the items a feed service syncs: in the killfile's download
        /// mode the urls file's feeds leave ignored items out, but a synced item is stored hidden
        /// (the service keeps it and its marks whatever this store does).
        public var onlySynced: Bool

        public init(feed: URL?, expression: FilterExpression, onlySynced: Bool = false) {
            self.feed = feed
            self.expression = expression
            self.onlySynced = onlySynced
        }
    }

    /// The killfile as a sync applies it to the items it stores: its rules, and what they can say
    /// of each feed, by its address.
    public struct Hiding: Sendable {
        public var rules: [HidingRule]
        public var feeds: [URL: FilterFeed]

        public init(rules: [HidingRule], feeds: [URL: FilterFeed]) {
            self.rules = rules
            self.feeds = feeds
        }
    }

    /// Seconds the rules may take over every stored item.
    static let hidingTimeout = 120.0

    /// Hides exactly the stored items of `feeds` that `rules` name (in the killfile's download
    /// mode, rules that hide only synced items), unless they were last judged by the same rules
    /// (`fingerprint`, any text that changes with them). Returns true when items were judged again.
    @discardableResult
    public func applyHidingRules(
        _ rules: [HidingRule], feeds: [URL: FilterFeed], fingerprint: String
    ) async throws(StoreError) -> Bool {
        let now = clock().timeIntervalSince1970
        do {
            return try await write { db in
                let stored = try String.fetchOne(
                    db, sql: "SELECT value FROM storeSetting WHERE key = 'killfile'")
                if stored == fingerprint { return false }
                try db.execute(sql: "UPDATE article SET hidden = 0 WHERE hidden <> 0")
                try Self.hide(rules, feeds: feeds, among: nil, now: now, in: db)
                try Self.recountFeeds("true", in: db)
                try db.execute(
                    sql: "INSERT OR REPLACE INTO storeSetting (key, value) VALUES ('killfile', ?)",
                    arguments: [fingerprint])
                return true
            }
        } catch .failed(let reason) where reason.contains(FilterFunctions.timeoutMessage) {
            throw .filterTimedOut(seconds: Int(Self.hidingTimeout))
        }
    }

    /// Hides the items that `rules` name among those with the ids `among` (every stored feed
    /// item when nil), in `db`'s transaction; the feeds' counts are the caller's to redo.
    static func hide(
        _ rules: [HidingRule], feeds: [URL: FilterFeed], among articleIDs: [Int64]?, now: Double,
        in db: Database
    ) throws {
        guard !rules.isEmpty, articleIDs?.isEmpty != true else { return }
        var ids: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, url FROM feed WHERE removedAt IS NULL") {
            ids[row["url"]] = row["id"]
        }
        var byID: [Int64: FilterFeed] = [:]
        for (url, feed) in feeds {
            if let id = ids[url.absoluteString] { byID[id] = feed }
        }
        let deadline = Date().timeIntervalSince1970 + Self.hidingTimeout
        for rule in rules {
            var scope = "a.feedID IS NOT NULL"
            if let feed = rule.feed {
                guard let id = ids[feed.absoluteString] else { continue }
                scope = "a.feedID = \(id)"
            }
            if rule.onlySynced { scope += " AND a.feedID IN (SELECT feedID FROM syncFeed)" }
            // The rules share the time: each statement has what the ones before it left.
            let compiled = FilterSQL(
                rule.expression, feeds: byID, now: now,
                budget: max(0, deadline - Date().timeIntervalSince1970))
            func hide(_ restriction: String, _ arguments: StatementArguments) throws {
                try db.execute(
                    sql: """
                        UPDATE article SET hidden = 1 WHERE id IN (
                            SELECT a.id FROM article a
                            WHERE \(scope) AND a.hidden = 0 AND \(restriction) AND \(compiled.sql))
                        """,
                    arguments: arguments + compiled.arguments)
            }
            guard let articleIDs else {
                try hide("1", [])
                continue
            }
            for chunk in articleIDs.statementChunks {
                try hide("a.id IN (\(databaseQuestionMarks(count: chunk.count)))", StatementArguments(chunk))
            }
        }
    }

    /// How many stored feed items are hidden.
    public func hiddenItemCount() async throws(StoreError) -> Int {
        try await read { try Int.fetchOne($0, sql: "SELECT count(*) FROM article WHERE hidden <> 0") ?? 0 }
    }
}
