import Foundation
import NewsModels
import TestSupport
import Testing

/// The built `newsapp` binary, run as a subprocess with a controlled environment.
enum NewsAppProcess {
    /// What a run produced.
    struct Output: Sendable {
        var status: Int32
        var stdout: Data
        var stderr: Data

        var out: String { String(decoding: stdout, as: UTF8.self) }
        var err: String { String(decoding: stderr, as: UTF8.self) }
        /// True when either stream holds byte 0x1B (ESC).
        var containsEscape: Bool { stdout.contains(0x1B) || stderr.contains(0x1B) }
    }

    /// The binary SwiftPM built alongside this test bundle; `NEWSAPP_BINARY` overrides.
    static func binary() throws -> URL {
        try BuiltProduct.url(named: "newsapp", override: "NEWSAPP_BINARY")
    }

    /// Runs `newsapp arguments` with exactly `environment`, `input` on standard input (nothing:
    /// `/dev/null`), and pipes for standard output and standard error. The blocking work happens
    /// on a thread of its own, so the cooperative pool stays free for in-process servers.
    static func run(
        _ arguments: [String],
        environment: [String: String],
        input: String? = nil,
        throttled: Bool = true,
        executable: URL? = nil,
        directory: URL? = nil
    ) async throws -> Output {
        let executable = try executable ?? binary()
        // Dozens of tests run the app at once; on a small machine so many processes starve one
        // another (and the in-process servers they talk to) until requests time out. A test that
        // needs processes to overlap passes `throttled: false`.
        if throttled { await slots.acquire() }
        defer { if throttled { slots.release() } }
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try runBlocking(
                            executable, arguments, environment, input.map { Data($0.utf8) }, directory)
                    })
            }
        }
    }

    /// The sanitizers' settings of this test run (`Scripts/sanitize` sets them), passed on to
    /// every process a test starts, whatever environment it is given: their suppressions, and
    /// halting at a report, hold for the app too.
    static let sanitizerOptions = ProcessInfo.processInfo.environment.filter {
        ["ASAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"].contains($0.key)
    }

    /// How many app processes the tests run at once: the number of processors, at least 2. A test
    /// waits here in turn with every other test's runs, and its time limit counts that wait: on 2
    /// cores a test of six runs passed a two-minute limit in a whole `swift test`, though alone it
    /// takes under a second. So the suites that run the app have limits of 10 minutes, the hang guard
    /// they are, not a measure of speed.
    static let slots = ProcessSlots(max(2, ProcessInfo.processInfo.activeProcessorCount))

    private static func runBlocking(
        _ executable: URL,
        _ arguments: [String],
        _ environment: [String: String],
        _ input: Data?,
        _ directory: URL?
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.currentDirectoryURL = directory
        process.arguments = arguments
        process.environment = environment.merging(sanitizerOptions) { mine, _ in mine }
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        // Close-on-exec in this process (the child gets its ends as 0, 1 and 2 all the same):
        // Foundation's pipes are not, and a process another test spawns meanwhile, a server that
        // lives for its whole suite, would keep this pipe open and this run's output unended.
        for pipe in [output, errors, standardInput] {
            for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
                _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
        try process.run()
        if let input {
            standardInput.fileHandleForWriting.write(input)
            try standardInput.fileHandleForWriting.close()
        }
        let errorBytes = Locked(Data())
        let group = DispatchGroup()
        let errorReader = errors.fileHandleForReading
        DispatchQueue.global().async(group: group) {
            let data = errorReader.readDataToEndOfFile()
            errorBytes.withLock { $0 = data }
        }
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: outputBytes, stderr: errorBytes.withLock { $0 })
    }
}

/// A counting semaphore for tasks: ``acquire()`` waits, without blocking a thread, until one of
/// `count` slots is free.
final class ProcessSlots: Sendable {
    private struct State {
        var free: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Locked<State>

    init(_ count: Int) {
        state = Locked(State(free: count))
    }

    func acquire() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard state.free > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if ready { continuation.resume() }
        }
    }

    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}

/// A home directory of its own for each run: HOME and the XDG directories in a temporary
/// directory, COLUMNS=80, no NEWSAPI_KEY, no NO_COLOR.
struct Sandbox {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var home: String { directory.path }
    var configDirectory: String { home + "/.config/newsapp" }
    /// Where the app keeps its store and pictures: `~/.cache/newsapp`, as `XDG_CACHE_HOME` is unset.
    var cacheDirectory: String { home + "/.cache/newsapp" }
    /// The live store: NewsAPI's and the feeds'.
    var storeURL: URL { URL(fileURLWithPath: cacheDirectory + "/news.sqlite") }
    /// The sample edition's store.
    var sampleStoreURL: URL { URL(fileURLWithPath: cacheDirectory + "/sample.sqlite") }

    var environment: [String: String] {
        var environment = [
            "HOME": home,
            "XDG_CONFIG_HOME": home + "/.config",
            "XDG_STATE_HOME": home + "/.local/state",
            "COLUMNS": "80",
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        ]
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return environment
    }

    /// Writes the config file.
    @discardableResult
    func writeConfig(_ text: String) throws -> String {
        try directory.write(text, to: ".config/newsapp/config.toml")
    }

    /// Runs `newsapp` in this sandbox, with `extra` added to the environment.
    func run(
        _ arguments: [String], extra: [String: String] = [:], input: String? = nil, throttled: Bool = true,
        directory: URL? = nil
    ) async throws -> NewsAppProcess.Output {
        try await NewsAppProcess.run(
            arguments, environment: environment.merging(extra) { $1 }, input: input, throttled: throttled,
            directory: directory)
    }
}
