/// A screen's link to whoever shows it: change notifications, one-off messages and the
/// screen's in-flight work.
///
/// Screens start their loads with ``run(_:operation:)`` so the work is visible (a spinner shows
/// the label), can be awaited (``settle()``: scripted sessions finish each load before the next
/// command) and is cancelled when the screen leaves navigation (``cancelAll()``).
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

    private var tasks: [Int: (label: String, task: Task<Void, Never>)] = [:]
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
    public func run(_ label: String, operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let id = nextID
        nextID += 1
        let task = Task { @MainActor [weak self] in
            await operation()
            self?.tasks[id] = nil
            self?.observer?(.busyChanged)
        }
        tasks[id] = (label, task)
        observer?(.busyChanged)
        return task
    }

    /// The label of the newest work in flight, or nil when idle.
    public var label: String? {
        tasks.max(by: { $0.key < $1.key })?.value.label
    }

    public var isBusy: Bool { !tasks.isEmpty }

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
