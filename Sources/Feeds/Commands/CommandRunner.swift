import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the command of an `exec:` or `filter:` feed and gives back what it wrote, within bounds: a
/// time limit for the whole run, a cap on its output counted as it arrives, and a process group of
/// its own, so that stopping it stops what it started too. The command runs without a shell unless
/// its line needs one (see ``CommandWords``), with the standard input given (a `filter:`'s
/// document) or none, its standard error kept for the sentence of a failure, and no other file of
/// ours open.
///
/// Each run has a thread of its own for the pipes, so a command that hangs holds no thread of the
/// refresh's.
public struct CommandRunner: Sendable {
    /// Seconds a command may run in all.
    public var timeout: TimeInterval
    /// The most bytes of output read; more stops the command.
    public var outputLimit: Int
    /// For `~` in a command's words.
    public var home: String?

    public init(timeout: TimeInterval = 30, outputLimit: Int = FeedParser.maximumBytes, home: String? = nil) {
        self.timeout = timeout
        self.outputLimit = outputLimit
        self.home = home ?? ProcessInfo.processInfo.environment["HOME"]
    }

    /// Runs `line` with `input` on its standard input, and returns its standard output.
    public func run(_ line: String, input: Data? = nil) async -> Result<Data, CommandFailure> {
        let arguments = CommandWords.arguments(line, home: home)
        let cancelled = Locked(false)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DetachedThread.start(named: "NewsApp command", stackSize: 1 << 20) {
                    continuation.resume(
                        returning: CommandProcess(
                            arguments: arguments, input: input, timeout: timeout, outputLimit: outputLimit,
                            cancelled: cancelled
                        ).run())
                }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }
}

/// One run of a command, on the calling thread (blocking).
private struct CommandProcess {
    let arguments: [String]
    let input: Data?
    let timeout: TimeInterval
    let outputLimit: Int
    let cancelled: Locked<Bool>

    func run() -> Result<Data, CommandFailure> {
        // A write to a command that has stopped reading must fail, not stop the app.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)

        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        var feed: [Int32] = [-1, -1]
        defer {
            for descriptor in output + errors + feed where descriptor >= 0 { close(descriptor) }
        }
        guard SpawnSupport.pipe(&output), SpawnSupport.pipe(&errors), SpawnSupport.pipe(&feed) else {
            return .failure(.couldNotStart(Self.reason(errno)))
        }
        let pid: pid_t
        switch spawn(stdin: feed[0], stdout: output[1], stderr: errors[1]) {
        case .failure(let failure): return .failure(failure)
        case .success(let started): pid = started
        }
        for index in [1] {
            close(output[index])
            output[index] = -1
            close(errors[index])
            errors[index] = -1
        }
        close(feed[0])
        feed[0] = -1
        if input == nil {
            close(feed[1])
            feed[1] = -1
        } else {
            _ = fcntl(feed[1], F_SETFL, fcntl(feed[1], F_GETFL) | O_NONBLOCK)
        }

        let deadline = Date().addingTimeInterval(timeout)
        var collected = Data()
        var said = Data()
        var written = 0
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while output[0] >= 0 || errors[0] >= 0 {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return stop(pid, .timedOut(seconds: Int(timeout.rounded(.up)))) }
            if cancelled.withLock({ $0 }) { return stop(pid, .cancelled) }
            var polled: [pollfd] = []
            for descriptor in [output[0], errors[0]] where descriptor >= 0 {
                polled.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
            if feed[1] >= 0 { polled.append(pollfd(fd: feed[1], events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&polled, nfds_t(polled.count), Int32(min(remaining, 0.1) * 1000) + 1)
            if ready < 0 && errno != EINTR { return stop(pid, .couldNotStart(Self.reason(errno))) }
            for entry in polled where entry.revents != 0 {
                if entry.fd == feed[1], let input {
                    let count = input.withUnsafeBytes { bytes in
                        write(entry.fd, bytes.baseAddress! + written, min(bytes.count - written, 64 << 10))
                    }
                    if count > 0 { written += count }
                    if count < 0 && errno != EAGAIN && errno != EINTR || written >= input.count {
                        close(feed[1])
                        feed[1] = -1
                    }
                    continue
                }
                let count = read(entry.fd, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 {
                    close(entry.fd)
                    if entry.fd == output[0] { output[0] = -1 } else { errors[0] = -1 }
                    continue
                }
                if entry.fd == output[0] {
                    collected.append(contentsOf: buffer[..<count])
                    if collected.count > outputLimit { return stop(pid, .tooMuchOutput(limit: outputLimit)) }
                } else if said.count < 4096 {
                    said.append(contentsOf: buffer[..<min(count, 4096 - said.count)])
                }
            }
        }
        // Its output is closed: it is ending, or it went on without it until the deadline.
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { return .failure(.couldNotStart(Self.reason(errno))) }
            if deadline.timeIntervalSinceNow <= 0 {
                return stop(pid, .timedOut(seconds: Int(timeout.rounded(.up))))
            }
            if cancelled.withLock({ $0 }) { return stop(pid, .cancelled) }
            var none = pollfd()
            _ = poll(&none, 0, 10)
        }
        let signal = status & 0x7F
        if signal != 0 { return .failure(.signalled(signal)) }
        let code = (status >> 8) & 0xFF
        guard code == 0 else { return .failure(.exited(status: code, message: Self.firstLine(said))) }
        return .success(collected)
    }

    /// Starts the command in a process group of its own, with the three descriptors as its
    /// standard ones, every other descriptor closed, and the signals at their defaults.
    private func spawn(stdin: Int32, stdout: Int32, stderr: Int32) -> Result<pid_t, CommandFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        ChildDescriptors.closeOthers(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        guard let program = argv[0] else { return .failure(.couldNotStart("no command")) }
        let result = posix_spawnp(&pid, program, &actions, &attributes, &argv, environ)
        guard result == 0 else { return .failure(.couldNotStart(Self.reason(result))) }
        return .success(pid)
    }

    /// Stops the command and what it started, and says why.
    private func stop(_ pid: pid_t, _ failure: CommandFailure) -> Result<Data, CommandFailure> {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .failure(failure)
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// The first line a command wrote on its standard error, trimmed and at most 200 characters.
    private static func firstLine(_ data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).first?.trimmingSpaces(),
            !line.isEmpty
        else { return nil }
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }
}

/// What spawning needs of the C library beyond what Swift's Glibc module shows: `pipe2` (a pipe
/// closed on exec from its first instant, so another thread's child never inherits it), found at
/// run time, with the portable way as a fallback.
private enum SpawnSupport {
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    private static let pipe2: Pipe2? = symbol("pipe2")

    private static func symbol<T>(_ name: String) -> T? {
        #if canImport(Glibc)
            guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
            return unsafeBitCast(address, to: T.self)
        #else
            return nil
        #endif
    }

    /// A pipe whose two ends close on exec.
    static func pipe(_ descriptors: inout [Int32]) -> Bool {
        if let pipe2 {
            return descriptors.withUnsafeMutableBufferPointer { pipe2($0.baseAddress!, O_CLOEXEC) } == 0
        }
        guard Glibc.pipe(&descriptors) == 0 else { return false }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return true
    }
}
