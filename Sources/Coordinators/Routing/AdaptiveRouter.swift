import TerminalText

/// The router coordinators hold: it shows its screens through a ``StackRouter`` or a
/// ``SplitRouter`` and swaps between them when the terminal's width crosses the threshold,
/// without restarting any coordinator and without losing what the user was looking at.
///
/// Both layouts keep the same stack, so a swap is a hand-over: collapsing to a stack shows the
/// detail on top of the list; expanding puts the top detail back in the right pane.
@MainActor
public final class AdaptiveRouter: LayoutRouter {
    /// The two ways of showing the stack.
    public enum Layout: String, Sendable, CaseIterable {
        case stack, split
    }

    /// How the layout is chosen.
    public enum Policy: Sendable, Equatable {
        /// Split from `splitFromColumns` columns, stack below.
        case automatic(splitFromColumns: Int)
        /// Always one screen at a time.
        case alwaysStack
        /// Split whenever two panes fit (``PaneWidths/minimumTotal`` columns), stack below.
        case preferSplit

        /// The layout for a terminal `columns` wide.
        public func layout(forColumns columns: Int) -> Layout {
            switch self {
            case .automatic(let threshold):
                columns >= max(threshold, PaneWidths.minimumTotal) ? .split : .stack
            case .alwaysStack: .stack
            case .preferSplit: columns >= PaneWidths.minimumTotal ? .split : .stack
            }
        }
    }

    public let policy: Policy
    public private(set) var layout: Layout
    private var active: any LayoutRouter
    private let placeholder: [StyledLine]

    public var onEvent: (@MainActor (RouterEvent) -> Void)? {
        didSet { active.onEvent = onEvent }
    }

    public init(
        policy: Policy,
        columns: Int,
        placeholder: [StyledLine] = [StyledLine("Nothing selected.", .muted)]
    ) {
        self.policy = policy
        self.placeholder = placeholder
        layout = policy.layout(forColumns: columns)
        active = Self.makeRouter(layout, state: NavigationState(), placeholder: placeholder)
    }

    /// Swaps layouts if a terminal `columns` wide calls for the other one; returns true if it did.
    @discardableResult
    public func adapt(toColumns columns: Int) -> Bool {
        let wanted = policy.layout(forColumns: columns)
        guard wanted != layout else { return false }
        let state = NavigationState(stack: active.stack, presented: active.presented)
        active.onEvent = nil
        active = Self.makeRouter(wanted, state: state, placeholder: placeholder)
        active.onEvent = onEvent
        layout = wanted
        onEvent?(.needsDisplay)
        return true
    }

    private static func makeRouter(_ layout: Layout, state: NavigationState, placeholder: [StyledLine])
        -> any LayoutRouter
    {
        switch layout {
        case .stack: StackRouter(restoring: state)
        case .split: SplitRouter(restoring: state, placeholder: placeholder)
        }
    }

    // MARK: NavigationRoutable

    public var stack: [any Presentable] { active.stack }
    public var presented: (any Presentable)? { active.presented }
    public func setRoot(_ module: any Presentable) { active.setRoot(module) }
    public func push(_ module: any Presentable) { active.push(module) }
    public func pop() { active.pop() }
    public func replaceTop(with module: any Presentable) { active.replaceTop(with: module) }
    public func popToRoot() { active.popToRoot() }
    public func present(_ module: any Presentable) { active.present(module) }
    public func dismiss() { active.dismiss() }

    // MARK: LayoutRouter

    public var inputTargets: [any Presentable] { active.inputTargets }
    public var breadcrumb: [String] { active.breadcrumb }
    public func render(size: TerminalSize) -> [StyledLine] { active.render(size: size) }
}
