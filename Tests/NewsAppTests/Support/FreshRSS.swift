import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#endif

/// A real FreshRSS (its Google Reader API at `/api/greader.php`), started for one test from the
/// archive `FRESHRSS_ARCHIVE` names with the setup script beside it, on a free port of 127.0.0.1,
/// in a folder of its own, and stopped after. Without the archive the tests that need it are
/// skipped, each saying so in one line.
final class FreshRSS: Sendable {
    /// The archive, when the environment names one that exists.
    static let archive: String? = {
        guard let path = ProcessInfo.processInfo.environment["FRESHRSS_ARCHIVE"], !path.isEmpty,
            FileManager.default.fileExists(atPath: path)
        else { return nil }
        return path
    }()

    static var isAvailable: Bool { archive != nil }

    let directory: TemporaryDirectory
    let base: URL
    let user: String
    let password: String
    private let pid: pid_t

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private init(directory: TemporaryDirectory, base: URL, user: String, password: String, pid: pid_t) {
        self.directory = directory
        self.base = base
        self.user = user
        self.password = password
        self.pid = pid
    }

    /// Installs and starts an instance; the setup script returns once it answers a login.
    static func start() async throws -> FreshRSS {
        guard let archive else { throw Failure(description: "FRESHRSS_ARCHIVE is not set") }
        let script = (archive as NSString).deletingLastPathComponent + "/freshrss-setup.sh"
        let directory = try TemporaryDirectory()
        let port = try freePort()
        let output = try await setUp(script, [directory.path + "/instance", String(port)])
        let lines = output.split(separator: "\n").map(String.init)
        let pidText = try String(contentsOfFile: directory.path + "/instance/php.pid", encoding: .utf8)
        guard lines.count >= 3, let base = URL(string: lines[0]),
            let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw Failure(description: "the setup script printed: \(output)") }
        return FreshRSS(directory: directory, base: base, user: lines[1], password: lines[2], pid: pid)
    }

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

    /// Runs `body` with a new instance and stops it after, also on a throw.
    static func whileRunning<T>(_ body: (FreshRSS) async throws -> T) async throws -> T {
        let instance = try await start()
        do {
            let value = try await body(instance)
            await instance.stop()
            return value
        } catch {
            await instance.stop()
            throw error
        }
    }

    /// Stops the server and waits until its process is gone. SIGKILL: the server inherits the
    /// test process's blocked signals (SIGTERM among them), and has nothing to save.
    func stop() async {
        kill(pid, SIGKILL)
        let deadline = ContinuousClock.now + .seconds(20)
        while kill(pid, 0) == 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Fetches every feed of the user now, as FreshRSS's cron would.
    func actualize() async throws {
        _ = try await Self.run(
            directory.path + "/instance/FreshRSS/cli/actualize-user.php", ["--user", user])
    }

    // MARK: - The API, as another client sees it

    /// The login token, through ClientLogin.
    func token() async throws -> String {
        let response = try await CurlHTTPClient().fetch(
            HTTPRequest(
                url: base.appendingPathComponent("accounts/ClientLogin"), method: .post,
                body: Data("Email=\(user)&Passwd=\(password)".utf8), timeout: 30))
        let text = String(decoding: response.body, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Auth=") }) else {
            throw Failure(description: "no Auth in \(text)")
        }
        return String(line.dropFirst(5))
    }

    /// A GET of the API at `path` (below `/reader/api/0/`) with `query`, as text.
    func get(_ path: String, _ query: String) async throws -> String {
        let token = try await token()
        let url = URL(string: base.absoluteString + "/reader/api/0/" + path + "?" + query)!
        let response = try await CurlHTTPClient().fetch(
            HTTPRequest(url: url, headers: ["Authorization": "GoogleLogin auth=\(token)"], timeout: 30))
        return String(decoding: response.body, as: UTF8.self)
    }

    /// The short ids of the items of the reading list with `tag` (`read`, `starred`).
    func ids(tagged tag: String) async throws -> Set<Int64> {
        let text = try await get(
            "stream/items/ids",
            "s=user/-/state/com.google/reading-list&it=user/-/state/com.google/\(tag)&n=10000&output=json")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let refs = object?["itemRefs"] as? [[String: Any]] ?? []
        return Set(refs.compactMap { ($0["id"] as? String).flatMap { Int64($0) } })
    }

    /// The subscriptions' addresses and labels.
    func subscriptions() async throws -> [(url: String, labels: [String])] {
        let text = try await get("subscription/list", "output=json")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return (object?["subscriptions"] as? [[String: Any]] ?? []).map { feed in
            let labels = (feed["categories"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
            return (feed["url"] as? String ?? "", labels)
        }
    }

    /// The short id of a stored item's long id.
    static func shortID(_ longID: String) -> Int64? {
        UInt64(longID.split(separator: "/").last ?? "", radix: 16).map { Int64(bitPattern: $0) }
    }

    // MARK: - Support

    /// A port of 127.0.0.1 free now: bound to 0, read, let go.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "no socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs `executable` with `arguments` on a thread of its own and returns its standard output;
    /// throws with its standard error when it fails.
    ///
    /// Not through Foundation's `Process`: it learns of the child's end through a descriptor the
    /// child inherits, which the server the setup script leaves running would inherit too, so the
    /// wait would never end; and the child would inherit the test process's blocked signals. Here
    /// the child gets standard input from /dev/null, its output in files, no other descriptor, and
    /// no blocked signal, and is waited for with `waitpid`.
    private static func run(_ executable: String, _ arguments: [String]) async throws -> String {
        let outputs = try TemporaryDirectory()
        let out = outputs.path + "/out"
        let err = outputs.path + "/err"
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
        throws
        -> Int32
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
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
