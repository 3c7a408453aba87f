import Console
import Coordinators
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal when input is not one: commands are read line by line from standard input and
/// output is plain text, with each command echoed after its prompt so the output reads as a
/// transcript. `printf '1\nb\nq\n' | newsapp` is a supported way to script the app.
@MainActor
final class PipeTerminal: Terminal {
    let size: TerminalSize
    let isInteractive = false
    var completions: (@MainActor (CompletionRequest) -> [String])?
    private let lines: LineQueue
    private let styler: ANSIStyler

    init(size: TerminalSize, styler: ANSIStyler) {
        self.size = size
        self.styler = styler
        lines = LineQueue()
        let queue = lines
        // Reading blocks, so it happens off the main actor.
        DetachedThread.start(named: "NewsApp input") {
            while let line = readLine(strippingNewline: true) {
                queue.push(line)
            }
            queue.finish()
        }
    }

    func write(_ lines: [StyledLine]) {
        StandardOutput.write(lines.map { styler.render($0) + "\n" }.joined())
    }

    func read(prompt: String) async -> TerminalInput {
        guard let line = await lines.next() else { return .endOfInput }
        // A line the shell will refuse is not echoed whole: the refusal says how long it was.
        let shown = line.utf8.count > Shell.maximumLineBytes ? "…" : TextSanitizer.clean(line)
        StandardOutput.write(prompt + shown + "\n")
        return .line(line)
    }

    func showActivity(_ label: String?) {}
}

/// Lines read from standard input by a background thread, in order, waiting for the shell.
private final class LineQueue: Sendable {
    private struct State {
        var lines: [String] = []
        var finished = false
        var waiter: CheckedContinuation<String?, Never>?
    }

    private let state = Locked(State())

    func push(_ line: String) {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            guard let waiter = state.waiter else {
                state.lines.append(line)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: line)
    }

    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    func next() async -> String? {
        await withCheckedContinuation { continuation in
            let ready: String?? = state.withLock { state in
                if !state.lines.isEmpty { return .some(state.lines.removeFirst()) }
                if state.finished { return .some(nil) }
                state.waiter = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
