import TerminalText

/// The terminal, reduced to what a line-mode app needs: write lines, read a line with a prompt,
/// and know the size. The app's adapter uses GNU readline; tests use a scripted terminal.
@MainActor
public protocol Terminal: AnyObject {
    /// The current size in character cells.
    var size: TerminalSize { get }
    /// False when input comes from a pipe or file: each command's work is then finished before
    /// the next command is read, and nothing is animated.
    var isInteractive: Bool { get }
    /// Prints lines, above the prompt if one is showing.
    func write(_ lines: [StyledLine])
    /// Shows `prompt` and waits for the next input: a line, a resize, Ctrl-C or the end of input.
    func read(prompt: String) async -> TerminalInput
    /// Puts `prompt` in place of the prompt showing, keeping the half-typed line: the screens
    /// changed while it was up (a screen that loads before it opens is drawn after the prompt).
    func updatePrompt(_ prompt: String)
    /// Shows that work is in flight (e.g. a spinner beside the prompt), or that none is.
    func showActivity(_ label: String?)
    /// Shows one line of progress just above the prompt, redrawn in place as it changes (nil
    /// removes it); the typed line is kept. A terminal that cannot redraw in place (a pipe)
    /// shows nothing: the work says how it ended with ``write(_:)``.
    func showStatus(_ line: StyledLine?)
    /// Supplies tab-completion candidates; set by the shell.
    var completions: (@MainActor (CompletionRequest) -> [String])? { get set }
}

extension Terminal {
    /// Terminals that cannot redraw a line in place show no status.
    public func showStatus(_ line: StyledLine?) {}

    /// Terminals that print the prompt once per line (a pipe) show the next one as it comes.
    public func updatePrompt(_ prompt: String) {}
}

/// Width and height in character cells.
public struct TerminalSize: Sendable, Hashable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// What ``Terminal/read(prompt:)`` returns.
public enum TerminalInput: Sendable, Hashable {
    /// A line the user entered, without its line break.
    case line(String)
    /// The terminal changed size.
    case resized(TerminalSize)
    /// The user pressed Ctrl-C.
    case interrupt
    /// Input ended: Ctrl-D on an empty line, or the end of a pipe.
    case endOfInput
}

/// The line being completed: everything before the cursor, split into the words already typed
/// and the word under the cursor.
public struct CompletionRequest: Sendable, Hashable {
    public var precedingWords: [String]
    public var partialWord: String

    public init(precedingWords: [String], partialWord: String) {
        self.precedingWords = precedingWords
        self.partialWord = partialWord
    }

    /// Splits the text before the cursor.
    public init(lineBeforeCursor text: String) {
        let endsInSpace = text.last?.isWhitespace ?? true
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let partial = endsInSpace ? "" : (words.popLast() ?? "")
        self.init(precedingWords: words, partialWord: partial)
    }
}
