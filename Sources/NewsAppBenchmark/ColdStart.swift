import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts the release `newsapp` binary as a user would in a pipe, `printf 'q\n' | newsapp …`, and
/// times it from spawn to the first screen's prompt line on its standard output, and to its exit.
struct ColdStart {
    struct Run {
        /// Spawn until the prompt line (`news › … › q`) was read from its standard output.
        var toPrompt: Duration
        /// Spawn until the process was reaped.
        var toExit: Duration
        var status: Int32
        var output: String
        /// What the probe reported, when the run went through it.
        var memory: RSSProbe.Report?
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let executable: String
    let arguments: [String]
    let environment: [String: String]
    /// What marks the first screen's prompt on standard output; nil to time only the exit.
    var prompt: String? = "news ›"

    /// One run: spawns the binary with `q\n` as its whole standard input; through `probe`
    /// (`PeakMemoryProbe`, see ``RSSProbe``) to measure its peak memory, directly to time it.
    func run(through probe: String? = nil) throws -> Run {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        var report: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0, pipe(&report) == 0 else {
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        // Only the child's standard streams may hold the pipes open.
        for descriptor in input + output + report { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        // The input is in the pipe before the process starts, as with `printf 'q\n' |`.
        _ = "q\n".withCString { write(input[1], $0, 2) }
        close(input[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        if probe == nil {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        } else {
            // The probe's report comes last, after whatever the command wrote there.
            posix_spawn_file_actions_adddup2(&actions, report[1], 2)
        }

        let program = probe ?? executable
        let words = probe.map { [$0, executable] } ?? [executable]
        let argv = (words + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }

        let clock = ContinuousClock()
        let start = clock.now
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        close(input[0])
        close(output[1])
        close(report[1])
        defer { close(report[0]) }
        guard spawned == 0 else {
            close(output[0])
            throw Failure(description: "posix_spawn \(program): \(String(cString: strerror(spawned)))")
        }

        var bytes: [UInt8] = []
        var errors: [UInt8] = []
        var toPrompt: Duration?
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let marker = Array((prompt ?? "").utf8)
        // Both pipes are read as bytes arrive: a command writing much to standard error (which
        // goes to the probe's pipe) must never wait for this loop.
        var open = [output[0], probe == nil ? -1 : report[0]]
        while open.contains(where: { $0 >= 0 }) {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "poll: \(String(cString: strerror(errno)))")
            }
            for (slot, entry) in polled.enumerated() where entry.fd >= 0 && entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    open[slot] = -1
                    continue
                }
                if slot == 1 {
                    // Only the probe's last line matters.
                    errors = Array((errors + buffer[0..<count]).suffix(4_096))
                    continue
                }
                let searchFrom = max(0, bytes.count - marker.count)
                bytes += buffer[0..<count]
                if toPrompt == nil, prompt != nil, Self.contains(bytes[searchFrom...], marker) {
                    toPrompt = start.duration(to: clock.now)
                }
            }
        }
        close(output[0])
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let toExit = start.duration(to: clock.now)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let toPrompt = prompt == nil ? toExit : toPrompt else {
            throw Failure(
                description:
                    "\(executable) printed no prompt (status \(status)); it printed:\n\(text.prefix(2_000))")
        }
        var memory: RSSProbe.Report?
        if probe != nil {
            memory = RSSProbe.Report(String(decoding: errors, as: UTF8.self))
            guard let reported = memory else {
                throw Failure(description: "the peak memory probe reported nothing (status \(status))")
            }
            status = reported.status
        }
        return Run(toPrompt: toPrompt, toExit: toExit, status: status, output: text, memory: memory)
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

/// Peak memory of a child, measured through `PeakMemoryProbe` (built beside `newsapp`).
///
/// Linux keeps a process's `ru_maxrss` across `exec`, starting from the peak of the memory it ran
/// in before: `posix_spawn` runs the child in its parent's memory until the `exec`, so a child of
/// this benchmark (tens of megabytes by then) reports the larger of that and its own peak,
/// whatever it runs. So each measured run goes through the probe, a few megabytes in all, which
/// spawns the command, waits for it and reports the child's `ru_maxrss` with its own peak
/// (`VmHWM`, the floor below which a reading means nothing) on standard error.
enum RSSProbe {
    struct Report {
        /// The child's `ru_maxrss`, in bytes.
        var peakRSS: Int
        /// The probe's own peak resident size, in bytes.
        var floor: Int
        var status: Int32

        /// Reads the probe's line, `peak-memory: CHILD OWN STATUS` (KiB), the last of `text`.
        init?(_ text: String) {
            let prefix = "peak-memory: "
            guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix(prefix) }) else {
                return nil
            }
            let fields = line.dropFirst(prefix.count).split(separator: " ").compactMap { Int($0) }
            guard fields.count == 3 else { return nil }
            peakRSS = fields[0] * 1_024
            floor = fields[1] * 1_024
            status = Int32(truncatingIfNeeded: fields[2])
        }
    }
}

/// A private home for the app: empty config, state and cache directories (the cache holding the
/// benchmark's store when given), so no setting or history of the user's applies.
struct PrivateHome {
    let root: URL

    init(store: URL?) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "newsapp-bench-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        for name in ["config", "state", "cache/newsapp"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(name, isDirectory: true), withIntermediateDirectories: true)
        }
        if let store {
            // A copy, so the app's writes (WAL, marks, retention) never touch the cached store.
            try FileManager.default.copyItem(at: store, to: storeFile)
        }
    }

    var storeFile: URL { root.appendingPathComponent("cache/newsapp/news.sqlite") }

    var environment: [String: String] {
        [
            "HOME": root.path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TERM": "dumb",
            "COLUMNS": "80",
            "LINES": "24",
        ]
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
