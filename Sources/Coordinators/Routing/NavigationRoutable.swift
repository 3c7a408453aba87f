import TerminalText

/// The only way coordinators navigate.
///
/// Every router keeps a stack of screens (the root first) and at most one modal screen
/// presented over it. Arguments are never optional and misuse is never silent: popping the root,
/// pushing before a root is set, showing a screen twice, presenting over a modal or dismissing
/// nothing is a programming error (an assertion in debug builds; the recording router of
/// `CoordinatorsTesting` fails the test).
@MainActor
public protocol NavigationRoutable: AnyObject {
    /// The screens from the root to the top.
    var stack: [any Presentable] { get }
    /// The modal screen over the stack, if any.
    var presented: (any Presentable)? { get }

    /// Replaces the whole stack (and any modal) with `module`.
    func setRoot(_ module: any Presentable)
    /// Shows `module` above the current top.
    func push(_ module: any Presentable)
    /// Removes the top screen. The root cannot be popped.
    func pop()
    /// Shows `module` in place of the top screen, e.g. the next article instead of the one read:
    /// the way back stays the same. The root cannot be replaced (``setRoot(_:)`` does that).
    func replaceTop(with module: any Presentable)
    /// Removes every screen above the root.
    func popToRoot()
    /// Shows `module` modally over the stack, e.g. a picker or help.
    func present(_ module: any Presentable)
    /// Removes the modal screen.
    func dismiss()
}

/// A router that can be shown: it lays out its visible screens for a width and says where input
/// goes. ``StackRouter`` and ``SplitRouter`` are the two layouts; ``AdaptiveRouter`` switches
/// between them.
@MainActor
public protocol LayoutRouter: NavigationRoutable {
    /// The screens on display, in the order input is offered to them: the modal, then the
    /// focused screen, then any other visible screen.
    var inputTargets: [any Presentable] { get }
    /// The titles from the root to the focused screen, for the prompt.
    var breadcrumb: [String] { get }
    /// What the router shows, laid out for a terminal of `size`.
    func render(size: TerminalSize) -> [StyledLine]
    /// Receives the router's events; set by the shell.
    var onEvent: (@MainActor (RouterEvent) -> Void)? { get set }
}

/// What a router tells the shell.
public enum RouterEvent: Sendable {
    /// What is on display changed and must be drawn again.
    case needsDisplay
    /// The visible screen grew at its end; print what it added below what is on display.
    case append(ScreenActivity.Appendix)
    /// A screen posted lines to print once.
    case message([StyledLine])
    /// A visible screen started or finished work.
    case activityChanged
}

/// Ways to misuse a router. Each is a bug in the calling coordinator.
public enum NavigationMisuse: Error, Sendable, Equatable, CustomStringConvertible {
    case pushWithoutRoot
    case popAtRoot
    case replaceRoot
    case alreadyShown(String)
    case presentOverModal(String)
    case dismissWithoutModal

    public var description: String {
        switch self {
        case .pushWithoutRoot: "push before setRoot: there is no root to push onto"
        case .popAtRoot: "pop at the root: the root screen cannot be popped"
        case .replaceRoot: "replaceTop at the root: the root screen is replaced with setRoot"
        case .alreadyShown(let title): "“\(title)” is already shown by this router"
        case .presentOverModal(let title): "present over a modal: “\(title)” is already presented"
        case .dismissWithoutModal: "dismiss with nothing presented"
        }
    }
}
