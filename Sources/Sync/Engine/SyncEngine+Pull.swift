import Logging
import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Pull: the subscriptions, the items page by page, then the marks.
extension SyncEngine {
    /// Seconds before the last pull's mark from which the next asks: an item the service was
    /// storing while the last pull read is not missed.
    static let overlap: Int64 = 600

    func pull(_ report: inout SyncReport, progress: @escaping @Sendable (SyncProgress) -> Void)
        async throws
    {
        progress(SyncProgress(.subscriptions))
        let feeds = try await client.subscriptions()
        let changed = try await storage.applySubscriptions(feeds)
        report.feeds = feeds.count
        report.feedsAdded = changed.added
        report.feedsRemoved = changed.removed
        report.keptSaved += changed.keptSaved

        let state = try await storage.state()
        let now = clock()
        // Stored times are checked again: a store written before the check, or a clock moved back.
        var current =
            state.pull.map { Self.checked($0, now: now) }
            ?? (state.since.map {
                PullProgress(stage: .recent, since: ServiceTime.since($0, overlap: Self.overlap, now: now))
            } ?? PullProgress(stage: .unread))
        // A first pull reads every unread and starred item; a later one the changes alone.
        let incremental = current.stage == .recent
        while current.stage != .done {
            current = try await readStage(current, report: &report, progress: progress)
        }

        progress(SyncProgress(.marks))
        if incremental, try await marksAgree() { return }
        let unread = try await allIDs(StreamTag.readingList, excluding: StreamTag.read)
        var starred = try await allIDs(StreamTag.starred, excluding: nil)
        try await fetchMissing(unread.ids.union(starred.ids), report: &report)
        if starred.isComplete { try await keepForgottenSaved(&starred, report: &report) }
        report.marksChanged += try await storage.applyMarks(unread: unread, starred: starred)
    }

    /// True when the service's changes since the last pull brought its marks, and it counts as
    /// many unread and starred items as are here: the lists of ids would change nothing. A mark
    /// changed there came with the changes; an item gone there (purged, archived) changes its
    /// count, not the changes, so the numbers differ and the lists are read.
    private func marksAgree() async throws -> Bool {
        guard let there = try await client.markCounts() else { return false }
        guard let here = try await storage.markCounts() else { return false }
        if here != there {
            logger.debug(
                "The marks here and at the service differ in number; reading the lists of ids",
                metadata: [
                    "service": "\(client.host)", "unreadHere": "\(here.unread)",
                    "unreadThere": "\(there.unread)",
                    "starredHere": "\(here.starred)", "starredThere": "\(there.starred)",
                ])
        }
        return here == there
    }

    /// Reads `stage` from `start` to its end, storing each page with the progress after it;
    /// returns the progress of the next stage.
    private func readStage(
        _ start: PullProgress, report: inout SyncReport, progress: @escaping @Sendable (SyncProgress) -> Void
    ) async throws -> PullProgress {
        var current = start
        var seen: Set<String> = []
        var budget = PagingBudget(options.itemPaging)
        var pageSize = options.pageSize
        var restarted = false
        let stream = current.stage == .starred ? StreamTag.starred : StreamTag.readingList
        let excluding = current.stage == .unread ? StreamTag.read : nil
        let since = current.stage == .recent ? current.since : nil
        while true {
            let answer = await fetchPage(
                stream, count: pageSize, excluding: excluding, since: since,
                continuation: current.continuation)
            let page: StreamPage
            switch answer {
            case .success(let read):
                page = read
            case .failure(let error):
                // A resume point an earlier sync stored that the service no longer knows (it
                // answers 400, or 500): dropped, and the stage read again from its start, once.
                if budget.pages == 0, !restarted, current.continuation != nil, Self.refusesResumePoint(error)
                {
                    restarted = true
                    current.continuation = nil
                    _ = try await storage.write([], progress: current)
                    logger.notice(
                        "The service refused the stored continuation; reading the stage again",
                        metadata: ["service": "\(client.host)", "stage": "\(current.stage.rawValue)"])
                    continue
                }
                // Items with long texts: the same page in halves, down to a sixteenth of a page.
                guard case .transport(.responseTooLarge, _, _) = error,
                    pageSize > max(1, options.pageSize / 16)
                else { throw error }
                pageSize /= 2
                continue
            }
            let bound = budget.count(entries: page.items.count + page.skipped, bytes: page.bytes)
            // The service's clock at the start of the pull: the next one starts there.
            let now = clock()
            let mark =
                current.mark ?? ServiceTime.checked(page.updated, now: now)
                ?? ServiceTime.checked(page.newestCrawl.map { $0 / 1000 }, now: now)
                ?? ServiceTime.seconds(of: now).saturatingSubtract(ServiceTime.slack)
            var next = current
            next.mark = mark
            if let continuation = page.continuation, !page.items.isEmpty || page.skipped > 0 {
                guard seen.insert(continuation).inserted, continuation != current.continuation else {
                    throw SyncError.malformed(
                        "its pages lead back to one already read (continuation \(Clean.line(String(continuation.prefix(40)))))"
                    )
                }
                if let bound { throw SyncError.malformed(bound.reason("pages")) }
                next.continuation = continuation
            } else {
                next = PullProgress(stage: Self.stage(after: current.stage), mark: mark)
            }
            let written = try await storage.write(page.items, progress: next)
            report.newItems += written.new
            report.updatedItems += written.updated
            report.marksChanged += written.marks
            report.skippedItems += page.skipped
            progress(SyncProgress(.items(new: report.newItems)))
            if next.stage != current.stage { return next }
            current = next
        }
    }

