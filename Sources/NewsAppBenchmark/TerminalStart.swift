import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts the release `newsapp` on a pseudo-terminal, as a user at a terminal would (so it runs
/// its launch refresh and sync in the background), and times it from spawn to the first screen's
/// prompt; then types `q`.
enum TerminalStart {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Spawn → `news ›` on the terminal, for one run of `newsapp` in `environment` (`TERM=dumb`:
    /// plain text, so the prompt is found as it is written).
    static func run(_ newsapp: String, environment: [String: String]) throws -> Duration {
        // posix_openpt and its kin are not in Swift's Glibc module: /dev/ptmx and Linux's ioctls
        // (TIOCSPTLCK to unlock, TIOCGPTN for the number) do what they do.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0
        else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        defer { close(master) }
        let slave = "/dev/pts/\(number)"
        var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = [strdup(newsapp), nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }

        let clock = ContinuousClock()
        let start = clock.now
        var pid = pid_t()
        let spawned = posix_spawn(&pid, newsapp, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "posix_spawn \(newsapp): \(String(cString: strerror(spawned)))")
        }
        var toPrompt: Duration?
        var seen: [UInt8] = []
        let marker = Array("news ›".utf8)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var sentQuit = false
        let deadline = clock.now + .seconds(60)
        while clock.now < deadline {
            var polled = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&polled, 1, 1_000) >= 0 || errno == EINTR else { break }
            guard polled.revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            // EIO: the app closed the terminal (it quit).
            guard count > 0 else { break }
            seen = Array((seen + buffer[0..<count]).suffix(4_096))
            if toPrompt == nil, contains(seen, marker) {
                toPrompt = start.duration(to: clock.now)
            }
            if toPrompt != nil, !sentQuit {
                sentQuit = true
                _ = "q\n".withCString { write(master, $0, 2) }
            }
        }
        if !sentQuit { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard let toPrompt else {
            throw Failure(
                description:
                    "newsapp showed no prompt on the terminal: \(String(decoding: seen, as: UTF8.self).suffix(500))"
            )
        }
        return toPrompt
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for index in 0...(haystack.count - needle.count)
        where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
