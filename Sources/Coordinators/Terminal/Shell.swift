import TerminalText

/// Runs a session: reads input from a ``Terminal``, offers each command to the screens on display
/// and then to the app's global commands, swaps layouts on resize, and draws the router's
/// screens when they change.
///
/// Input order (``CommandDispatch``): the modal, the focused pane, the other pane, the app's
/// global commands, then the shell's own `q`. A command nobody understands gets a one-line answer
/// with the closest known command. When the terminal is not interactive, each command's work is
/// finished before the next command is read, so a piped script always sees complete screens.
///
/// Work that belongs to no screen and outlives them (refreshing every feed, say) runs in
/// ``background``: its label shows while no screen is busy, its messages print like a screen's,
/// and a piped script waits for it too. ``showStatus(_:)`` shows its progress above the prompt.
@MainActor
public final class Shell {
    /// The longest line taken as a command, in UTF-8 bytes: a longer one (a paste gone wrong) is
    /// refused in one line, not run.
    public static let maximumLineBytes = 4_096

    /// Commands the shell itself understands.
    public static let builtInCommands = [
        CommandDescriptor(["q", "quit", "exit"], summary: "Quit")
    ]

    /// Why a session ended.
    public enum Ending: Sendable, Equatable {
        case quit
        case endOfInput
    }

    private let terminal: any Terminal
    private let router: AdaptiveRouter
    private let globals: any CommandResponder
    private let promptName: String
    private let banner: StyledLine?
    /// Work of the app's that belongs to no screen.
    public let background = ScreenActivity()
    private var needsDisplay = true
    private var appendices: [ScreenActivity.Appendix] = []
    private var hasDisplayed = false
    private var displayScheduled = false
    /// The screen in focus when the screens were last drawn.
    private var drawnFocus: ObjectIdentifier?
    /// The prompt that names the screens last drawn: a screen pushed but still loading is not
    /// named until it is drawn.
    private var drawnPrompt: String?
    /// The lines of the last full draw: on a terminal, the same lines again are not drawn again
    /// (a refresh that brought nothing new).
    private var drawnLines: [StyledLine]?
    /// Commands entered before the first screen was drawn, run once it is.
    private var typedAhead: [Command] = []

    /// - Parameters:
    ///   - globals: The app's commands that work on every screen.
    ///   - promptName: The prompt's first word, e.g. `news` for `news › Top stories › `.
    ///   - banner: A line drawn across the top of every screen, e.g. which edition is shown.
    public init(
        terminal: any Terminal,
        router: AdaptiveRouter,
        globals: any CommandResponder,
        promptName: String,
        banner: StyledLine? = nil
    ) {
        self.terminal = terminal
        self.router = router
        self.globals = globals
        self.promptName = promptName
        self.banner = banner
    }

    /// Runs until the user quits or input ends.
    public func run() async -> Ending {
        router.onEvent = { [weak self] event in self?.routerDidChange(event) }
        background.observer = { [weak self] event in self?.backgroundDidChange(event) }
        terminal.completions = { [weak self] request in self?.completions(for: request) ?? [] }
        defer {
            router.onEvent = nil
            background.observer = nil
            background.cancelAll()
            terminal.completions = nil
            terminal.showActivity(nil)
            terminal.showStatus(nil)
        }
        router.adapt(toColumns: terminal.size.columns)
        // The first screens started loading before the shell listened: show their spinner now.
        showActivity()
        await settleIfScripted()
        displayIfNeeded()
        while true {
            switch await terminal.read(prompt: drawnPrompt ?? prompt) {
            case .line(let text) where text.utf8.count > Self.maximumLineBytes:
                say([Self.tooLongLine(bytes: text.utf8.count)])
            case .line(let text):
                guard let command = Command(text) else { continue }
                if Self.builtInCommands[0].matches(command), command.argument.isEmpty { return .quit }
                // Typed before the first screen was drawn (`1` Enter right after the command):
                // kept for that screen, not given to one still loading.
                guard hasDisplayed || !terminal.isInteractive else {
                    typedAhead.append(command)
                    continue
                }
                dispatch(command)
                await settleIfScripted()
                displayIfNeeded()
            case .resized(let size):
                if router.adapt(toColumns: size.columns) { displayIfNeeded() }
            case .interrupt:
                for screen in router.inputTargets { screen.activity.cancelAll() }
            case .endOfInput:
                return .endOfInput
            }
        }
    }

    /// The prompt: `news › Top stories › Article › `.
    public var prompt: String {
        let crumbs = router.breadcrumb.suffix(3).map { TextWrapper.truncate($0, toWidth: 24) }
        let elided = router.breadcrumb.count > 3 ? ["…"] : []
        return ([promptName] + elided + crumbs).joined(separator: " › ") + " › "
    }

    // MARK: Input

    /// Offers `command` to the screens on display, then to the globals (see ``CommandDispatch``);
    /// a command nobody performs is answered with the closest known one.
    private func dispatch(_ command: Command) {
        if CommandDispatch.dispatch(command, toScreens: { router.inputTargets }, thenTo: globals) { return }
        say([unknownCommandLine(command)])
    }

    /// `That line is 195 KiB long: commands are at most 4 KiB, so it was not run.`
    static func tooLongLine(bytes: Int) -> StyledLine {
        let size = bytes >= 10_240 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
        return StyledLine(
            "That line is \(size) long: commands are at most \(maximumLineBytes >> 10) KiB, so it was not run.",
            .warning)
    }

