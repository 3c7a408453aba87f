import Foundation
import NewsModels
import TestSupport
import Testing

/// The built `newsapp` in a real pseudo-terminal: a tmux server on a private socket, one window of a
/// given size. Tests type with ``send(_:)`` and wait for text on screen with ``waitFor(_:)``,
/// which polls the pane until the text appears (a condition, with a deadline), never a fixed
/// pause.
final class TmuxSession {
    let socket = "newsapp-test-\(UUID().uuidString.prefix(8))"
    private let home: TemporaryDirectory
    private let configuration: URL

    /// Starts `newsapp arguments` in a `columns`×`rows` terminal with a clean home and no key.
    ///
    /// - Parameters:
    ///   - overrides: Environment variables to set or replace: `TERM`, a stub's `NEWSAPI_BASE_URL`
    ///     and `NEWSAPI_KEY`.
    ///   - recordsOutput: Keep every byte the app writes from its start, escape sequences
    ///     included, for ``recordedOutput(through:timeout:sourceLocation:)``: the app starts only once
    ///     the recording runs (``startRecording()`` records from a later moment).
    ///   - configuration: The config file in the clean home. By default reader mode fetches no page
    ///     as an article opens: the fixtures' article addresses are on no server here.
    init(
        _ arguments: [String], columns: Int, rows: Int = 40, environment overrides: [String: String] = [:],
        recordsOutput: Bool = false, configuration text: String = "full_text = \"off\"\n"
    ) throws {
        home = try TemporaryDirectory()
        try home.write(text, to: "config/newsapp/config.toml")
        configuration = home.url.appendingPathComponent("tmux.conf")
        try "set -g remain-on-exit on\nset -g status off\n".write(
            to: configuration, atomically: true, encoding: .utf8)
        let binary = try NewsAppProcess.binary().path
        let defaults = [
            "HOME": home.path, "XDG_CONFIG_HOME": "\(home.path)/config",
            "XDG_STATE_HOME": "\(home.path)/state",
            "XDG_CACHE_HOME": "\(home.path)/cache", "TERM": "xterm-256color", "LANG": "C.UTF-8",
            "PATH": "/usr/bin:/bin", "BROWSER": "/bin/true",
        ]
        let environment = defaults.merging(overrides) { $1 }.merging(NewsAppProcess.sanitizerOptions) { $1 }
            .sorted { $0.key < $1.key }.map { "\($0)=\($1)" }
        // A shell runs the app and prints its exit status on screen: tmux 3.3 does not always
        // reap a pane's process (it stays a zombie after a full-screen redraw), so the status is
        // read from the screen, not from tmux. `trap : INT` keeps Ctrl-C from ending the shell
        // while the app runs with the default disposition (a trap, unlike `trap ''`, is reset on exec).
        // A recorded session waits for a line before it starts the app, so no byte is written
        // before tmux copies the pane's output.
        let start = recordsOutput ? "read go; " : ""
        let script = start + "trap : INT; \"$0\" \"$@\"; echo \"[newsapp exited with status $?]\""
        let command = (["env", "-i"] + environment + ["/bin/sh", "-c", script, binary] + arguments)
            .map(Self.quote).joined(separator: " ")
        try tmux(["new-session", "-d", "-s", "app", "-x", "\(columns)", "-y", "\(rows)", command])
        if recordsOutput {
            try startRecording()
            try tmux(["send-keys", "-t", "app:", "Enter"])
        }
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Types `text` and presses Enter.
    func send(_ text: String) throws {
        try tmux(["send-keys", "-t", "app:", "-l", text])
        try tmux(["send-keys", "-t", "app:", "Enter"])
    }

    /// Presses a key by tmux's name for it, e.g. `C-c`.
    func press(_ key: String) throws {
        try tmux(["send-keys", "-t", "app:", key])
    }

    func resize(columns: Int) throws {
        try tmux(["resize-window", "-t", "app:", "-x", "\(columns)"])
    }

    /// The visible screen.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "app:"])
    }

