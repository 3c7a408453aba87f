import Logging
import Networking

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One sync with the service: push, then pull.
///
/// - **Push.** The changes of marks made here wait in the store's queue; they go in batches
///   (`edit-tag` with many `i=`), each batch noted as sent before it goes and removed once the
///   service acknowledged it. A batch whose fate is unknown (the sync was killed, or the
///   connection broke) is checked against the service's own marks before it is sent again, so
///   the service is not sent a change twice.
/// - **Pull.** The subscriptions (labels become tags), then the items: every unread and starred
///   one at the first sync, then those crawled since the last, a page of ``Options/pageSize`` at
///   a time, each page stored with the progress that follows it; then the ids of the unread and
///   starred items, so that marks made elsewhere reach items stored before, and the items among
///   them not stored yet.
/// - **Conflicts.** A change made here and not yet acknowledged wins; otherwise the service's
///   state wins.
///
/// Only one sync runs on a store at a time, across processes: ``SyncLock``.
public struct SyncEngine: Sendable {
    public struct Options: Sendable, Equatable {
        /// Items asked for a page: the most the API's clients ask (a page too large for
        /// ``ReaderAPIClient/Options/pageBytes`` is asked again at half the size).
        public var pageSize: Int
        /// Ids a change sends in one request.
        public var batchSize: Int
        /// Ids asked for a page of `stream/items/ids`.
        public var idPageSize: Int
        /// The most ids of unread (or starred) items read; a longer list is treated as cut short.
        public var idLimit: Int
        /// The most pages one stage of a pull reads before it stops with a sentence.
        public var pageLimit: Int
        /// Items not stored whose marks arrived, fetched at most per sync.
        public var missingLimit: Int
        /// Bytes of answers one loop over pages reads at most.
        public var pagingBytes: Int
        /// How long one loop over pages may run.
        public var pagingTime: Duration

        public init(
            pageSize: Int = 1_000, batchSize: Int = 1_000, idPageSize: Int = 10_000, idLimit: Int = 500_000,
            pageLimit: Int = 2_000, missingLimit: Int = 5_000, pagingBytes: Int = 4 << 30,
            pagingTime: Duration = .seconds(3_600)
        ) {
            self.pageSize = max(1, pageSize)
            self.batchSize = max(1, batchSize)
            self.idPageSize = max(1, idPageSize)
            self.idLimit = max(1, idLimit)
            self.pageLimit = max(1, pageLimit)
            self.missingLimit = max(0, missingLimit)
            self.pagingBytes = max(1, pagingBytes)
            self.pagingTime = max(.zero, pagingTime)
        }

        /// The bounds of a loop over pages of items: ``pageLimit`` pages of ``pageSize``.
        public var itemPaging: PagingLimit {
            let (items, overflow) = pageLimit.multipliedReportingOverflow(by: pageSize)
            return PagingLimit(
                pages: pageLimit, entries: overflow ? .max : items, bytes: pagingBytes, time: pagingTime)
        }

        /// The bounds of a loop over pages of ids: ``pageLimit`` pages, ``idLimit`` ids.
        public var idPaging: PagingLimit {
            PagingLimit(pages: pageLimit, entries: idLimit, bytes: pagingBytes, time: pagingTime)
        }
    }

    let client: any SyncServiceClient
    public let storage: any SyncStorage
    public let options: Options
    public let logger: Logger
    let clock: @Sendable () -> Date

    /// An engine syncing `storage` with the service `client` speaks to: a Google Reader API
    /// service, a Tiny Tiny RSS, a Miniflux over its own API or a Nextcloud News.
    public init(
        client: some SyncClient, storage: any SyncStorage, options: Options = Options(), logger: Logger,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client.connection.client
        self.storage = storage
        self.options = options
        self.logger = logger
        self.clock = clock
    }

    /// Pushes, then pulls, and says how it went; `progress` hears where it is.
    public func sync(progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }) async -> SyncReport {
        let started = ContinuousClock.now
        var report = SyncReport()
        do {
            try await push(&report, progress: progress)
            try await pull(&report, progress: progress)
        } catch let error as SyncError {
            report.error = error
        } catch {
            report.error = .store(Self.describe(error))
        }
        report.duration = ContinuousClock.now - started
        report.waiting = (try? await storage.pendingChanges().count) ?? 0
        try? await storage.finish(at: clock(), error: report.error?.sentence)
        log(report)
        return report
    }

    private func log(_ report: SyncReport) {
        var metadata: Logger.Metadata = [
            "service": "\(client.host)", "sent": "\(report.sent)", "new": "\(report.newItems)",
            "marks": "\(report.marksChanged)", "waiting": "\(report.waiting)",
            "seconds":
                "\(Double(report.duration.components.seconds) + Double(report.duration.components.attoseconds) / 1e18)",
        ]
        if let error = report.error {
            metadata["reason"] = "\(error.sentence)"
            logger.warning("sync failed", metadata: metadata)
        } else {
            logger.info("sync done", metadata: metadata)
        }
    }

    static func describe(_ error: any Error) -> String {
        if let reason = (error as? SyncStorageError)?.reason { return reason }
        return String(describing: type(of: error))
    }
}

/// Why the store could not do what a sync asked, for the sentence of its report.
public struct SyncStorageError: Error, Sendable, Equatable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
