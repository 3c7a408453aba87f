import Foundation

/// A real Tiny Tiny RSS (Debian's `tt-rss` with a PostgreSQL cluster of its own, its JSON API at
/// `/api/`), for the sync tests: set up by the script `TTRSS_SETUP` names
/// (`../shared/servers/ttrss-setup.sh`, which installs Debian's packages when they are missing)
/// in a folder, on a port of 127.0.0.1, and stopped with the `stop.sh` it leaves there. Its
/// setup accepts feeds on 127.0.0.1 at any port, which a stock server refuses.
public final class TinyTinyRSSServer: Sendable {
    public typealias Failure = FreshRSSServer.Failure

    /// The setup script, when the environment names one that exists.
    public static let setupScript: String? = {
        guard let path = ProcessInfo.processInfo.environment["TTRSS_SETUP"], !path.isEmpty,
            FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return path
    }()

    public let directory: String
    /// The API's address (`http://127.0.0.1:PORT/api/`), and the account the script made.
    public let base: URL
    public let user: String
    public let password: String

    private init(directory: String, base: URL, user: String, password: String) {
        self.directory = directory
        self.base = base
        self.user = user
        self.password = password
    }

    /// Sets up an instance in `directory` and starts it on a free port; returns once its API
    /// accepted a login (the script checks that).
    ///
    /// A free port is only free when it is looked at: between the script's look and PostgreSQL's
    /// or php's listen another process of the machine (a test's server, an outgoing connection) can
    /// take it, and the script then stops saying the port "is taken by another process". That
    /// attempt is undone (its processes stopped, its folder removed) and the setup runs again on
    /// new ports, three times at most.
    public static func startOnAFreePort(script: String, in directory: String, user: String, password: String)
        async throws -> TinyTinyRSSServer
    {
        var attempt = 1
        while true {
            do {
                return try await start(
                    script: script, in: directory, port: try LoopbackPort.free(), user: user,
                    password: password)
            } catch let failure as Failure
                where attempt < 3 && failure.description.contains("is taken by another")
            {
                if FileManager.default.fileExists(atPath: directory + "/stop.sh") {
                    _ = try? await FreshRSSServer.run("/bin/bash", [directory + "/stop.sh"])
                }
                try? FileManager.default.removeItem(atPath: directory)
                attempt += 1
            }
        }
    }

    /// Sets up an instance in `directory` and starts it on `port`; returns once its API accepted
    /// a login (the script checks that).
    public static func start(script: String, in directory: String, port: Int, user: String, password: String)
        async throws -> TinyTinyRSSServer
    {
        let output = try await FreshRSSServer.run(script, [directory, String(port), user, password])
        let lines = output.split(separator: "\n").map(String.init)
        guard lines.count >= 3, let base = URL(string: lines[0]) else {
            throw Failure(description: "the setup script printed: \(output)")
        }
        return TinyTinyRSSServer(directory: directory, base: base, user: lines[1], password: lines[2])
    }

    /// Stops php and PostgreSQL. `stop.sh` is a bash script: run by `/bin/sh` (dash), its
    /// `kill -TERM -- -GROUP` fails ("Illegal number") and php's server outlives the test.
    public func stop() async {
        _ = try? await FreshRSSServer.run("/bin/bash", [directory + "/stop.sh"])
    }
}
