import CReadline
import Console
import Coordinators
import Dispatch
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

/// The interactive terminal: GNU readline's callback interface driven by the main dispatch
/// queue, so the prompt keeps taking keys while screens load.
///
/// readline reads a character whenever standard input is readable (a dispatch read source);
/// a finished line, Ctrl-C, Ctrl-D, SIGWINCH and SIGTERM become ``TerminalInput`` values. Output
/// that arrives while the prompt is up is printed above it and the half-typed line is restored.
/// A status line (``showStatus(_:)``) sits just above the prompt and is redrawn in place; once a
/// line is entered it is taken out of the scrollback, and it comes back above the next prompt.
/// Line editing honours `~/.inputrc`; history is kept in a bounded file.
@MainActor
final class ReadlineTerminal: Terminal {
    private(set) var size: TerminalSize
    let isInteractive = true
    var completions: (@MainActor (CompletionRequest) -> [String])?

    private let styler: ANSIStyler
    private let history: HistoryFile?
    private var queued: [TerminalInput] = []
    private var waiter: CheckedContinuation<TerminalInput, Never>?
    private var installedPrompt: String?
    private var basePrompt = ""
    private var activity: String?
    /// The status line, rendered; nil when there is none.
    private var status: String?
    /// True when the status line is on screen just above the prompt.
    private var statusDrawn = false
    private var spinnerFrame = 0
    private var spinner: (any DispatchSourceTimer)?
    private var inputSource: (any DispatchSourceRead)?
    private var inputSuspended = true
    private var signalSources: [any DispatchSourceSignal] = []
    private var lastHistoryLine: String?
    /// Keys typed before readline read any (while the terminal was asked its background), given
    /// to readline once a prompt is up.
    private var typeAhead: [UInt8]

    /// The terminal readline's C callbacks report to; there is one per process.
    nonisolated(unsafe) fileprivate static weak var current: ReadlineTerminal?
    nonisolated(unsafe) fileprivate static var completionMatches: [String] = []

    init(styler: ANSIStyler, history: HistoryFile?, typeAhead: [UInt8] = []) {
        self.styler = styler
        self.history = history
        self.typeAhead = typeAhead
        size = TerminalProbe.size(of: STDOUT_FILENO) ?? TerminalSize(columns: 80, rows: 24)
        Self.current = self
        newsapp_rl_configure(strdup("newsapp"), attemptCompletion)
        history?.load()
        watchInput()
        watchSignals()
    }

    /// Restores the terminal and saves history. Call once, when the session ends.
    func close() {
        spinner?.cancel()
        spinner = nil
        if installedPrompt != nil {
            rl_callback_handler_remove()
            installedPrompt = nil
            StandardOutput.write("\n")
        }
        for source in signalSources { source.cancel() }
        signalSources.removeAll()
        if let inputSource {
            if inputSuspended { inputSource.resume() }
            inputSource.cancel()
        }
        inputSource = nil
        history?.save()
    }

    // MARK: Terminal

    func write(_ lines: [StyledLine]) {
        let text = lines.map { styler.render($0) + "\n" }.joined()
        guard installedPrompt != nil else {
            StandardOutput.write(text)
            return
        }
        // The output goes where the status line was; the status line follows it.
        abovePrompt { self.statusLineRemoved + text + self.statusLine }
    }

    func showStatus(_ line: StyledLine?) {
        // A dumb terminal cannot redraw a line in place: it shows no status.
        guard styler.mode != .plain else { return }
        let rendered = line.map { styler.render($0.truncated(toWidth: max(1, size.columns - 1))) }
        guard rendered != status else { return }
        let removed = statusLineRemoved
        status = rendered
        guard installedPrompt != nil else { return }
        abovePrompt { removed + self.statusLine }
    }

    /// Lifts the prompt and the half-typed line, prints what `output` gives from the start of the
    /// prompt's line, then puts them back below it.
    private func abovePrompt(_ output: () -> String) {
        let savedLine = String(cString: newsapp_rl_line_buffer())
        let savedPoint = newsapp_rl_point()
        rl_save_prompt()
        rl_replace_line("", 0)
        rl_redisplay()
        // A dumb terminal gets no escape sequence: the return alone goes back over the prompt.
        StandardOutput.write((styler.mode == .plain ? "\r" : "\r\u{1B}[2K") + output())
        rl_restore_prompt()
        rl_replace_line(savedLine, 0)
        newsapp_rl_set_point(savedPoint)
        rl_on_new_line()
        rl_redisplay()
    }

    /// From the start of the prompt's line: up to the status line and clear it, when it is drawn.
    private var statusLineRemoved: String {
        guard statusDrawn else { return "" }
        statusDrawn = false
        return "\u{1B}[1A\u{1B}[2K"
    }

    /// The status line and its line break, when there is one.
    private var statusLine: String {
        guard let status else { return "" }
        statusDrawn = true
        return status + "\n"
    }

