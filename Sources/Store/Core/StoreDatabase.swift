import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The database a ``NewsStore`` works on, replaced by a new one when it turns out to be damaged
/// while the app runs.
///
/// ``StoreOpener`` only catches damage visible at open: a full integrity check would cost
/// seconds at every launch. Damage inside pages shows up later, as `SQLITE_CORRUPT` or
/// `SQLITE_NOTADB` from a read or a write. Every operation runs through ``perform(_:)``, which
/// then replaces the database in the same session:
///
/// 1. Operations that start meanwhile wait; those in flight on the damaged file finish (with
///    whatever they get, usually the same error), so no connection is still using it.
/// 2. Its pool is closed, and only then is the file renamed to `news.sqlite.corrupt-<stamp>`
///    with its `-wal` and `-shm`. Renaming under open connections would be unsound: a pool opens
///    reader connections lazily, by path, so they would land in the new file, and a connection
///    closing later would delete the new file's write-ahead log, which SQLite finds by name.
/// 3. A new store is created as at launch, the saved articles and read marks that can still be
///    read are copied into it (``StoreSalvage``), and one ``notice`` says what happened, where the
///    old file went and how many saved articles were copied.
/// 4. The operation that met the damage runs again, once, on the new store.
///
/// When no new store can be made (say, a read-only directory) or the damaged pool cannot be closed,
/// nothing is renamed and the store stops being used for the session: every operation fails with
/// ``StoreError/failed(reason:)``, and the notice says so.
/// Another app instance with the same file open keeps its connections to the old file until it
/// meets the damage itself.
final class StoreDatabase: Sendable {
    /// The file; nil in memory, where damage is only reported.
    let path: String?
    private let clock: @Sendable () -> Date
    private let state: Locked<State>

    private struct State {
        var writer: any DatabaseWriter
        /// The file `writer` opened, to tell whether another instance replaced it meanwhile.
        var file: StoreOpener.FileIdentity?
        var generation = 0
        /// Operations running on `writer`.
        var users = 0
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
        var replacement: Task<Void, Never>?
        /// Why the store cannot be used any more this session.
        var unusable: String?
        var closed = false
        /// Closed pools whose `close()` failed, kept so their connections never close late.
        var retired: [any DatabaseWriter] = []
        var pendingNotices: [String] = []
        var noticeHandler: (@Sendable (String) -> Void)?
    }

    private struct Lease {
        var writer: any DatabaseWriter
        var generation: Int
    }

    init(writer: any DatabaseWriter, path: String?, clock: @escaping @Sendable () -> Date) {
        self.path = path
        self.clock = clock
        state = Locked(State(writer: writer, file: path.flatMap(StoreOpener.identity(of:))))
    }

    /// The database in use now.
    var writer: any DatabaseWriter { state.withLock { $0.writer } }

    /// Runs `operation` on the database, replacing it and running `operation` once more when it
    /// fails because the file is damaged. Errors become ``StoreError``s.
    func perform<T: Sendable>(_ operation: (any DatabaseWriter) async throws -> T) async throws(StoreError)
        -> T
    {
        var retried = false
        while true {
            let lease = try await acquire()
            let result: Result<T, any Error>
            do { result = .success(try await operation(lease.writer)) } catch { result = .failure(error) }
            release()
            switch result {
            case .success(let value):
                return value
            case .failure(let error):
                guard !retried, path != nil, let damage = error as? DatabaseError, StoreError.isDamage(damage)
                else { throw StoreError(error) }
                await replace(generation: lease.generation, reason: StoreError.reason(damage))
                retried = true
            }
        }
    }

    /// Delivers each notice to `handler` once, those from before it was set first.
    func deliverNotices(to handler: @escaping @Sendable (String) -> Void) {
        let pending = state.withLock { state in
            state.noticeHandler = handler
            defer { state.pendingNotices = [] }
            return state.pendingNotices
        }
        for notice in pending { handler(notice) }
    }

    /// Marks the store closed and returns the database to close; nil if it already was.
    func markClosed() -> (any DatabaseWriter)? {
        state.withLock { state in
            guard !state.closed else { return nil }
            state.closed = true
            return state.unusable == nil ? state.writer : nil
        }
    }

    // MARK: - Leases

    private func acquire() async throws(StoreError) -> Lease {
        enum Step {
            case use(Lease)
            case wait(Task<Void, Never>)
            case fail(StoreError)
        }
        while true {
            let step = state.withLock { state -> Step in
                if state.closed { return .fail(.failed(reason: "the store is closed")) }
                if let reason = state.unusable { return .fail(.failed(reason: reason)) }
                if let replacement = state.replacement { return .wait(replacement) }
                state.users += 1
                return .use(Lease(writer: state.writer, generation: state.generation))
            }
            switch step {
            case .use(let lease): return lease
            case .wait(let replacement): await replacement.value
            case .fail(let error): throw error
            }
        }
    }

    private func release() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.users -= 1
            guard state.users == 0 else { return [] }
            defer { state.drainWaiters = [] }
            return state.drainWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    // MARK: - Replacing

    /// Replaces the database of `generation` unless that was done already; returns when done.
    private func replace(generation: Int, reason: String) async {
        let replacement = state.withLock { state -> Task<Void, Never>? in
            if let running = state.replacement { return running }
            guard state.generation == generation, state.unusable == nil, !state.closed else { return nil }
            let task = Task { await self.runReplacement(reason: reason) }
            state.replacement = task
            return task
        }
        await replacement?.value
    }

    private func runReplacement(reason: String) async {
        await withCheckedContinuation { continuation in
            let drained = state.withLock { state in
                if state.users > 0 { state.drainWaiters.append(continuation) }
                return state.users == 0
            }
            if drained { continuation.resume() }
        }
        let (damaged, file) = state.withLock { ($0.writer, $0.file) }
        let notice: String
        do throws(StoreError) {
            // Renaming is sound only once no connection is left on the file.
            do { try damaged.close() } catch {
                state.withLock { $0.retired.append(damaged) }
                throw StoreError.failed(reason: "it could not be closed: \(StoreError(error).reasonText)")
            }
            let path = path ?? ""
            let opener = StoreOpener(url: URL(fileURLWithPath: path), clock: clock)
            let (pool, aside) = try opener.replaceDamaged(file)
            if let aside {
                let salvage = StoreSalvage.copy(from: aside, into: pool, at: clock())
                notice = StoreSalvage.notice(reason: reason, aside: aside, salvage: salvage)
            } else {
                notice =
                    "The news store turned out to be damaged (\(reason)); another NewsApp window had "
                    + "already moved it aside and started a new store, which is used from now on."
            }
            let closed = state.withLock { state in
                state.writer = pool
                state.file = StoreOpener.identity(of: path)
                state.generation += 1
                return state.closed
            }
            if closed { try? pool.close() }
        } catch {
            notice =
                "The news store turned out to be damaged (\(reason)) and could not be moved aside "
                + "(\(error.reasonText)), so articles will not be kept for the rest of this session."
            state.withLock { $0.unusable = "the store is damaged (\(reason)) and could not be replaced" }
        }
        let handler = state.withLock { state in
            state.replacement = nil
            if state.noticeHandler == nil { state.pendingNotices.append(notice) }
            return state.noticeHandler
        }
        handler?(notice)
    }
}