    private func fetchPage(
        _ stream: String, count: Int, excluding: String?, since: Int64?, continuation: String?
    ) async -> Result<StreamPage, SyncError> {
        do {
            return .success(
                try await client.streamPage(
                    stream, count: count, excluding: excluding, since: since, continuation: continuation))
        } catch {
            return .failure(error)
        }
    }

    /// `progress` with its times moved into ``ServiceTime``'s window.
    private static func checked(_ progress: PullProgress, now: Date) -> PullProgress {
        var progress = progress
        progress.mark = progress.mark.map { ServiceTime.clamped($0, now: now) }
        progress.since = progress.since.map { ServiceTime.clamped($0, now: now) }
        return progress
    }

    /// True for an answer refusing a request outright (4xx, 5xx), but for a login refused and
    /// a request to wait.
    private static func refusesResumePoint(_ error: SyncError) -> Bool {
        guard case .status(let status, _) = error else { return false }
        return (400..<600).contains(status) && status != 429
    }

    private static func stage(after stage: PullProgress.Stage) -> PullProgress.Stage {
        switch stage {
        case .unread: .starred
        case .starred, .recent, .done: .done
        }
    }

    /// Every id of `stream` (without `excluding`), page by page, within ``Options/idPaging``: a
    /// list longer than its ids is cut short (it only adds marks); past its pages, bytes or
    /// time the sync stops with a sentence.
    private func allIDs(_ stream: String, excluding: String?) async throws -> MarkList {
        var ids: Set<ItemID> = []
        var continuation: String?
        var seen: Set<String> = []
        var budget = PagingBudget(options.idPaging)
        // An id that cannot be read leaves a hole: the list only adds marks, it takes none away.
        var complete = true
        while true {
            let page = try await client.itemIDs(
                stream, excluding: excluding, count: options.idPageSize, continuation: continuation)
            ids.formUnion(page.ids)
            if page.unreadable > 0 { complete = false }
            guard let next = page.continuation, !page.ids.isEmpty || page.unreadable > 0 else {
                return MarkList(ids: ids, isComplete: complete)
            }
            switch budget.count(entries: page.ids.count + page.unreadable, bytes: page.bytes) {
            case .entries?: return MarkList(ids: ids, isComplete: false)
            case let bound?: throw SyncError.malformed(bound.reason("pages of ids"))
            case nil: break
            }
            guard seen.insert(next).inserted else {
                throw SyncError.malformed("its lists of ids lead back to a page already read")
            }
            continuation = next
        }
    }

    /// Sorts the saved items that the complete list `starred` leaves out: those the service
    /// still has, unstarred (by a person, elsewhere), are unsaved by the marks that follow; those
    /// it no longer has (its feed gone, the item purged: the star dropped by the service, not by
    /// a person) stay saved, as this machine's own. An item that cannot be checked (past
    /// ``Options/missingLimit``, a service that cannot say, an answer that shows none of those
    /// asked) stays saved, and the service's, until a later sync.
    private func keepForgottenSaved(_ starred: inout MarkList, report: inout SyncReport) async throws {
        let candidates = try await storage.savedItems(notAmong: starred.ids)
        guard !candidates.isEmpty else { return }
        let checked = Array(candidates.prefix(options.missingLimit))
        starred.ids.formUnion(candidates.dropFirst(checked.count))
        var gone: [ItemID] = []
        var budget = PagingBudget(options.itemPaging)
        for start in stride(from: 0, to: checked.count, by: Self.checkBatch) {
            let batch = Array(checked[start..<min(start + Self.checkBatch, checked.count)])
            let page: StreamPage
            do {
                page = try await client.items(batch)
            } catch {
                if case .transport = error { throw error }
                if error.needsLogin { throw error }
                starred.ids.formUnion(checked[start...])
                break
            }
            var missing: [ItemID] = []
            for id in batch {
                switch page.marks[id] {
                case nil: missing.append(id)
                // The list lagged behind the item: it is starred.
                case let marks? where marks.starred: starred.ids.insert(id)
                case _?: break
                }
            }
            // Left out of an answer that shows none of the items asked, they prove nothing (a
            // check that answers empty): they stay saved and the service's, asked again next
            // time. Left out beside items it shows, they are gone from the service.
            if missing.count < batch.count {
                gone += missing
            } else {
                starred.ids.formUnion(missing)
            }
            if budget.count(entries: page.items.count + page.skipped, bytes: page.bytes) != nil {
                starred.ids.formUnion(checked[min(start + Self.checkBatch, checked.count)...])
                break
            }
        }
        report.keptSaved += try await storage.keepSaved(gone)
    }

    /// Fetches the items among `ids` not stored (read elsewhere, then made unread; starred long
    /// ago), at most ``Options/missingLimit`` a sync.
    private func fetchMissing(_ ids: Set<ItemID>, report: inout SyncReport) async throws {
        guard options.missingLimit > 0, !ids.isEmpty else { return }
        let missing = try await storage.missing(among: Array(ids)).sorted().prefix(options.missingLimit)
        let batch = Self.checkBatch
        var budget = PagingBudget(options.itemPaging)
        for start in stride(from: missing.startIndex, to: missing.endIndex, by: batch) {
            let page = try await client.items(Array(missing[start..<min(start + batch, missing.endIndex)]))
            if let bound = budget.count(entries: page.items.count + page.skipped, bytes: page.bytes),
                start + batch < missing.endIndex
            {
                throw SyncError.malformed(bound.reason("items"))
            }
            let written = try await storage.write(page.items, progress: nil)
            report.newItems += written.new
            report.updatedItems += written.updated
            report.marksChanged += written.marks
            report.skippedItems += page.skipped
        }
    }
}
