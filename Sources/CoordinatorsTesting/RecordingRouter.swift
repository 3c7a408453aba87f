import Coordinators
import Testing

/// A router for navigation tests: it records every call as a ``NavigationEvent``, keeps the
/// resulting stack (readable as titles), and types commands into the screens as a user would.
///
/// A test gets one from ``withRecordingRouter(exhaustive:sourceLocation:_:)``, which checks at
/// the end of its body, so the check cannot be forgotten nor depend on when the router is freed.
/// In exhaustive mode (the default) a test fails when navigation happened that it did not
/// assert: every event must be claimed by ``expect(_:sourceLocation:)`` before the next
/// ``type(_:sourceLocation:)`` and before the body ends, as a TCA `TestStore` demands for
/// actions. Misuse that the live routers treat as a bug (popping the root, dismissing nothing)
/// fails the test too.
@MainActor
public final class RecordingRouter: NavigationRoutable {
    /// Every event so far, oldest first.
    public private(set) var events: [NavigationEvent] = []
    /// Events not yet claimed by ``expect(_:sourceLocation:)``.
    public private(set) var unasserted: [NavigationEvent] = []
    public let isExhaustive: Bool
    /// Commands no screen understands go here, as the shell sends them to the app's globals.
    public weak var globals: (any CommandResponder)?
    /// The coordinator under test, kept alive until the test's body ends.
    public private(set) var coordinator: (any Coordinatable)?

    private var state = NavigationState()
    /// Where the test made the router: its failures that belong to no single call point there.
    private let creation: SourceLocation
    private var hasEnded = false

    /// - Parameter exhaustive: Whether unasserted navigation fails the test.
    init(exhaustive: Bool, sourceLocation: SourceLocation) {
        isExhaustive = exhaustive
        creation = sourceLocation
    }

    // MARK: Reading the result

    public var stack: [any Presentable] { state.stack }
    public var presented: (any Presentable)? { state.presented }
    /// The stack's titles, root first, then the modal's.
    public var titles: [String] { state.all.map(\.title) }
    /// The screen input goes to: the modal, else the top of the stack.
    public var top: (any Presentable)? { state.presented ?? state.stack.last }
    /// The screens input is offered to, as a stack layout has them: ``top`` alone.
    private var inputTargets: [any Presentable] { top.map { [$0] } ?? [] }

    /// The commands that work now, as help lists them and tab completion offers them: the top
    /// screen's, the globals' and the shell's own, read from their declarations.
    public var commands: [CommandDescriptor] {
        inputTargets.flatMap(\.commands) + (globals?.commands ?? []) + Shell.builtInCommands
    }

    /// What tab completion offers with `lineBeforeCursor` typed, as the shell completes it.
    public func complete(_ lineBeforeCursor: String) -> [String] {
        CommandCompletion.candidates(
            for: CompletionRequest(lineBeforeCursor: lineBeforeCursor), among: commands)
    }

