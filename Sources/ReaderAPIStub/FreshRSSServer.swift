import Foundation
import NewsModels

#if canImport(Glibc)
    import Glibc
#endif

/// A real FreshRSS (its Google Reader API at `/api/greader.php`) beside our own server, for the
/// sync tests and the benchmark: installed from FreshRSS's archive by the setup script beside it
/// (`../shared/servers/freshrss-setup.sh`, PHP from Debian's packages) into a folder, and started
/// on a port of 127.0.0.1. One launcher for both, so that both start, wait for and stop it alike.
public final class FreshRSSServer: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The instance's folder.
    public let directory: String
    /// The API's address (`http://127.0.0.1:PORT/api/greader.php`), and the account the setup
    /// script made.
    public let base: URL
    public let user: String
    public let password: String
    private let pid: pid_t

    private init(directory: String, base: URL, user: String, password: String, pid: pid_t) {
        self.directory = directory
        self.base = base
        self.user = user
        self.password = password
        self.pid = pid
    }

    /// Installs an instance from `archive` into `directory` and starts it on a free port.
    ///
    /// The port is free when it is looked at; another process of the machine can take it before
    /// php listens, and php then stops with "Address already in use" in its log. That attempt's
    /// folder is removed and the setup runs again on a new port, three times at most.
    public static func startOnAFreePort(archive: String, in directory: String) async throws -> FreshRSSServer
    {
        var attempt = 1
        while true {
            do {
                return try await start(archive: archive, in: directory, port: try LoopbackPort.free())
            } catch  where attempt < 3 {
                let log = (try? String(contentsOfFile: directory + "/php.log", encoding: .utf8)) ?? ""
                guard log.contains("Address already in use") else { throw error }
                try? FileManager.default.removeItem(atPath: directory)
                attempt += 1
            }
        }
    }

    /// Installs an instance from `archive` into `directory` and starts it on `port`; returns once
    /// it answers a login (the setup script waits for that).
    public static func start(archive: String, in directory: String, port: Int) async throws -> FreshRSSServer
    {
        let script = (archive as NSString).deletingLastPathComponent + "/freshrss-setup.sh"
        let output = try await setUp(script, [directory, String(port)])
        let lines = output.split(separator: "\n").map(String.init)
        let pidText = try String(contentsOfFile: directory + "/php.pid", encoding: .utf8)
        guard lines.count >= 3, let base = URL(string: lines[0]),
            let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw Failure(description: "the setup script printed: \(output)") }
        return FreshRSSServer(directory: directory, base: base, user: lines[1], password: lines[2], pid: pid)
    }

    /// Stops the server and waits until its process is gone. SIGKILL: the server inherits its
    /// starter's blocked signals (a test process blocks SIGTERM), and has nothing to save.
    public func stop() async {
        kill(pid, SIGKILL)
        let deadline = ContinuousClock.now + .seconds(20)
        while kill(pid, 0) == 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Fetches every feed of the user now, as FreshRSS's cron would.
    public func actualize() async throws {
        _ = try await Self.run(directory + "/FreshRSS/cli/actualize-user.php", ["--user", user])
    }

    // MARK: - Running the scripts

    /// Runs the setup script, again (three times at most) when it failed at its check for PHP's
    /// modules: it pipes `php -m` into `grep -q` under `set -o pipefail`, so when grep has its match
    /// and exits before php has written its last line, php dies of SIGPIPE and the script reports
    /// PHP as missing, which a loaded machine makes happen now and then.
    private static func setUp(_ script: String, _ arguments: [String]) async throws -> String {
        var attempt = 1
        while true {
            do {
                return try await run(script, arguments)
            } catch let failure as Failure
                where attempt < 3 && failure.description.contains("PHP with pdo_sqlite is missing")
            {
                guard await phpHasItsModules() else { throw failure }
                attempt += 1
            }
        }
    }

    /// Whether `php -m` lists the modules the setup script checks for, read whole (no early exit).
    private static func phpHasItsModules() async -> Bool {
        guard let output = try? await run("/usr/bin/env", ["php", "-m"]) else { return false }
        let modules = Set(output.split(separator: "\n").map(String.init))
        return modules.isSuperset(of: ["pdo_sqlite", "gmp", "intl"])
    }

    /// Runs `executable` with `arguments` on a thread of its own and returns its standard output;
    /// throws with its standard error when it fails.
    ///
    /// Not through Foundation's `Process`: it learns of the child's end through a descriptor the
    /// child inherits, which the server the setup script leaves running would inherit too, so the
    /// wait would never end; and the child would inherit the caller's blocked signals. Here the
    /// child gets standard input from /dev/null, its output in files, no other descriptor, and no
    /// blocked signal, and is waited for with `waitpid`.
    static func run(_ executable: String, _ arguments: [String]) async throws -> String {
        let outputs = FileManager.default.temporaryDirectory
            .appendingPathComponent("freshrss-run-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outputs) }
        let out = outputs + "/out"
        let err = outputs + "/err"
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let status = try spawnAndWait(executable, arguments, out: out, err: err)
                        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
                        guard status == 0 else {
                            let error = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
                            throw Failure(description: "\(executable) exited with \(status): \(error)")
                        }
                        return text
                    })
            }
        }
    }

    private static func spawnAndWait(_ executable: String, _ arguments: [String], out: String, err: String)
        throws -> Int32
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The server the setup script leaves running must hold no pipe of another test's
        // `newsapp`, or that test waits for an end of output until this suite stops its server.
        ChildDescriptors.closeOthers(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(description: "\(executable) could not start (\(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed") }
        }
        // Exited normally: its code; else 128 and the signal.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
