import Account
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

/// `$XDG_STATE_HOME/newsapp/newsapp.log` (by default `~/.local/state/newsapp/newsapp.log`), kept
/// under 1 MiB: once the file reaches ``rotationSize`` it becomes `newsapp.log.1`, replacing the
/// older one, and a new file starts. The two together never pass 1 MiB.
///
/// Lines are appended with `O_APPEND`, one `write` each, so two NewsApp processes (the app and a
/// `newsapp refresh` from cron) can share the file without tearing each other's lines. A file that
/// cannot be written is not worth a message: logging then stops quietly.
public final class LogFile: Sendable {
    /// Half of the 1 MiB budget: the current file and the rotated one.
    public static let rotationSize = 512 << 10
    /// A longer line is cut: a log line is a sentence, not a document.
    public static let lineLimit = 4 << 10

    public let path: String
    private let state: Locked<State>

    private struct State {
        var descriptor: Int32 = -1
        var size = 0
        var failed = false
    }

    public init(path: String) {
        self.path = path
        state = Locked(State())
    }

    deinit {
        state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
    }

    /// The log file for `environment`, or nil when there is no home to put it in.
    public static func standard(environment: [String: String]) -> LogFile? {
        StateDirectory.path(environment: environment).map { LogFile(path: $0 + "/newsapp.log") }
    }

    /// Appends `line` and a newline, rotating first when the file is full.
    public func append(_ line: String) {
        var bytes = Array(line.utf8.prefix(Self.lineLimit))
        bytes.append(UInt8(ascii: "\n"))
        state.withLock { state in
            guard !state.failed else { return }
            if state.descriptor < 0 { open(&state) }
            if state.descriptor >= 0, state.size + bytes.count > Self.rotationSize { rotate(&state) }
            guard state.descriptor >= 0 else { return }
            let written = bytes.withUnsafeBytes { write(state.descriptor, $0.baseAddress, $0.count) }
            if written > 0 { state.size += written }
        }
    }

    // MARK: - Opening and rotating

    private func open(_ state: inout State) {
        let directory = path.deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            state.failed = true
            return
        }
        var status = stat()
        state.size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        state.descriptor = descriptor
    }

    /// Moves the full file aside as `.1` and opens a new one. Another process may have rotated
    /// already: its new file is then the one opened, and this process's view is refreshed.
    private func rotate(_ state: inout State) {
        var status = stat()
        let current = stat(path, &status) == 0 ? Int(status.st_size) : 0
        close(state.descriptor)
        state.descriptor = -1
        if current + 1 > Self.rotationSize / 2 || current == state.size {
            rename(path, path + ".1")
        }
        open(&state)
    }
}
