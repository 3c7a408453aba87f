import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Push: the changes of marks made here, sent in batches and removed from the queue only once
/// the service acknowledged them.
extension SyncEngine {
    /// Items asked for at once when checking what the service already has.
    static let checkBatch = 250

    func push(_ report: inout SyncReport, progress: @escaping @Sendable (SyncProgress) -> Void)
        async throws
    {
        var pending = try await storage.pendingChanges()
        guard !pending.isEmpty else { return }
        let total = pending.count
        progress(SyncProgress(.sending(done: 0, of: total)))
        // A batch sent by a sync that never learned the answer may have arrived: what the
        // service shows of those items says, and only those it does not show go again.
        let uncertain = pending.filter(\.mayHaveBeenSent)
        if !uncertain.isEmpty {
            let settled = try await alreadyApplied(uncertain)
            if !settled.isEmpty {
                try await storage.acknowledge(Array(settled))
                report.alreadyThere += settled.count
                pending.removeAll { settled.contains($0) }
            }
        }
        var done = total - pending.count
        let groups = Dictionary(grouping: pending) { GroupKey(kind: $0.kind, value: $0.value) }
        for key in groups.keys.sorted() {
            let changes = groups[key] ?? []
            for start in stride(from: 0, to: changes.count, by: options.batchSize) {
                let batch = Array(changes[start..<min(start + options.batchSize, changes.count)])
                try await storage.markSent(batch)
                do {
                    try await client.editTag(batch.map(\.item), kind: key.kind, value: key.value)
                } catch {
                    // A refusal is certain: the batch goes again as new. A broken exchange is not:
                    // it stays noted as sent, to be checked first next time.
                    if case .transport = error {} else { try await storage.release(batch) }
                    throw error
                }
                try await storage.acknowledge(batch)
                report.sent += batch.count
                done += batch.count
                progress(SyncProgress(.sending(done: done, of: total)))
            }
        }
    }

    /// The changes among `changes` that the service shows already: its item is in the answer
    /// with the mark the change gives. An item the answer leaves out proves nothing (a service
    /// that cannot find it, an answer cut short): its change is sent again, and `edit-tag`
    /// setting a mark twice is still the one mark.
    private func alreadyApplied(_ changes: [MarkChange]) async throws(SyncError) -> Set<MarkChange> {
        var settled: Set<MarkChange> = []
        let ids = Array(Set(changes.map(\.item))).sorted()
        var marks: [ItemID: StreamPage.Marks] = [:]
        for start in stride(from: 0, to: ids.count, by: Self.checkBatch) {
            let page: StreamPage
            do {
                page = try await client.items(Array(ids[start..<min(start + Self.checkBatch, ids.count)]))
            } catch {
                // A service that cannot say (no `stream/items/contents`) is sent them again: a
                // mark set twice is still the one mark.
                if case .transport = error { throw error }
                if error.needsLogin { throw error }
                return []
            }
            marks.merge(page.marks) { _, new in new }
        }
        for change in changes {
            guard let mark = marks[change.item] else { continue }
            let current = change.kind == .read ? mark.read : mark.starred
            if current == change.value { settled.insert(change) }
        }
        return settled
    }

    /// Changes sent together: one tag, added or removed.
    private struct GroupKey: Hashable, Comparable {
        var kind: MarkChange.Kind
        var value: Bool

        static func < (lhs: GroupKey, rhs: GroupKey) -> Bool {
            (lhs.kind.rawValue, lhs.value ? 1 : 0) < (rhs.kind.rawValue, rhs.value ? 1 : 0)
        }
    }
}
