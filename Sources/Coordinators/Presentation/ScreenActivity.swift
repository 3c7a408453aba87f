import TerminalText

/// A screen's link to whoever shows it: change notifications, one-off messages and the
/// screen's in-flight work.
///
/// Screens start their loads with ``run(_:holdingDisplay:operation:)`` so the work is visible (a
/// spinner shows the label), can be awaited (``settle()``: scripted sessions finish each load
/// before the next command) and is cancelled when the screen leaves navigation (``cancelAll()``).
///
/// Work can *hold the display*: while it does, the shell does not draw the screen, so a load
/// that will replace what is on screen prints its result once instead of a "Loading…" screen
/// first. Work that only adds to a screen already worth reading (a refresh in the background, a
/// picture) holds it for a moment at most, or not at all.
@MainActor
public final class ScreenActivity {
    /// What happened to a screen.
    public enum Event: Sendable {
        /// The screen's rendering changed.
        case changed
        /// The screen grew at its end only (a list's next page). Where the screen is shown alone,
        /// printing the appendix continues it in the scrollback; elsewhere it is redrawn.
        case appended(Appendix)
        /// Work started or finished; the rendering did not change.
        case busyChanged
        /// Lines to print once, below the current output (e.g. a share text or a notice).
        case message([StyledLine])
    }

    /// Set by the router that currently shows the screen.
    public var observer: (@MainActor (Event) -> Void)?

    /// How long work holds the display of its screen.
    public enum DisplayHold: Sendable, Equatable {
        /// Until it finishes, or until ``releaseDisplay()``.
        case untilDone
        /// Until it finishes, or for this long at most.
        case atMost(Duration)
        /// Not at all: the screen is drawn while the work goes on.
        case never
    }

    private struct Work {
        let label: String
        let task: Task<Void, Never>
        var holdsDisplay: Bool
        /// Ends a hold of ``DisplayHold/atMost(_:)``.
        var timer: Task<Void, Never>?
    }

    private var tasks: [Int: Work] = [:]
    private var nextID = 0

    public init() {}

    /// Draws the lines a screen added at its end, for a terminal `width` columns wide.
    public typealias Appendix = @MainActor @Sendable (_ width: Int) -> [StyledLine]

    /// Tells the router the screen must be drawn again.
    public func setNeedsDisplay() {
        observer?(.changed)
    }

    /// Tells the router the screen only grew at its end, and how to draw what it added.
    public func setNeedsDisplay(appending appendix: @escaping Appendix) {
        observer?(.appended(appendix))
    }

    /// Prints lines once, outside the screen's own rendering.
    public func post(_ lines: [StyledLine]) {
        observer?(.message(lines))
    }

    /// Starts tracked work labelled for the user, e.g. `Loading top headlines`.
    @discardableResult
    public func run(
        _ label: String,
        holdingDisplay hold: DisplayHold = .untilDone,
        operation: @escaping @MainActor () async -> Void
    ) -> Task<Void, Never> {
        let id = nextID
        nextID += 1
        let task = Task { @MainActor [weak self] in
            await operation()
            self?.tasks[id]?.timer?.cancel()
            self?.tasks[id] = nil
            self?.observer?(.busyChanged)
        }
        tasks[id] = Work(label: label, task: task, holdsDisplay: hold != .never)
        if case .atMost(let grace) = hold {
            tasks[id]?.timer = Task { @MainActor [weak self] in
                guard (try? await Task.sleep(for: grace)) != nil else { return }
                self?.release(id)
            }
        }
        observer?(.busyChanged)
        return task
    }

    /// Lets the shell draw the screen while its work goes on, e.g. once a list has a stored page
    /// to show while the network is asked for a fresh one.
    public func releaseDisplay() {
        for id in tasks.keys { release(id) }
    }

    private func release(_ id: Int) {
        guard tasks[id]?.holdsDisplay == true else { return }
        tasks[id]?.holdsDisplay = false
        observer?(.busyChanged)
    }

    /// The label of the newest work in flight, or nil when idle.
    public var label: String? {
        tasks.max(by: { $0.key < $1.key })?.value.label
    }

    public var isBusy: Bool { !tasks.isEmpty }

    /// Whether work in flight holds the display: the screen is not worth drawing yet.
    public var holdsDisplay: Bool { tasks.values.contains(where: \.holdsDisplay) }

    /// Cancels all work in flight.
    public func cancelAll() {
        for entry in tasks.values { entry.task.cancel() }
    }

    /// Returns when no work is in flight, including work started while waiting.
    public func settle() async {
        while let entry = tasks.min(by: { $0.key < $1.key }) {
            await entry.value.task.value
            tasks[entry.key] = nil
        }
    }
}
