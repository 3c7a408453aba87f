import FilterLanguage
import Foundation
import GRDB

/// The killfile's hidden items (newsboat's `ignore-mode "display"`). New items are hidden as they
/// arrive (``FeedRecord/hiddenItems``); when the rules change, every stored item is judged again
/// here, so that removing a rule brings its items back and a new rule hides what it names.
extension NewsStore {
    /// A killfile rule as the store applies it.
    public struct HidingRule: Sendable {
        /// The feed it applies to, by its subscription's address; nil for every feed.
        public var feed: URL?
        public var expression: FilterExpression

        public init(feed: URL?, expression: FilterExpression) {
            self.feed = feed
            self.expression = expression
        }
    }

    /// Seconds the rules may take over every stored item.
    static let hidingTimeout = 120.0

    /// Hides exactly the stored items of `feeds` that `rules` name (none when `rules` is empty, as in
    /// the killfile's download mode), unless they were last judged by the same rules
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
                var ids: [String: Int64] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT id, url FROM feed WHERE removedAt IS NULL") {
                    ids[row["url"]] = row["id"]
                }
                var byID: [Int64: FilterFeed] = [:]
                for (url, feed) in feeds {
                    if let id = ids[url.absoluteString] { byID[id] = feed }
                }
                for rule in rules {
                    var scope = "a.feedID IS NOT NULL"
                    if let feed = rule.feed {
                        guard let id = ids[feed.absoluteString] else { continue }
                        scope = "a.feedID = \(id)"
                    }
                    let compiled = FilterSQL(
                        rule.expression, feeds: byID, now: now,
                        deadline: Date().timeIntervalSince1970 + Self.hidingTimeout)
                    try db.execute(
                        sql: """
                            UPDATE article SET hidden = 1 WHERE id IN (
                                SELECT a.id FROM article a WHERE \(scope) AND a.hidden = 0 AND \(compiled.sql))
                            """,
                        arguments: compiled.arguments)
                }
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

    /// How many stored feed items are hidden.
    public func hiddenItemCount() async throws(StoreError) -> Int {
        try await read { try Int.fetchOne($0, sql: "SELECT count(*) FROM article WHERE hidden <> 0") ?? 0 }
    }
}