    private func unknownCommandLine(_ command: Command) -> StyledLine {
        var line = StyledLine("Unknown command “\(command.verb)”.", .warning)
        if let suggestion = CommandSuggester.closest(to: command.verb, among: knownNames) {
            line.append(" Did you mean “\(suggestion)”?", .warning)
        }
        line.append(" Type ? for help.", .muted)
        return line
    }

    /// Every command name that works now.
    private var knownNames: [String] {
        allCommands.flatMap(\.names)
    }

    /// The commands of the screens on display, the globals and the shell's own.
    public var allCommands: [CommandDescriptor] {
        commandGroups.flatMap(\.commands)
    }

    /// The commands that work now, grouped for help: each screen on display (the focused one
    /// first), then those that work everywhere.
    public var commandGroups: [(title: String, commands: [CommandDescriptor])] {
        router.inputTargets.map { ($0.title, $0.commands) } + [
            ("Everywhere", globals.commands + Self.builtInCommands)
        ]
    }

    private func completions(for request: CompletionRequest) -> [String] {
        CommandCompletion.candidates(for: request, among: allCommands)
    }

    // MARK: Display

    private func routerDidChange(_ event: RouterEvent) {
        switch event {
        case .needsDisplay:
            needsDisplay = true
            scheduleDisplay()
        case .append(let appendix):
            // A full redraw already pending includes whatever was appended.
            guard !needsDisplay else { return }
            appendices.append(appendix)
            scheduleDisplay()
        case .message(let lines):
            say(lines)
        case .activityChanged:
            showActivity()
            scheduleDisplay()
        }
    }

    /// In an interactive session, draws on the next turn so several changes draw once.
    private func scheduleDisplay() {
        guard terminal.isInteractive, !displayScheduled else { return }
        displayScheduled = true
        Task { @MainActor [weak self] in
            self?.displayScheduled = false
            self?.displayIfNeeded()
        }
    }

    private func backgroundDidChange(_ event: ScreenActivity.Event) {
        switch event {
        case .message(let lines):
            say(lines)
        case .busyChanged:
            showActivity()
        case .changed, .appended:
            break
        }
    }

    private func showActivity() {
        terminal.showActivity(router.inputTargets.lazy.compactMap(\.activity.label).first ?? background.label)
    }

    /// Shows `line` as the one line of progress above the prompt; nil removes it.
    public func showStatus(_ line: StyledLine?) {
        terminal.showStatus(line)
    }

    /// Draws the router's screens if they changed and are worth drawing: in full, or only what a
    /// screen shown alone appended (the terminal's infinite scroll).
    public func displayIfNeeded() {
        guard screensAreWorthDrawing else { return }
        if !needsDisplay {
            let pending = appendices
            appendices.removeAll()
            let width = terminal.size.columns
            let lines = pending.flatMap { $0(width) }
            if !lines.isEmpty {
                terminal.write(lines)
                drawnLines = nil
            }
            promptNamesTheScreens()
            return
        }
        needsDisplay = false
        appendices.removeAll()
        let size = terminal.size
        let bannerLines = banner?.wrapped(toWidth: size.columns) ?? []
        let lines =
            bannerLines
            + router.render(size: TerminalSize(columns: size.columns, rows: size.rows - bannerLines.count))
        if terminal.isInteractive, lines == drawnLines {
            promptNamesTheScreens()
            return
        }
        drawnLines = lines
        terminal.write(hasDisplayed ? [.blank] + lines : lines)
        hasDisplayed = true
        drawnFocus = router.inputTargets.first.map(ObjectIdentifier.init)
        promptNamesTheScreens()
        if !typedAhead.isEmpty {
            let commands = typedAhead
            typedAhead.removeAll()
            Task { @MainActor [weak self] in
                for command in commands { self?.dispatch(command) }
                self?.displayIfNeeded()
            }
        }
    }

    /// After a draw: the prompt names the screens drawn, also when it was already showing.
    private func promptNamesTheScreens() {
        let current = prompt
        guard current != drawnPrompt else { return }
        drawnPrompt = current
        terminal.updatePrompt(current)
    }

    /// True unless a screen on display holds the display (its load will replace what it shows).
    /// A screen that holds it does not keep back the one in focus when that one was just shown
    /// and is ready: an article opened beside a list that is still loading.
    private var screensAreWorthDrawing: Bool {
        let targets = router.inputTargets
        guard targets.contains(where: \.activity.holdsDisplay) else { return true }
        guard let focus = targets.first, !focus.activity.holdsDisplay else { return false }
        return ObjectIdentifier(focus) != drawnFocus
    }

    /// Prints a message wrapped to the terminal's width: the terminal would otherwise break its
    /// words wherever the width ends. An address is never broken (see ``StyledLine/wrapped(toWidth:)``).
    private func say(_ lines: [StyledLine]) {
        // A pipe's reader (a script, a file) gets each message as one line, as before.
        guard terminal.isInteractive else { return terminal.write(lines) }
        let width = terminal.size.columns
        terminal.write(
            lines.flatMap { line in
                line.displayWidth <= width ? [line] : line.wrapped(toWidth: width)
            })
    }

    private func settleIfScripted() async {
        guard !terminal.isInteractive else { return }
        while true {
            if let busy = router.inputTargets.first(where: \.activity.isBusy) {
                await busy.activity.settle()
            } else if background.isBusy {
                await background.settle()
            } else {
                return
            }
        }
    }
}
