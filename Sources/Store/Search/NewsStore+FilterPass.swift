import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The pass over every item a filter chooses (a query feed's count and page), split by feeds over
/// several read connections at once when there are many items.
///
/// SQLite runs one statement on one core, and a pass whose filter has a regular expression spends
/// most of its time in SQLite stepping through the index and calling the pattern for each title
/// (see BENCHMARKS.md, “Measurements behind the code”). Cut into runs of feeds with about as many
/// items each, the parts run side by side on the pool's readers and their results are merged
/// (``FilterMatchScan/init(merging:keep:)``); the page's rows are read after.
///
/// Each part is its own read transaction, so a write that lands between the start of two of
/// them could show in one part and not in another. Every read of a split pass therefore also
/// reads the store's ``StoreFingerprint``, which every write of items changes (item and unread
/// counts, feeds, newest item): when the parts saw different stores the pass runs again, and a
/// second time on one connection, whose transaction sees one store. A write that changes no
/// count (an item's new title from a refresh) is seen whole or not at all by each feed, which
/// lies in one part.
extension NewsStore {
    /// Items a part of a split pass is given at least: below that, starting another read costs
    /// more than it saves.
    static let itemsPerScanPart = 16_384
    /// Parts a pass is split into at most, however many processors there are.
    static let maximumScanParts = 4

    /// How many parts a pass over `items` items is split into: two per processor, at most
    /// ``maximumScanParts``, each of at least ``itemsPerScanPart`` items. (More parts than
    /// processors: when another process holds one processor, the other takes the parts left,
    /// instead of the pass waiting for the one part that lost its processor.)
    static func scanParts(items: Int) -> Int {
        max(
            1,
            min(2 * ProcessInfo.processInfo.activeProcessorCount, maximumScanParts, items / itemsPerScanPart))
    }

    /// The items `condition` chooses, counted, with the first `keep` in a list's order, and the
    /// articles of those from `offset` on; in `parts` parts at once when that is more than one.
    /// (`afterScans` runs between the parts' passes and the read of the page's rows: a test
    /// writes there.)
    func filterPass(
        _ condition: Condition, keep: Int, offset: Int, parts: Int,
        afterScans: (@Sendable () async throws(StoreError) -> Void)? = nil
    ) async throws(StoreError) -> (scan: FilterMatchScan, articles: [Article]) {
        let (scan, articles) = try await filterPass(
            condition, keep: keep, parts: parts, afterScans: afterScans
        ) { ids, db in
            try Self.articles(Self.articleRows(withIDs: Array(ids.dropFirst(offset)), in: db), in: db)
        }
        return (scan, articles)
    }

    /// The pass over the items `condition` chooses, and what `page` reads of the first `keep`
    /// of them (their ids, in a list's order) in the same store.
    func filterPass<Page: Sendable>(
        _ condition: Condition, keep: Int, parts: Int,
        afterScans: (@Sendable () async throws(StoreError) -> Void)? = nil,
        page: @escaping @Sendable ([Int64], Database) throws -> Page
    ) async throws(StoreError) -> (scan: FilterMatchScan, page: Page) {
        let pieces = condition.split(into: parts)
        if pieces.count > 1 {
            for _ in 0..<2 {
                let scans = try await concurrentScans(of: pieces, keep: keep)
                try await afterScans?()
                let scan = FilterMatchScan(merging: scans.map(\.scan), keep: keep)
                let ids = scan.newest.map(\.id)
                let (read, fingerprint) = try await filtered { db in
                    (try page(ids, db), try StoreFingerprint(db))
                }
                if scans.allSatisfy({ $0.fingerprint == fingerprint }) { return (scan, read) }
            }
        }
        return try await filtered { db in
            let scan = try FilterMatchScan(condition, keep: keep, in: db)
            return (scan, try page(scan.newest.map(\.id), db))
        }
    }

    /// The passes over `pieces`, each on a read connection of its own, all at once.
    private func concurrentScans(of pieces: [Condition], keep: Int) async throws(StoreError)
        -> [(scan: FilterMatchScan, fingerprint: StoreFingerprint)]
    {
        do {
            return try await withThrowingTaskGroup(of: (FilterMatchScan, StoreFingerprint).self) { group in
                for piece in pieces {
                    group.addTask {
                        try await filtered { db in
                            (try FilterMatchScan(piece, keep: keep, in: db), try StoreFingerprint(db))
                        }
                    }
                }
                var results: [(scan: FilterMatchScan, fingerprint: StoreFingerprint)] = []
                for try await (scan, fingerprint) in group { results.append((scan, fingerprint)) }
                return results
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error)
        }
    }
}

/// Numbers of the whole store that every write of feed items changes: how many feeds there are,
/// how many visible items and unread items they hold (which each write keeps in `feed`), and the
/// newest item's id. Two read transactions that see the same fingerprint saw the same items and
/// marks (``NewsStore/filterPass(_:keep:offset:parts:)``).
struct StoreFingerprint: Equatable, Sendable {
    var feeds: Int64
    var items: Int64
    var unread: Int64
    var newestItem: Int64

    init(_ db: Database) throws {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT count(*), coalesce(sum(itemCount), 0), coalesce(sum(unreadCount), 0),
                    coalesce((SELECT max(id) FROM article), 0)
                FROM feed
                """)
        feeds = row?[0] ?? 0
        items = row?[1] ?? 0
        unread = row?[2] ?? 0
        newestItem = row?[3] ?? 0
    }
}