    func read(prompt: String) async -> TerminalInput {
        if !queued.isEmpty { return queued.removeFirst() }
        basePrompt = prompt
        showPrompt()
        return await withCheckedContinuation { waiter = $0 }
    }

    func updatePrompt(_ prompt: String) {
        guard prompt != basePrompt else { return }
        basePrompt = prompt
        if installedPrompt != nil { showPrompt() }
    }

    func showActivity(_ label: String?) {
        guard label != activity else { return }
        activity = label
        if label == nil {
            spinner?.cancel()
            spinner = nil
        } else if spinner == nil {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + .milliseconds(80), repeating: .milliseconds(80))
            timer.setEventHandler { MainActor.assumeIsolated { Self.current?.tick() } }
            timer.resume()
            spinner = timer
        }
        if installedPrompt != nil { showPrompt() }
    }

    /// Puts `text` on the terminal's clipboard with OSC 52 (base64; the terminal decides whether
    /// to allow it). Our own escape sequence: the text is encoded, so nothing in it is interpreted.
    func copyToClipboard(_ text: String) -> Bool {
        // TERM=dumb: no escape sequences at all, so no clipboard.
        guard styler.mode != .plain else { return false }
        let payload = Data(text.utf8).base64EncodedString()
        StandardOutput.write("\u{1B}]52;c;\(payload)\u{07}")
        return true
    }

    /// Runs `body` (a program given the terminal, such as the podcast player) with the prompt
    /// lifted: readline's settings give way to those the terminal had before it, no key is read
    /// meanwhile, and after it the prompt and the half-typed line are drawn again below what the
    /// program wrote. With no prompt up (a command being run), `body` simply runs.
    func outsidePrompt<T>(_ body: () -> T) -> T {
        guard installedPrompt != nil else { return body() }
        let savedLine = String(cString: newsapp_rl_line_buffer())
        let savedPoint = newsapp_rl_point()
        rl_replace_line("", 0)
        rl_redisplay()
        StandardOutput.write((styler.mode == .plain ? "\r" : "\r\u{1B}[2K") + statusLineRemoved)
        // Removing the handler puts back the terminal's settings from before readline.
        rl_callback_handler_remove()
        installedPrompt = nil
        suspendInput()
        let result = body()
        showPrompt()
        rl_replace_line(savedLine, 0)
        newsapp_rl_set_point(savedPoint)
        rl_redisplay()
        return result
    }

    // MARK: Prompt

    private static let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    /// The prompt's width on screen, without its escape sequences.
    private var visiblePromptWidth: Int {
        let spinner = activity.map { "⠋ \($0.lowercased())… · " } ?? ""
        return DisplayWidth.of(spinner + basePrompt)
    }

    private var decoratedPrompt: String {
        guard let activity else { return styler.prompt(basePrompt) }
        let frame = Self.frames[spinnerFrame % Self.frames.count]
        return styler.prompt("\(frame) \(activity.lowercased())… · ") + styler.prompt(basePrompt)
    }

    private func tick() {
        spinnerFrame += 1
        if installedPrompt != nil { showPrompt() }
    }

    /// Installs the line handler with the current prompt, or updates the prompt in place.
    private func showPrompt() {
        let prompt = decoratedPrompt
        if installedPrompt == nil {
            if !statusDrawn, status != nil { StandardOutput.write(statusLine) }
            rl_callback_handler_install(prompt, lineHandler)
            if !typeAhead.isEmpty {
                // After read(prompt:) is waiting: a whole line typed ahead is delivered to it.
                DispatchQueue.main.async { MainActor.assumeIsolated { Self.current?.feedTypeAhead() } }
            }
        } else if installedPrompt != prompt {
            rl_set_prompt(prompt)
            rl_redisplay()
        }
        installedPrompt = prompt
        resumeInput()
    }

    // MARK: Input

    /// Hands the keys typed ahead to readline, one at a time, while a prompt takes them.
    private func feedTypeAhead() {
        while installedPrompt != nil, !typeAhead.isEmpty {
            rl_stuff_char(Int32(typeAhead.removeFirst()))
            rl_callback_read_char()
        }
    }

    fileprivate func lineEntered(_ line: String?) {
        let promptWidth = visiblePromptWidth
        rl_callback_handler_remove()
        installedPrompt = nil
        suspendInput()
        if statusDrawn, let line {
            // The entered line has scrolled up with the status line above it: delete that line
            // (the rows below move up) and come back under the entered line.
            let typed = DisplayWidth.of(line)
            let rows = max(1, (promptWidth + typed + size.columns - 1) / max(1, size.columns))
            StandardOutput.write("\u{1B}[\(rows + 1)A\u{1B}[M\u{1B}[\(rows)B\r")
            statusDrawn = false
        } else if statusDrawn {
            // Ctrl-D: the cursor is still on the prompt's line; clear it and the status line.
            StandardOutput.write("\r\u{1B}[2K\u{1B}[1A\u{1B}[2K")
            statusDrawn = false
        }
        guard let line else {
            StandardOutput.write("\n")
            return deliver(.endOfInput)
        }
        remember(line)
        deliver(.line(line))
    }

    private func remember(_ line: String) {
        let trimmed = line.trimmingSpaces()
        guard !trimmed.isEmpty, trimmed != lastHistoryLine, trimmed.utf8.count <= Shell.maximumLineBytes
        else {
            return
        }
        add_history(trimmed)
        history?.didAdd()
        lastHistoryLine = trimmed
    }

    private func deliver(_ input: TerminalInput) {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: input)
        } else {
            queued.append(input)
        }
    }

    private func watchInput() {
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler {
            MainActor.assumeIsolated {
                guard let terminal = Self.current, terminal.installedPrompt != nil, Self.inputWaits else {
                    return
                }
                rl_callback_read_char()
            }
        }
        inputSource = source
    }

    /// Whether a key waits on standard input. The read source may report input that a program
    /// given the terminal meanwhile has read (its readiness was noted while reading was paused):
    /// readline would then wait for a key, and the app with it.
    private static var inputWaits: Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Reading pauses between a finished line and the next prompt, so keys typed meanwhile wait
    /// in the terminal's buffer for the next line instead of spinning the read source.
    private func resumeInput() {
        guard inputSuspended, let inputSource else { return }
        inputSuspended = false
        inputSource.resume()
    }

    private func suspendInput() {
        guard !inputSuspended, let inputSource else { return }
        inputSuspended = true
        inputSource.suspend()
    }

    // MARK: Signals

    private func watchSignals() {
        let handlers: [(Int32, @MainActor (ReadlineTerminal) -> Void)] = [
            (SIGINT, { $0.interrupted() }),
            (SIGWINCH, { $0.resized() }),
            (SIGTSTP, { $0.suspend() }),
            (SIGTERM, { $0.deliver(.endOfInput) }),
            (SIGHUP, { $0.deliver(.endOfInput) }),
        ]
        for (number, handler) in handlers {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated {
                    if let terminal = Self.current { handler(terminal) }
                }
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Ctrl-C: drop the half-typed line and tell the shell, which cancels the work in flight.
    private func interrupted() {
        if installedPrompt != nil {
            rl_free_line_state()
            rl_callback_sigcleanup()
            rl_replace_line("", 0)
            StandardOutput.write("^C\n")
            rl_on_new_line()
            rl_redisplay()
        }
        deliver(.interrupt)
    }

    /// Ctrl-Z: the terminal gets back the settings it had before readline, and the process stops.
    /// Once continued (`fg`), readline's settings return, the prompt and the half-typed line are
    /// drawn again on a line of their own (the shell has written below them), and a size changed
    /// meanwhile is taken in.
    private func suspend() {
        let editing = installedPrompt != nil
        if editing {
            rl_deprep_terminal()
            StandardOutput.write("\n")
        }
        // SIGTSTP is handled here, so it cannot stop the process itself; SIGSTOP always does.
        kill(getpid(), SIGSTOP)
        if editing {
            rl_prep_terminal(1)
            rl_on_new_line()
            rl_forced_update_display()
        }
        resized()
    }

    private func resized() {
        if installedPrompt != nil { rl_resize_terminal() }
        guard let newSize = TerminalProbe.size(of: STDOUT_FILENO), newSize != size else { return }
        size = newSize
        deliver(.resized(newSize))
    }

    // MARK: Completion

    fileprivate func completionCandidates(partial: String) -> [String] {
        let end = max(0, min(Int(newsapp_rl_point()), Int(newsapp_rl_end())))
        guard let buffer = newsapp_rl_line_buffer() else { return [] }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: end)
        let before = String(decoding: bytes, as: UTF8.self)
        return completions?(CompletionRequest(lineBeforeCursor: before)) ?? []
    }
}

// MARK: - readline's C callbacks

/// Called by readline with each finished line (or nil on Ctrl-D at an empty prompt).
private func lineHandler(_ pointer: UnsafeMutablePointer<CChar>?) {
    let line = pointer.map { String(cString: $0) }
    free(pointer)
    MainActor.assumeIsolated {
        ReadlineTerminal.current?.lineEntered(line)
    }
}

/// Called by readline on Tab: offers the shell's candidates and never falls back to file names.
private func attemptCompletion(
    _ text: UnsafePointer<CChar>?,
    _ start: Int32,
    _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    newsapp_rl_completion_is_complete()
    let partial = text.map { String(cString: $0) } ?? ""
    ReadlineTerminal.completionMatches = MainActor.assumeIsolated {
        ReadlineTerminal.current?.completionCandidates(partial: partial) ?? []
    }
    return rl_completion_matches(text, completionGenerator)
}

/// Hands readline one match per call, as `strdup`ed C strings it frees.
private func completionGenerator(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<
    CChar
>? {
    let matches = ReadlineTerminal.completionMatches
    guard Int(state) < matches.count else { return nil }
    return strdup(matches[Int(state)])
}
