import Account
import Configuration
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

/// Reads the API password: from a file (its first line), or from standard input, asked for
/// without echo when standard input is a terminal, its first line when piped. The password is
/// kept in memory for the one request that needs it.
public enum PasswordReader {
    /// The most bytes of a password read.
    public static let limit = 4096

    /// The first line of the file at `path`, or a sentence saying why not.
    public static func read(file path: String) -> Result<String, SyncAccountFile.Failure> {
        switch FileReader.read(path, limit: 64 << 10) {
        case .failure(let failure):
            return .failure(
                .init(description: "The password file \(path) cannot be read (\(failure.reason))."))
        case .success(let contents):
            let line = firstLine(contents.data)
            guard !line.isEmpty else {
                return .failure(.init(description: "The password file \(path) is empty."))
            }
            return .success(line)
        }
    }

    /// The password from standard input: asked for with `prompt` on standard error and typed
    /// without echo on a terminal, else the first line piped in. Nil when there is none.
    public static func readStandardInput(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else {
            let line = firstLine(Data(POSIXFile.read(STDIN_FILENO, upTo: limit + 1) ?? []))
            return line.isEmpty ? nil : line
        }
        POSIXFile.writeToStandardError(prompt)
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            EchoGuard.saved = saved
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
            signal(SIGINT, EchoGuard.restoreAndExit)
            signal(SIGTERM, EchoGuard.restoreAndExit)
        }
        defer {
            if canHide {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
            }
            POSIXFile.writeToStandardError("\n")
        }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else { return nil }
        return String(line.prefix(limit))
    }

    private static func firstLine(_ data: Data) -> String {
        let text = String(decoding: data.prefix(limit), as: UTF8.self)
        return String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimming(anyOf: "\r")
    }

    /// Puts echo back when the prompt is interrupted.
    private enum EchoGuard {
        nonisolated(unsafe) static var saved = termios()

        static let restoreAndExit: @convention(c) (Int32) -> Void = { signal in
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &EchoGuard.saved)
            _exit(128 + signal)
        }
    }
}
