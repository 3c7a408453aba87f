import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The full-text tokens of the new items of one ``NewsStore/recordFeeds(_:)``, made by a task
/// running beside its write transaction, item after item in the order the writer takes them (see
/// ``TokenReplay``). The writer takes each item's tokens when they are ready, and tokenizes as
/// SQLite always does when they are not; items the writer has passed are not tokenized here.
///
/// The task starts with the transaction, not before: started while the write before is still
/// going, it would hold the tokens of a whole batch beside those of the batch being written, and a
/// refresh's peak memory would grow by as much.
final class BatchTokens: Sendable {
    private let records: [PreparedFeedRecord]
    private let tokenizer: DocumentTokenizer
    /// Made and not yet taken, by record and item index, and the last item the writer took.
    private let state = Locked(State())

    private struct State {
        var ready: [Slot: [DocumentTokens]] = [:]
        var passed: Slot?
    }

    private struct Slot: Hashable, Comparable {
        var record: Int
        var item: Int

        static func < (left: Slot, right: Slot) -> Bool {
            (left.record, left.item) < (right.record, right.item)
        }
    }

    init?(_ records: [PreparedFeedRecord]) {
        guard let tokenizer = DocumentTokenizer.shared, records.contains(where: { !$0.items.isEmpty }) else {
            return nil
        }
        self.records = records
        self.tokenizer = tokenizer
    }

    /// The tokens of item `item` of record `record`, in the order FTS5 tokenizes its columns
    /// (``SearchIndex``: title, summary, content, source name; absent ones left out), once.
    func take(record: Int, item: Int) -> [DocumentTokens]? {
        let slot = Slot(record: record, item: item)
        return state.withLock { state in
            state.passed = max(state.passed ?? slot, slot)
            return state.ready.removeValue(forKey: slot)
        }
    }

    /// Makes the tokens of every item that `database` does not hold yet, until cancelled.
    /// Items the store already holds are rewritten, if at all, without new index rows, so
    /// tokenizing them would be wasted: they are looked up first, on a reading connection, when
    /// `database` has any (a pool reads beside the write; a queue would wait for it).
    func fill(knownIn database: any DatabaseWriter) async {
        var known: [String: Set<String>] = [:]
        if let pool = database as? DatabasePool {
            known = (try? await pool.read { db in try Self.storedItemIDs(of: self.records, in: db) }) ?? [:]
        }
        for (recordIndex, record) in records.enumerated() {
            let stored = known[record.record.url.absoluteString] ?? []
            let sourceName = record.record.sourceName
            for (itemIndex, columns) in record.items.enumerated() where !stored.contains(columns.item.id) {
                if Task.isCancelled { return }
                let slot = Slot(record: recordIndex, item: itemIndex)
                if state.withLock({ $0.passed.map { slot <= $0 } ?? false }) { continue }
                let item = columns.item
                let texts = [item.title, item.summary, item.content, sourceName].compactMap { $0 }
                let tokens = texts.compactMap { tokenizer.tokens(of: $0) }
                guard tokens.count == texts.count else { continue }
                state.withLock { state in
                    // Not kept when the writer passed the item while it was being tokenized.
                    if state.passed.map({ slot > $0 }) ?? true { state.ready[slot] = tokens }
                }
            }
        }
    }

    /// The item ids stored for the feeds of `records`, by feed address.
    private static func storedItemIDs(of records: [PreparedFeedRecord], in db: Database) throws
        -> [String: Set<String>]
    {
        let addresses = records.filter { !$0.items.isEmpty }.map(\.record.url.absoluteString)
        guard !addresses.isEmpty else { return [:] }
        var known: [String: Set<String>] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT f.url, a.itemID FROM feed f JOIN article a ON a.feedID = f.id
                WHERE f.url IN (\(databaseQuestionMarks(count: addresses.count)))
                """,
            arguments: StatementArguments(addresses))
        while let row = try rows.next() {
            known[row[0], default: []].insert(row[1])
        }
        return known
    }
}
