import Foundation
import SQLite
import Testing

@Suite("SQLite: busy files, in one process and in two")
struct BusyTests {
    @Test("A write meeting another connection's write fails at once without a timeout, and waits with one")
    func busyInProcess() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("db.sqlite")
        let first = try DatabasePool(path: path)
        try await first.write { try $0.execute(sql: "CREATE TABLE t (x)") }
        let impatient = try DatabasePool(path: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        let patient = try DatabasePool(path: path, configuration: configuration)

        let waiting: Task<Int, any Error> = try await first.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            do {
                try impatient.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
                Issue.record("two writers at once")
            } catch let error as DatabaseError {
                #expect(error.resultCode == .SQLITE_BUSY)
            }
            // Reads go on meanwhile, without the uncommitted row.
            #expect(try impatient.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 0)
            return Task {
                try await patient.write { db in
                    try db.execute(sql: "INSERT INTO t VALUES (3)")
                    return try Int.fetchOne(db, sql: "SELECT count(*) FROM t") ?? 0
                }
            }
        }
        // The patient writer sees the first one's row: it ran after that commit.
        #expect(try await waiting.value == 2)
        try impatient.close()
        try patient.close()
        try first.close()
    }

    @Test("Another process holding the write lock: we fail or wait, then each sees the other's rows")
    func twoProcesses() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("db.sqlite")
        let pool = try DatabasePool(path: path)
        try await pool.write { try $0.execute(sql: "CREATE TABLE t (who TEXT)") }

        let other = try SQLiteShell(path: path)
        other.send("BEGIN IMMEDIATE; INSERT INTO t VALUES ('shell');")
        #expect(try other.query("SELECT count(*) FROM t;") == "1")
        await #expect(throws: DatabaseError.self) {
            try await pool.write { try $0.execute(sql: "INSERT INTO t VALUES ('app')") }
        }
        #expect(try await pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 0)

        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        let patient = try DatabasePool(path: path, configuration: configuration)
        let write = Task {
            try await patient.write { db in
                try db.execute(sql: "INSERT INTO t VALUES ('app')")
                return try String.fetchAll(db, sql: "SELECT who FROM t ORDER BY rowid")
            }
        }
        other.send("COMMIT;")
        #expect(try await write.value == ["shell", "app"])
        #expect(try other.query("SELECT group_concat(who) FROM t;") == "shell,app")
        try other.finish()
        try patient.close()
        try pool.close()
    }
}

/// The `sqlite3` shell in another process, driven through its standard input.
final class SQLiteShell: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    init(path: String) throws {
        guard
            let shell = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
                .first(where: FileManager.default.isExecutableFile(atPath:))
        else { throw ShellMissing() }
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-batch", path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    struct ShellMissing: Error, CustomStringConvertible {
        var description: String { "the sqlite3 shell is not installed (Debian: apt-get install sqlite3)" }
    }

    /// Sends `sql`, which the shell runs in order with what comes before and after it.
    func send(_ sql: String) {
        input.fileHandleForWriting.write(Data((sql + "\n").utf8))
    }

    /// The output of `sql`, one line.
    func query(_ sql: String) throws -> String {
        let marker = "--done-\(UUID().uuidString)--"
        input.fileHandleForWriting.write(Data((sql + "\nSELECT '\(marker)';\n").utf8))
        var lines: [String] = []
        while true {
            while let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                buffered = Data(buffered[(newline + 1)...])
                if line == marker { return lines.joined(separator: "\n") }
                lines.append(line)
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw ShellEnded(output: lines) }
            buffered += chunk
        }
    }

    struct ShellEnded: Error {
        var output: [String]
    }

    func finish() throws {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
