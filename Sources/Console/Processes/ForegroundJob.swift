import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Runs another program as a shell runs a foreground job: in a process group of its own that
/// owns the terminal while it runs, with the terminal's modes saved before and put back after.
///
/// The app ignores SIGTTOU and SIGTTIN meanwhile, so taking the terminal back from the
/// background never stops it. The program starts with every signal at its default: it reads the
/// terminal, is stopped by Ctrl-Z and ended by Ctrl-C like any program a shell runs. Should it
/// read the terminal before the terminal is handed to it (a race with the app's `tcsetpgrp`), the
/// kernel stops it with SIGTTIN and it is continued once it owns the terminal. Stopped with Ctrl-Z,
/// the app gives the terminal back and stops with it; continued (`fg`), it hands the terminal to the
/// program again and continues it. The wait ends only when the program exits or is killed.
public enum ForegroundJob {
    /// How the program ended.
    public enum Outcome: Equatable, Sendable {
        case exited(status: Int32)
        case killed(signal: Int32)
        /// It could not be started; the `errno`.
        case notStarted(Int32)

        /// Whether it ended as programs do when all went well.
        public var succeeded: Bool { self == .exited(status: 0) }

        /// What became of `name`, to follow "because": `less exited with status 1`.
        public func reason(_ name: String) -> String {
            switch self {
            case .exited(let status): "\(name) exited with status \(status)"
            case .killed(let signal): "\(name) was ended by \(ForegroundJob.signalName(signal))"
            case .notStarted: "\(name) could not be started"
            }
        }
    }

    /// Runs `executable` with `arguments`; its standard input is `input` when given (the app's
    /// otherwise), its output the app's. Waits until it ends.
    ///
    /// - Parameter terminal: The terminal the program gets, or nil when there is none (output
    ///   is then not handed over: the program just runs and is waited for).
    public static func run(
        _ executable: URL, arguments: [String], input: Int32? = nil,
        terminal: Int32? = isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : nil
    ) -> Outcome {
        var modes = termios()
        let hasModes = terminal.map { tcgetattr($0, &modes) == 0 } ?? false
        let oldTTOU = signal(SIGTTOU, SIG_IGN)
        let oldTTIN = signal(SIGTTIN, SIG_IGN)
        defer {
            signal(SIGTTOU, oldTTOU)
            signal(SIGTTIN, oldTTIN)
        }
        let spawned = spawn(executable, arguments: arguments, input: input, detached: false)
        guard case .success(let pid) = spawned else {
            if case .failure(let error) = spawned { return .notStarted(error.code) }
            return .notStarted(0)
        }
        // Both sides set the group, as shells do; the child's own call happened during the spawn.
        _ = setpgid(pid, pid)
        if let terminal { _ = tcsetpgrp(terminal, pid) }
        let outcome = wait(for: pid, terminal: terminal, appModes: hasModes ? modes : nil)
        if let terminal {
            _ = tcsetpgrp(terminal, getpgrp())
            if hasModes { _ = tcsetattr(terminal, TCSADRAIN, &modes) }
        }
        return outcome
    }

    /// Starts `executable` apart from the terminal (a GUI program): a process group of its own
    /// that never owns the terminal (Ctrl-C in the app does not reach it), with
    /// standard input, output and error on /dev/null; waits only for it to exit (an opener such
    /// as `xdg-open` hands the address on and exits at once).
    public static func runDetached(_ executable: URL, arguments: [String]) -> Outcome {
        let spawned = spawn(executable, arguments: arguments, input: nil, detached: true)
        switch spawned {
        case .success(let pid): return wait(for: pid, terminal: nil, appModes: nil)
        case .failure(let error): return .notStarted(error.code)
        }
    }

    /// Starts `executable` apart from the terminal, as ``runDetached(_:arguments:)`` does, without
    /// waiting for it: a player with a window of its own plays while the app goes on. A thread of
    /// its own waits for it to end, so it leaves no zombie. Nil once started; else why not.
    public static func startDetached(_ executable: URL, arguments: [String]) -> Outcome? {
        switch spawn(executable, arguments: arguments, input: nil, detached: true) {
        case .success(let pid):
            DetachedThread.start(named: "NewsApp wait") {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            }
            return nil
        case .failure(let error):
            return .notStarted(error.code)
        }
    }

    /// The program's end, following it through stops.
    private static func wait(for pid: pid_t, terminal: Int32?, appModes: termios?) -> Outcome {
        var status: Int32 = 0
        while true {
            let waited = waitpid(pid, &status, terminal == nil ? 0 : WUNTRACED)
            if waited == -1 {
                if errno == EINTR { continue }
                return .exited(status: -1)
            }
            let low = status & 0x7F
            if low == 0 { return .exited(status: (status >> 8) & 0xFF) }
            guard low == 0x7F, let terminal else { return .killed(signal: low) }
            let stop = (status >> 8) & 0xFF
            if stop == SIGTSTP || stop == SIGSTOP {
                // Ctrl-Z: the app stops with the program, as a shell's job would, and the terminal
                // is the shell's meanwhile.
                var programModes = termios()
                let kept = tcgetattr(terminal, &programModes) == 0
                _ = tcsetpgrp(terminal, getpgrp())
                if var appModes { _ = tcsetattr(terminal, TCSADRAIN, &appModes) }
                kill(getpid(), SIGSTOP)
                if kept { _ = tcsetattr(terminal, TCSADRAIN, &programModes) }
            }
            // SIGTTIN or SIGTTOU: it touched the terminal before owning it. Either way it owns it now.
            _ = tcsetpgrp(terminal, pid)
            kill(-pid, SIGCONT)
        }
    }

    /// After a full-screen program was killed (it could not leave its screen itself): back to the
    /// normal screen with the cursor shown, so the app's next lines are seen. Not on a dumb terminal.
    public static func leaveFullScreen(environment: [String: String]) {
        guard isatty(STDOUT_FILENO) == 1, environment["TERM"] != "dumb" else { return }
        StandardOutput.write("\u{1B}[?1049l\u{1B}[?25h\r")
    }

    /// `SIGKILL`, or the number when the name is not one of the usual ones.
    public static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGABRT: "SIGABRT",
            SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM", SIGBUS: "SIGBUS",
        ]
        return names[number] ?? "signal \(number)"
    }

    private struct SpawnError: Error {
        var code: Int32
    }

    /// posix_spawn with every signal at its default and none blocked (the app ignores some and
    /// its Dispatch threads block others), in a new process group, never through a shell; a
    /// detached program gets /dev/null for its standard input, output and error.
    private static func spawn(
        _ executable: URL, arguments: [String], input: Int32?, detached: Bool
    ) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        }
        if detached {
            for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        posix_spawnattr_setpgroup(&attributes, 0)
        flags |= Int32(POSIX_SPAWN_SETPGROUP)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, environ)
        return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
    }
}
