import Foundation
import ReaderAPIStub

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `python3 -m http.server` serving a folder on 127.0.0.1: the plain static server newsboat#3210
/// measured with. It sends `Last-Modified` and answers `If-Modified-Since` with 304, and no ETag.
final class StaticFileServer {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    /// Spawned and reaped with POSIX calls: Foundation's `Process.waitUntilExit` can spin for ever
    /// on Linux once the child is gone.
    private let pid: pid_t

    init(serving directory: URL) throws {
        port = try LoopbackPort.free()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words = [
            "/usr/bin/env", "python3", "-m", "http.server", String(port), "--bind", "127.0.0.1",
            "--directory",
            directory.path,
        ]
        let argv = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // A Dispatch thread blocks signals; the server must not inherit that, or SIGTERM is lost.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child = pid_t()
        let spawned = posix_spawn(&child, words[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw Failure(
                description: "python3 -m http.server could not start: \(String(cString: strerror(spawned)))")
        }
        pid = child
        // Up within ten seconds, or not at all: a benchmark may wait on the clock.
        for _ in 0..<200 {
            if Self.accepts(port) { return }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == 0 else { break }
            usleep(50_000)
        }
        stop()
        throw Failure(description: "python3 -m http.server did not start on port \(port)")
    }

    var base: String { "http://127.0.0.1:\(port)" }

    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    private static func accepts(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
