import FilterLanguage
import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Feed items chosen by a filter expression (newsboat's filter language): query feeds, `filter`
/// in a list, `newsapp search --filter`. The expression is answered by SQLite (see ``FilterSQL``),
/// walking the date index from the newest item and stopping once a page is full, so a page of a
/// query feed over 100,000 items never loads them.
extension NewsStore {
    /// Seconds a filtered read may spend in regular expressions before it stops with
    /// ``StoreError/filterTimedOut(seconds:)``.
    public static let filterTimeout = 5

    /// What a filtered read looks at: the items of `feeds` (by their address, with what the filter
    /// can say of each feed), only the unread ones when `unreadOnly`.
    public struct FeedFilter: Sendable {
        public var expression: FilterExpression?
        public var feeds: [URL: FilterFeed]
        public var unreadOnly: Bool

        public init(expression: FilterExpression?, feeds: [URL: FilterFeed], unreadOnly: Bool = false) {
            self.expression = expression
            self.feeds = feeds
            self.unreadOnly = unreadOnly
        }
    }

    /// The items that `filter` chooses, newest first (undated last), as ``Article``s with their
    /// feed reference, links and enclosures.
    public func filteredFeedArticles(_ filter: FeedFilter, limit: Int, offset: Int = 0)
        async throws(StoreError) -> [Article]
    {
        guard limit > 0, !filter.feeds.isEmpty else { return [] }
        let now = clock().timeIntervalSince1970
        return try await filtered {
            guard let condition = try Self.condition(filter, now: now, in: $0) else { return [] }
            return try Self.walkedPage(condition, limit: limit, offset: max(offset, 0), in: $0)
        }
    }

    /// A page of what a query feed's screen shows: the items `filter` chooses, newest first, and
    /// how many it chooses in all.
    public struct FilteredPage: Sendable, Equatable {
        public var articles: [Article]
        public var items: Int
        public var unread: Int

        public init(articles: [Article], items: Int, unread: Int) {
            self.articles = articles
            self.items = items
            self.unread = unread
        }
    }

    /// The items `filter` chooses from `offset` on, at most `limit` of them, newest first (as
    /// ``filteredFeedArticles(_:limit:offset:)``), with the counts of
    /// ``filteredFeedCounts(_:)``.
    ///
    /// A filter the feeds' counters answer walks the date index for its page. A filter on what
    /// the index of each feed's items holds (title, author, marks, date, feed) is one pass over
    /// that index (``FilterMatchScan``), split by feeds over several connections at once when
    /// there are many items (``filterPass(_:keep:offset:parts:)``): its count needs every item
    /// anyway, so the pass keeps the page's ids and only their rows are read. Any other filter
    /// walks the date index through the rows for its page, and counts in a second pass.
    public func filteredFeedPage(_ filter: FeedFilter, limit: Int, offset: Int = 0) async throws(StoreError)
        -> FilteredPage
    {
        try await filteredFeedPage(filter, limit: limit, offset: offset, parts: nil)
    }

    /// ``filteredFeedPage(_:limit:offset:)`` with the pass split into `parts` (nil: as many as
    /// ``scanParts(items:)`` gives), for tests, which can also write between the parts' passes
    /// and the read of the page (`afterScans`).
    func filteredFeedPage(
        _ filter: FeedFilter, limit: Int, offset: Int, parts: Int?,
        afterScans: (@Sendable () async throws(StoreError) -> Void)? = nil
    ) async throws(StoreError) -> FilteredPage {
        guard !filter.feeds.isEmpty else { return FilteredPage(articles: [], items: 0, unread: 0) }
        let now = clock().timeIntervalSince1970
        let (limit, offset) = (max(limit, 0), max(offset, 0))
        enum Plan: Sendable {
            case done(FilteredPage)
            case pass(Condition)
        }
        let plan = try await filtered { db -> Plan in
            guard let condition = try Self.condition(filter, now: now, in: db) else {
                return .done(FilteredPage(articles: [], items: 0, unread: 0))
            }
            let fromFeeds = try Self.countsFromFeeds(filter, condition, in: db)
            if fromFeeds == nil, condition.readsOnlyTheFeedIndex { return .pass(condition) }
            let articles = try Self.walkedPage(condition, limit: limit, offset: offset, in: db)
            let counts =
                try fromFeeds ?? FilterMatchScan(condition, keep: 0, in: db).counts
            return .done(FilteredPage(articles: articles, items: counts.items, unread: counts.unread))
        }
        switch plan {
        case .done(let page):
            return page
        case .pass(let condition):
            let (scan, articles) = try await filterPass(
                condition, keep: offset + limit, offset: offset,
                parts: parts ?? Self.scanParts(items: condition.itemCount), afterScans: afterScans)
            return FilteredPage(articles: articles, items: scan.items, unread: scan.unread)
        }
    }

    /// The items that `filter` chooses, newest first, as they were stored, with their marks (for
    /// `newsapp feeds show` of a query feed). A filter on what the index of each feed's items
    /// holds is the pass of ``filteredFeedPage(_:limit:offset:)`` (a pattern that chooses few
    /// items walked every row of the date index before); any other walks the date index through
    /// the rows.
    public func filteredStoredFeedItems(_ filter: FeedFilter, limit: Int?) async throws(StoreError)
        -> [StoredFeedItem]
    {
        guard !filter.feeds.isEmpty else { return [] }
        let now = clock().timeIntervalSince1970
        let limit = limit.map { max($0, 0) }
        enum Plan: Sendable {
            case done([StoredFeedItem])
            case pass(Condition)
        }
        let plan = try await filtered { (db: Database) -> Plan in
            guard let condition = try Self.condition(filter, now: now, in: db) else { return .done([]) }
            if condition.readsOnlyTheFeedIndex { return .pass(condition) }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.storedFeedItemColumns)
                    FROM article a \(condition.index) \(Self.feedJoin)
                    WHERE \(condition.sql)
                    ORDER BY a.publishedAt DESC, a.id DESC LIMIT ?
                    """,
                arguments: condition.arguments + [limit ?? -1])
            return .done(Self.storedFeedItems(rows))
        }
        switch plan {
        case .done(let items):
            return items
        case .pass(let condition):
            return try await filterPass(
                condition, keep: limit ?? .max, parts: Self.scanParts(items: condition.itemCount)
            ) { ids, db in
                Self.storedFeedItems(
                    try Self.articleRows(
                        withIDs: ids, columns: Self.storedFeedItemColumns, joining: Self.feedJoin, in: db))
            }.page
        }
    }

    /// The columns of a stored feed item with its feed's address and saved mark, over `article a`
    /// joined with `feed f`.
    private static let storedFeedItemColumns = """
        a.*, f.url AS feedURL, EXISTS (SELECT 1 FROM saved s WHERE s.articleID = a.id) AS isSaved
        """
    private static let feedJoin = "JOIN feed f ON f.id = a.feedID"

    private static func storedFeedItems(_ rows: [Row]) -> [StoredFeedItem] {
        let decoder = JSONDecoder()
        return rows.compactMap { row in
            guard let feed = URL(string: row["feedURL"]) else { return nil }
            return StoredFeedItem(
                item: FeedItemColumns.item(row, decoder: decoder),
                read: (row["readAt"] as Double?) != nil,
                saved: row["isSaved"], feedURL: feed, sourceName: row["sourceName"],
                firstSeenAt: Date(timeIntervalSince1970: row["firstSeenAt"]))
        }
    }

    /// How many items `filter` chooses, and how many of them are unread.
    ///
    /// A filter that says nothing of an item but its read mark and its feed (`unread = "yes"`,
    /// the commonest query feed, or `tags # "news" and unread = "yes"`) is counted from the
    /// feeds' own counters, which every write keeps: its expression is decided once per feed for
    /// an unread item and once for a read one, so no item is visited. Any other filter counts
    /// the items it chooses.
    public func filteredFeedCounts(_ filter: FeedFilter) async throws(StoreError) -> (items: Int, unread: Int)
    {
        guard !filter.feeds.isEmpty else { return (0, 0) }
        let now = clock().timeIntervalSince1970
        enum Plan: Sendable {
            case done(items: Int, unread: Int)
            case pass(Condition)
        }
        let plan = try await filtered { db -> Plan in
            guard let condition = try Self.condition(filter, now: now, in: db) else {
                return .done(items: 0, unread: 0)
            }
            guard let counts = try Self.countsFromFeeds(filter, condition, in: db) else {
                return .pass(condition)
            }
            return .done(items: counts.items, unread: counts.unread)
        }
        switch plan {
        case .done(let items, let unread):
            return (items, unread)
        case .pass(let condition):
            let (scan, _) = try await filterPass(
                condition, keep: 0, offset: 0, parts: Self.scanParts(items: condition.itemCount))
            return (scan.items, scan.unread)
        }
    }

    /// Marks every unread item `filter` chooses read now; returns how many there were:
    /// ``setMark(_:on:at:)``, so the items from a feed service have their changes queued.
    @discardableResult
    public func markFilteredFeedItemsRead(_ filter: FeedFilter, at time: TimeInterval? = nil)
        async throws(StoreError) -> Int
    {
        try await setMark(.read(true), on: .filter(filter), at: time)
    }

    /// The first unread item `filter` chooses after `item` in the list's order (newest first), or
    /// the first one when `item` is nil or not among them.
    public func nextUnreadFilteredFeedArticle(_ filter: FeedFilter, after item: FeedItemReference?)
        async throws(StoreError) -> Article?
    {
        guard !filter.feeds.isEmpty else { return nil }
        let now = clock().timeIntervalSince1970
        return try await filtered { (db: Database) -> Article? in
            var unread = filter
            unread.unreadOnly = true
            guard let condition = try Self.condition(unread, now: now, in: db) else { return nil }
            let (after, afterArguments) = try Self.listed(after: item, in: db)
            let arguments = condition.arguments + afterArguments
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT a.* FROM article a \(condition.index)
                    WHERE \(condition.sql) \(after)
                    ORDER BY a.publishedAt DESC, a.id DESC LIMIT 1
                    """,
                arguments: arguments)
            return try Self.articles(rows, in: db).first
        }
    }

    // MARK: - Support

    /// A filter's WHERE clause over `article a`, with the index to walk; nil when none of its
    /// feeds is stored.
    struct Condition: Sendable {
        /// The feeds whose items the filter looks at, by their ids in `feed`, in order.
        var feedIDs: [Int64]
        /// What the condition says of an item besides its feed: ` AND …`.
        var rest: String
        var arguments: StatementArguments
        /// What the filter says of each of those feeds, by id.
        var feeds: [Int64: FilterFeed]
        /// How many visible items each of those feeds holds, by id (its `itemCount`).
        var itemCounts: [Int64: Int]
        /// The index a list walks: for several feeds the date index, newest first.
        var index: String
        /// True when the index of each feed's items holds every value the filter reads
        /// (``FilterSQL/readsOnlyTheFeedIndex(_:)``): a pass over the items reads its entries,
        /// about 100 bytes each, instead of the rows.
        var readsOnlyTheFeedIndex: Bool

        var sql: String { FeedIDCondition.sql("a.feedID", in: feedIDs) + rest }

        /// How many visible items the feeds hold.
        var itemCount: Int { itemCounts.values.reduce(0, +) }

        /// `FROM` and `WHERE` of a pass over every chosen item. SQLite reads the index of each
        /// feed's items, feed by feed, when it holds every value the filter reads (it prefers an
        /// index that answers alone); that index leaves out NewsAPI's articles, so the condition
        /// says it of the items too, which SQLite does not infer from ranges of feed ids.
        /// (`INDEXED BY` would make a filter SQLite finds always false an error.)
        var pass: String { "FROM article a WHERE a.feedID IS NOT NULL AND \(sql)" }

        /// The condition cut into at most `parts` conditions on runs of its feeds (in id order,
        /// so each stays a few ranges) holding about as many items each.
        func split(into parts: Int) -> [Condition] {
            guard parts > 1, feedIDs.count > 1 else { return [self] }
            let weights = feedIDs.map { max(itemCounts[$0] ?? 0, 1) }
            let total = weights.reduce(0, +)
            var pieces = [[Int64]](repeating: [], count: parts)
            var before = 0
            for (id, weight) in zip(feedIDs, weights) {
                // The part the middle of this feed's items falls in.
                pieces[min(parts - 1, (before + weight / 2) * parts / total)].append(id)
                before += weight
            }
            return pieces.filter { !$0.isEmpty }.map { ids in
                var piece = self
                piece.feedIDs = ids
                piece.itemCounts = Dictionary(uniqueKeysWithValues: ids.map { ($0, itemCounts[$0] ?? 0) })
                return piece
            }
        }
    }

    /// The page of `condition` from `offset`, walking the date index newest first (several
    /// feeds) or the feed's own index (one), and stopping once the page is full.
    private static func walkedPage(_ condition: Condition, limit: Int, offset: Int, in db: Database) throws
        -> [Article]
    {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT a.* FROM article a \(condition.index)
                WHERE \(condition.sql)
                ORDER BY a.publishedAt DESC, a.id DESC LIMIT ? OFFSET ?
                """,
            arguments: condition.arguments + [limit, offset])
        return try articles(rows, in: db)
    }

    /// The counts of `filter` from its feeds' `itemCount` and `unreadCount` (which leave hidden
    /// items out, as the filter does), when its expression speaks only of feeds and read marks;
    /// nil otherwise.
    private static func countsFromFeeds(_ filter: FeedFilter, _ condition: Condition, in db: Database) throws
        -> (items: Int, unread: Int)?
    {
        let expression = filter.expression
        guard
            expression?.conditions.allSatisfy({ $0.attribute.isFeedLevel || $0.attribute == .unread }) ?? true
        else { return nil }
        var (items, unread) = (0, 0)
        for chunk in condition.feedIDs.statementChunks {
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT id, itemCount, unreadCount FROM feed WHERE id IN (\(databaseQuestionMarks(count: chunk.count)))",
                arguments: StatementArguments(chunk))
            for row in rows {
                guard let feed = condition.feeds[row[0]] else { continue }
                let (total, unreadHere): (Int, Int) = (row[1], row[2])
                func chosen(unread: Bool) -> Bool {
                    expression?.matches(FilterItem(title: "", date: 0, unread: unread, feed: feed), now: 0)
                        ?? true
                }
                if chosen(unread: true) { unread += unreadHere }
                if !filter.unreadOnly, chosen(unread: false) { items += total - unreadHere }
            }
        }
        return (items + unread, unread)
    }

    static func condition(_ filter: FeedFilter, now: Double, in db: Database) throws -> Condition? {
        var feeds: [Int64: FilterFeed] = [:]
        var itemCounts: [Int64: Int] = [:]
        let byAddress = Dictionary(
            filter.feeds.map { ($0.key.absoluteString, $0.value) }, uniquingKeysWith: { first, _ in first })
        let addresses = Array(byAddress.keys)
        for chunk in addresses.statementChunks {
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, url, itemCount FROM feed WHERE removedAt IS NULL
                    AND url IN (\(databaseQuestionMarks(count: chunk.count)))
                    """,
                arguments: StatementArguments(chunk))
            for row in rows {
                if let feed = byAddress[row["url"]] {
                    feeds[row["id"]] = feed
                    itemCounts[row["id"]] = row["itemCount"]
                }
            }
        }
        guard !feeds.isEmpty else { return nil }
        let ids = feeds.keys.sorted()
        var rest = " AND a.hidden = 0"
        if filter.unreadOnly { rest += " AND a.readAt IS NULL" }
        var arguments = StatementArguments()
        if let expression = filter.expression {
            let compiled = FilterSQL(
                expression, feeds: feeds, now: now,
                budget: Double(filterTimeout))
            rest += " AND " + compiled.sql
            arguments = compiled.arguments
        }
        // One feed: its own index (feed, date); several: the date index, newest first.
        let index = ids.count == 1 ? "" : "INDEXED BY article_publishedAt"
        return Condition(
            feedIDs: ids, rest: rest, arguments: arguments, feeds: feeds, itemCounts: itemCounts,
            index: index,
            readsOnlyTheFeedIndex: FilterSQL.readsOnlyTheFeedIndex(filter.expression))
    }

    /// Runs a filtered read or write, turning a regular expression's timeout into its sentence.
    func filtered<T: Sendable>(
        writing: Bool = false, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(StoreError) -> T {
        do {
            if writing { return try await write(body) }
            return try await read { db in
                try Self.mapForScans(db)
                return try body(db)
            }
        } catch .failed(let reason) where reason.contains(FilterFunctions.timeoutMessage) {
            throw .filterTimedOut(seconds: Self.filterTimeout)
        }
    }
}