    /// The visible screen with the lines the terminal wrapped joined again: a line the app wrote
    /// over the width is one line here, a line the app broke stays two.
    func joinedScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-t", "app:"])
    }

    /// The file ``startRecording()`` copies the pane's output to.
    private var recording: String { home.path + "/pane-output" }

    /// From now on, copies every byte the program writes to its terminal, escape sequences and
    /// all, to a file that ``recordedOutput(through:)`` reads.
    func startRecording() throws {
        try tmux(["pipe-pane", "-t", "app:", "exec /bin/cat >> " + Self.quote(recording)])
    }

    /// The bytes recorded since ``startRecording()``, once they hold `last` (for instance the
    /// line the shell prints when the program ends), waiting for them up to `timeout`.
    func recordedOutput(
        through last: String,
        timeout: Duration = .seconds(20),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Data {
        let deadline = ContinuousClock.now + timeout
        let marker = Data(last.utf8)
        var bytes = Data()
        while ContinuousClock.now < deadline {
            bytes = (try? Data(contentsOf: URL(fileURLWithPath: recording))) ?? Data()
            if bytes.range(of: marker) != nil { return bytes }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record(
            "Timed out waiting for “\(last)” in the recorded output (\(bytes.count) bytes).",
            sourceLocation: sourceLocation)
        return bytes
    }

    /// Waits until `predicate` holds for the visible screen, up to `timeout`; returns the screen.
    @discardableResult
    func waitFor(
        _ description: String,
        timeout: Duration = .seconds(20),
        sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while ContinuousClock.now < deadline {
            last = try screen()
            if predicate(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record(
            "Timed out waiting for \(description). The screen was:\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    /// Waits for the sample edition's whole front page with its prompt last: before that, on a
    /// loaded machine, sections may still be loading (a number is not there yet, Ctrl-C would
    /// cancel the load) and a late one draws the page again. The deadline is generous: it is the
    /// first screen of a fresh tmux server and app, which a machine at load 20 took over 20 s to
    /// show; a passing run waits only as long as the page takes.
    @discardableResult
    func waitForFrontPage(
        timeout: Duration = .seconds(90), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        try await waitFor(
            "the whole front page and its prompt", timeout: timeout, sourceLocation: sourceLocation
        ) { screen in
            screen.contains("1–21 open · c NAME a whole section")
                && screen.split(separator: "\n").last == "news › Front page ›"
        }
    }

    /// The app's process: the only child of the shell that runs it in the pane.
    func appPID() throws -> pid_t? {
        let shell = try tmux(["display-message", "-p", "-t", "app:", "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// The state letter of process `pid` in `/proc` (`T` when stopped), nil when it is gone.
    static func state(of pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: end)...].first { $0 != " " }
    }

    /// Waits until process `pid` is in `state` (a condition with a deadline, like ``waitFor(_:)``).
    func waitForProcess(
        _ pid: pid_t, state wanted: Character, timeout: Duration = .seconds(20),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if Self.state(of: pid) == wanted { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record(
            "Timed out waiting for process \(pid) to be in state \(wanted) (it is in \(Self.state(of: pid).map(String.init) ?? "none")).",
            sourceLocation: sourceLocation)
    }

    /// Waits for `text` to be on screen.
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        try await waitFor("“\(text)”", sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// The part of `screen` the app drew last: from the last line that starts with `firstLine` to
    /// the end, or nothing when there is none. By default that is the sample edition's banner, which
    /// opens every full redraw; live news has no banner, so callers name the list's header
    /// (`Top stories · `, `Search “mars” · `).
    static func latestDraw(_ screen: String, from firstLine: String = "Sample edition") -> Substring {
        var start = screen.startIndex
        var found: String.Index?
        while let match = screen.range(of: firstLine, range: start..<screen.endIndex) {
            if match.lowerBound == screen.startIndex || screen[screen.index(before: match.lowerBound)] == "\n"
            {
                found = match.lowerBound
            }
            start = match.upperBound
        }
        guard let found else { return screen[screen.endIndex...] }
        return screen[found...]
    }

    /// The exit status once the program has ended, waiting for it; nil if it does not end.
    func exitStatus(timeout: Duration = .seconds(20)) async throws -> Int? {
        let ended = try await waitFor("the app to end", timeout: timeout) {
            $0.contains("[newsapp exited with status ")
        }
        guard let range = ended.range(of: "[newsapp exited with status ") else { return nil }
        return Int(ended[range.upperBound...].prefix { $0.isNumber })
    }

    /// Runs tmux on this session's socket and returns what it printed. Spawned and reaped with
    /// posix_spawn and waitpid, output through a file: the first client forks the tmux server, which
    /// would hold a pipe open for as long as it lives.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = home.path + "/tmux-output-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let argv = ["tmux", "-L", socket, "-f", configuration.path] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of this process: the server lives for the whole test.
        ChildDescriptors.closeOthers(&actions)
        // Test threads (Dispatch workers) block most signals, and a spawned process inherits the
        // mask: a tmux server blind to SIGCHLD never notices that the app ended. Start clean.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, &cArguments, environ)
        guard spawned == 0 else { throw TmuxFailure(arguments: arguments, status: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    private static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// tmux could not be started at all.
struct TmuxFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var description: String { "tmux \(arguments.joined(separator: " ")) could not start (error \(status))" }
}
