import Coordinators
import TerminalText

/// An in-memory terminal that plays a script into a whole app session and keeps what was
/// printed, for transcript tests.
///
/// By default it is not interactive, so the ``Shell`` finishes each command's work before
/// reading the next line, exactly as a piped session does, and input ends when the script runs
/// out. An interactive one behaves like a person at a keyboard: the shell reads on while work is
/// in flight, and input stays open for steps the test sends with ``send(_:)`` until
/// ``endInput()``; use it for tests about input during a load (Ctrl-C).
@MainActor
public final class ScriptedTerminal: Terminal {
    /// One step of a script.
    public enum Step: Sendable, Hashable, ExpressibleByStringLiteral {
        /// A line typed at the prompt.
        case line(String)
        /// The terminal is resized to `columns` (rows stay).
        case resize(columns: Int)
        /// Ctrl-C.
        case interrupt

        public init(stringLiteral value: String) {
            self = .line(value)
        }
    }

    /// What happened, in order.
    public enum Entry: Sendable, Hashable {
        /// Lines printed, as plain text.
        case output([String])
        /// A prompt shown and what was typed at it.
        case input(prompt: String, typed: String)
    }

    public private(set) var size: TerminalSize
    public let isInteractive: Bool
    public var completions: (@MainActor (CompletionRequest) -> [String])?
    /// Everything printed and typed, in order.
    public private(set) var transcript: [Entry] = []
    /// The labels of work shown in flight, in order.
    public private(set) var activityLabels: [String] = []
    /// The status lines shown above the prompt, as plain text, in order; nil where it was removed.
    public private(set) var statuses: [String?] = []
    private var script: [Step]
    private var inputEnded: Bool
    private var waiter: CheckedContinuation<Void, Never>?
    private var readingWaiters: [CheckedContinuation<Void, Never>] = []
    private var outputWaiters:
        [(id: Int, matches: (String) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    private var nextOutputWaiter = 0

    public init(
        _ script: [Step], size: TerminalSize = TerminalSize(columns: 80, rows: 24), interactive: Bool = false
    ) {
        self.script = script
        self.size = size
        isInteractive = interactive
        inputEnded = !interactive
    }

    /// Adds steps to the script, for an interactive terminal whose session is running.
    public func send(_ steps: Step...) {
        script += steps
        resumeReader()
    }

    /// Ends input once the script is played.
    public func endInput() {
        inputEnded = true
        resumeReader()
    }

    /// Returns once the session has played the whole script and waits at the prompt, for an
    /// interactive terminal (input still open).
    public func waitUntilReading() async {
        if waiter != nil { return }
        await withCheckedContinuation { readingWaiters.append($0) }
    }

    private func resumeReader() {
        let waiter = waiter
        self.waiter = nil
        waiter?.resume()
    }

    /// Returns once a block of printed lines (as in ``outputs``) satisfies `matches`, at once if one
    /// already does: for interactive sessions, where the shell draws on a later turn.
    public func waitForOutput(where matches: @escaping (String) -> Bool) async {
        if outputs.contains(where: matches) { return }
        let id = nextOutputWaiter
        nextOutputWaiter += 1
        // A test past its time limit is cancelled: the wait ends then, so the test fails where it
        // waited instead of holding up the whole run.
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    outputWaiters.append((id, matches, continuation))
                }
            }
        } onCancel: {
            Task { @MainActor in self.endOutputWait(id) }
        }
    }

    private func endOutputWait(_ id: Int) {
        guard let index = outputWaiters.firstIndex(where: { $0.id == id }) else { return }
        outputWaiters.remove(at: index).continuation.resume()
    }

    /// Returns once a printed block contains `text`.
    public func waitForOutput(containing text: String) async {
        await waitForOutput { $0.contains(text) }
    }

    /// Each block of printed lines, joined with line breaks, without the blank lines that
    /// separate screens: the screens and messages printed, in order.
    public var outputs: [String] {
        transcript.compactMap { entry in
            guard case .output(let lines) = entry else { return nil }
            return lines.drop { $0.isEmpty }.joined(separator: "\n")
        }
    }

    /// The last printed block, usually the screen on display.
    public var lastOutput: String { outputs.last ?? "" }

    /// The whole session as a user would see it in a piped run.
    public var text: String {
        transcript.map { entry in
            switch entry {
            case .output(let lines): lines.joined(separator: "\n")
            case .input(let prompt, let typed): prompt + typed
            }
        }.joined(separator: "\n")
    }

    /// Completion candidates for the text before the cursor, as Tab would offer them.
    public func complete(_ lineBeforeCursor: String) -> [String] {
        completions?(CompletionRequest(lineBeforeCursor: lineBeforeCursor)) ?? []
    }

    // MARK: Terminal

    public func write(_ lines: [StyledLine]) {
        transcript.append(.output(lines.map(\.plainText)))
        guard !outputWaiters.isEmpty, let block = outputs.last else { return }
        let (met, waiting) = outputWaiters.partitioned { $0.matches(block) }
        outputWaiters = waiting
        for waiter in met { waiter.continuation.resume() }
    }

    public func read(prompt: String) async -> TerminalInput {
        while script.isEmpty && !inputEnded {
            await withCheckedContinuation { continuation in
                waiter = continuation
                for reader in readingWaiters { reader.resume() }
                readingWaiters.removeAll()
            }
        }
        guard !script.isEmpty else { return .endOfInput }
        switch script.removeFirst() {
        case .line(let text):
            transcript.append(.input(prompt: prompt, typed: text))
            return .line(text)
        case .resize(let columns):
            size.columns = columns
            return .resized(size)
        case .interrupt:
            return .interrupt
        }
    }

    public func showActivity(_ label: String?) {
        if let label { activityLabels.append(label) }
    }

    public func showStatus(_ line: StyledLine?) {
        let text = line?.plainText
        guard statuses.last != .some(text) else { return }
        statuses.append(text)
    }
}

extension Array {
    /// The elements that satisfy `belongs`, then the others, each in their order.
    fileprivate func partitioned(by belongs: (Element) -> Bool) -> (matching: [Element], rest: [Element]) {
        var matching: [Element] = []
        var rest: [Element] = []
        for element in self {
            if belongs(element) { matching.append(element) } else { rest.append(element) }
        }
        return (matching, rest)
    }
}
