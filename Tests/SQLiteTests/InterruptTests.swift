import CSQLite
import Dispatch
import Foundation
import SQLite
import Testing

@Suite("SQLite: interrupting a statement")
struct InterruptTests {
    /// A query that never ends on its own; it calls `started()` once, first.
    static let endless =
        "WITH RECURSIVE c(x) AS (SELECT started() UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"

    @Test("interrupt() from another thread stops a running statement with SQLITE_INTERRUPT")
    func interruptFromAnotherThread() throws {
        let signal = StartSignal()
        let queue = try DatabaseQueue(configuration: signal.configuration)
        let running = Box()
        DispatchQueue.global().async {
            signal.waitUntilStarted()
            running.database?.interrupt()
        }
        do {
            _ = try queue.inDatabase { db throws in
                running.database = db
                return try Int.fetchOne(db, sql: Self.endless)
            }
            Issue.record("the endless query ended")
        } catch let error as DatabaseError {
            #expect(error.resultCode == .SQLITE_INTERRUPT)
        }
        // The connection is usable afterwards.
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT 7") } == 7)
    }

    @Test("Cancelling the task of an async read interrupts its statement and throws CancellationError")
    func cancellation() async throws {
        let signal = StartSignal()
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.file("db.sqlite"), configuration: signal.configuration)
        let task = Task { try await pool.read { try Int.fetchOne($0, sql: Self.endless) } }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                signal.waitUntilStarted()
                continuation.resume()
            }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await pool.read { try Int.fetchOne($0, sql: "SELECT 7") } == 7)
        try pool.close()
    }

    @Test("A task cancelled before its access starts throws CancellationError without running it")
    func cancelledBeforeStart() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { try $0.execute(sql: "CREATE TABLE t (x)") }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await queue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 0)
    }
}

final class Box: @unchecked Sendable {
    var database: Database?
}

/// An SQL function `started()` that returns 1 and tells a waiting thread the query is running.
final class StartSignal: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    var configuration: Configuration {
        var configuration = Configuration()
        let address = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
        configuration.prepareDatabase { db in
            sqlite3_create_function_v2(
                db.sqliteConnection, "started", 0, SQLITE_UTF8, UnsafeMutableRawPointer(bitPattern: address),
                { context, _, _ in
                    guard let signal = sqlite3_user_data(context) else { return }
                    Unmanaged<StartSignal>.fromOpaque(signal).takeUnretainedValue().semaphore.signal()
                    sqlite3_result_int(context, 1)
                }, nil, nil, nil)
        }
        return configuration
    }

    func waitUntilStarted() {
        semaphore.wait()
    }
}
