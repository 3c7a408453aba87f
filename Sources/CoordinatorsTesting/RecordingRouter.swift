import Coordinators
import Testing

/// A router for navigation tests: it records every call as a ``NavigationEvent``, keeps the
/// resulting stack (readable as titles), and can type commands into the screen on top the way
/// a user would.
///
/// In exhaustive mode (the default) a test fails when navigation happened that it did not
/// assert: every event must be claimed by ``expect(_:sourceLocation:)`` before the next
/// ``type(_:sourceLocation:)`` and before the router is released, as a TCA `TestStore` demands
/// for actions. Misuse that the live routers treat as a bug (popping the root, dismissing
/// nothing) fails the test too.
///
/// ```swift
/// let router = RecordingRouter()
/// router.start(FeedCoordinator(router: router, modules: modules))
/// router.expect(.setRoot("Top stories"))
/// await router.type("1")
/// router.expect(.push("Article"))
/// ```
@MainActor
public final class RecordingRouter: NavigationRoutable {
    /// Every event so far, oldest first.
    public private(set) var events: [NavigationEvent] = []
    /// Events not yet claimed by ``expect(_:sourceLocation:)``.
    public private(set) var unasserted: [NavigationEvent] = []
    public let isExhaustive: Bool
    /// Commands no screen understands go here, as the shell sends them to the app's globals.
    public weak var globals: (any CommandResponder)?
    /// The coordinator under test, kept alive as long as the router.
    public private(set) var coordinator: (any Coordinatable)?

    private var state = NavigationState()
    private let creation: SourceLocation

    /// - Parameter exhaustive: Whether unasserted navigation fails the test.
    public init(exhaustive: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        isExhaustive = exhaustive
        creation = sourceLocation
    }

    // Not `isolated`: an isolated deinit runs without the test's task-local context, so the
    // issue would not be attributed to the test that leaked the navigation.
    deinit {
        guard isExhaustive, !unasserted.isEmpty else { return }
        Issue.record(
            "The test ended with navigation it did not assert: \(Self.list(unasserted))",
            sourceLocation: creation)
    }

    // MARK: Reading the result

    public var stack: [any Presentable] { state.stack }
    public var presented: (any Presentable)? { state.presented }
    /// The stack's titles, root first, then the modal's.
    public var titles: [String] { state.all.map(\.title) }
    /// The screen input goes to: the modal, else the top of the stack.
    public var top: (any Presentable)? { state.presented ?? state.stack.last }

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

    /// Types `line` as the user would: offered to the modal or top screen, then to ``globals``.
    /// Like a scripted session, it first waits for the work in flight, and afterwards for the work
    /// the command started (and any screen it opened started).
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
        let handled = (top?.handle(command) ?? false) || (globals?.handle(command) ?? false)
        await settle()
        return handled
    }

    /// Waits until the screen on top has no work in flight.
    public func settle() async {
        while let busy = top, busy.activity.isBusy {
            await busy.activity.settle()
        }
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
