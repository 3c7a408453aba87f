import Console
import Modules
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Shows text in the user's pager, as `git` and `man` do: `$PAGER` (split on spaces, never run
/// through a shell), else `less -R`, else `more`. The pager gets the terminal and is waited for;
/// the text reaches it as its standard input from a private temporary file (removed at once), so
/// a pager quit early never leaves the app writing into a closed pipe.
struct PagerLauncher {
    /// A program to run and its arguments.
    struct Invocation: Equatable {
        var executable: URL
        var arguments: [String]

        var name: String { executable.lastPathComponent }
    }

    let environment: [String: String]

    /// The pager to run, or nil when none is found.
    func invocation() -> Invocation? {
        if let pager = environment["PAGER"], !pager.trimmingSpaces().isEmpty {
            let words = pager.split(whereSeparator: \.isWhitespace).map(String.init)
            return ExecutableLookup.resolve(words[0], environment: environment).map {
                Invocation(executable: $0, arguments: Array(words.dropFirst()))
            }
        }
        for (program, arguments) in [("less", ["-R"]), ("more", [])] {
            if let executable = ExecutableLookup.resolve(program, environment: environment) {
                return Invocation(executable: executable, arguments: arguments)
            }
        }
        return nil
    }

    /// Runs the pager on `text` and waits until it is closed.
    func show(_ text: String) -> PagerOutcome {
        guard let invocation = invocation() else {
            let named = environment["PAGER"].map { " ($PAGER is “\($0.prefix(60))”)" } ?? ""
            return .failed("no pager was found\(named)")
        }
        guard let input = Self.temporaryInput(text) else {
            return .failed("the text could not be written for it")
        }
        defer { close(input) }
        let outcome = ForegroundJob.run(invocation.executable, arguments: invocation.arguments, input: input)
        guard outcome.succeeded else {
            if case .killed = outcome { ForegroundJob.leaveFullScreen(environment: environment) }
            return .failed(outcome.reason(invocation.name))
        }
        return .shown(with: invocation.name)
    }

    /// `text` in a file only this user can read, already unlinked, open for reading from its
    /// start: its descriptor, which the caller closes.
    private static func temporaryInput(_ text: String) -> Int32? {
        // A new name, created exclusively and closed on exec: no other process gets it.
        let path = FileManager.default.temporaryDirectory.path + "/newsapp-pager-\(UUID().uuidString)"
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        guard POSIXFile.write(descriptor, text.utf8), lseek(descriptor, 0, SEEK_SET) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