    /// The top screen as `Module`, failing the test if it is something else.
    public func top<Module>(as type: Module.Type, sourceLocation: SourceLocation = #_sourceLocation)
        -> Module?
    {
        guard let module = top as? Module else {
            Issue.record(
                "The top screen is \(top.map { "“\($0.title)”" } ?? "nothing"), not a \(type)",
                sourceLocation: sourceLocation)
            return nil
        }
        return module
    }

    // MARK: Asserting

    /// Claims the oldest unasserted events; fails the test unless they are exactly `expected`.
    public func expect(_ expected: NavigationEvent..., sourceLocation: SourceLocation = #_sourceLocation) {
        let claimed = Array(unasserted.prefix(expected.count))
        if claimed != expected {
            Issue.record(
                "Expected \(Self.list(expected)), but navigation was \(Self.list(unasserted))",
                sourceLocation: sourceLocation)
            unasserted.removeAll()
            return
        }
        unasserted.removeFirst(claimed.count)
    }

    /// Fails the test if any navigation is unasserted, and forgets it.
    public func expectNoNavigation(sourceLocation: SourceLocation = #_sourceLocation) {
        if !unasserted.isEmpty {
            Issue.record(
                "Expected no navigation, but it was \(Self.list(unasserted))", sourceLocation: sourceLocation)
        }
        unasserted.removeAll()
    }

    /// Forgets unasserted events, for a test that only cares about what follows.
    public func skipUnasserted() {
        unasserted.removeAll()
    }

    // MARK: Acting

    /// Starts `coordinator` (at `link`, if given) and keeps it alive for the test, as an app keeps
    /// its root coordinator. If it answers commands, it also receives the commands no screen
    /// understands, as the app's globals do.
    public func start(_ coordinator: any Coordinatable, at link: DeepLink? = nil) {
        self.coordinator = coordinator
        if globals == nil, let responder = coordinator as? any CommandResponder { globals = responder }
        if let link { coordinator.start(with: link) } else { coordinator.start() }
    }

    /// Types `line` as the user would, dispatched as the shell does (``CommandDispatch``): offered to
    /// the modal or top screen, to the screen below if that one closed itself declining, then to
    /// ``globals``. Like a scripted session, it first waits for the work in flight, and afterwards
    /// for the work the command started (and any screen it opened started).
    /// Returns whether anything understood the command.
    @discardableResult
    public func type(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        if isExhaustive, !unasserted.isEmpty {
            Issue.record(
                "Typed “\(line)” with navigation still unasserted: \(Self.list(unasserted))",
                sourceLocation: sourceLocation)
            unasserted.removeAll()
        }
        guard let command = Command(line) else { return false }
        await settle()
        let handled = CommandDispatch.dispatch(command, toScreens: { inputTargets }, thenTo: globals)
        await settle()
        return handled
    }

    /// Waits until the screen on top has no work in flight.
    public func settle() async {
        while let busy = top, busy.activity.isBusy {
            await busy.activity.settle()
        }
    }

    // MARK: Ending

    /// Ends the test's use of the router: in exhaustive mode, fails the test if navigation is
    /// unasserted, naming each event; then lets go of the coordinator and the screens, cancelling
    /// their work, as an app does when it quits.
    func end(checkingAssertions check: Bool) {
        if check, isExhaustive, !unasserted.isEmpty {
            Issue.record(
                """
                Navigation was not asserted by the end of the test: \(Self.list(unasserted)). \
                Claim it with expect(\(Self.list(unasserted))).
                """,
                sourceLocation: creation)
        }
        hasEnded = true
        coordinator = nil
        let held = state.all
        state = NavigationState()
        release(held)
    }

    // MARK: NavigationRoutable

    public func setRoot(_ module: any Presentable) {
        release(state.setRoot(module))
        record(.setRoot(module.title))
    }

    public func push(_ module: any Presentable) {
        perform(.push(module.title)) { state throws(NavigationMisuse) in
            try state.push(module)
            return []
        }
    }

    public func pop() {
        perform(.pop) { state throws(NavigationMisuse) in [try state.pop()] }
    }

    public func replaceTop(with module: any Presentable) {
        perform(.replaceTop(module.title)) { state throws(NavigationMisuse) in
            [try state.replaceTop(with: module)]
        }
    }

    public func popToRoot() {
        release(state.popToRoot())
        record(.popToRoot)
    }

    public func present(_ module: any Presentable) {
        perform(.present(module.title)) { state throws(NavigationMisuse) in
            try state.present(module)
            return []
        }
    }

    public func dismiss() {
        perform(.dismiss) { state throws(NavigationMisuse) in [try state.dismiss()] }
    }

    // MARK: Helpers

    /// Applies `change` and records `event`; the screens `change` removed are released after the
    /// state is no longer being modified.
    private func perform(
        _ event: NavigationEvent,
        _ change: (inout NavigationState) throws(NavigationMisuse) -> [any Presentable]
    ) {
        do {
            let removed = try change(&state)
            release(removed)
            record(event)
        } catch {
            Issue.record("Navigation misuse: \(error)", sourceLocation: creation)
        }
    }

    private func record(_ event: NavigationEvent) {
        if hasEnded {
            Issue.record("Navigation after the test ended: \(event)", sourceLocation: creation)
        }
        events.append(event)
        unasserted.append(event)
    }

    /// Screens that left navigation stop their work, as with the live routers.
    private func release(_ modules: [any Presentable]) {
        for module in modules where !state.contains(module) {
            module.activity.cancelAll()
        }
    }

    nonisolated private static func list(_ events: [NavigationEvent]) -> String {
        events.isEmpty ? "none" : events.map(\.description).joined(separator: ", ")
    }
}
