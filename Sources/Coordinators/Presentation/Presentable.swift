import TerminalText

/// Something a router can show: a screen.
///
/// A screen renders itself as styled lines for a given width and declares the commands it
/// understands (``CommandResponder/declaredCommands``). Rendering is pure: no I/O, no state changes. A screen never navigates; it
/// reports what happened through output closures and its coordinator decides where to go.
@MainActor
public protocol Presentable: CommandResponder {
    /// The screen's name in breadcrumbs, e.g. `Top stories`.
    var title: String { get }
    /// Which pane the screen belongs in when the layout is split.
    var pane: Pane { get }
    /// The screen's lines for `width` columns. Every line must be at most `width` wide.
    ///
    /// `height` is the number of rows the screen should try to fit in when it shares the
    /// terminal with another pane (a list may then draw one line per item); nil when it may be as
    /// long as it needs, the terminal's scrollback holding the rest.
    func render(width: Int, height: Int?) -> [StyledLine]
    /// Change notifications and in-flight work; see ``ScreenActivity``.
    var activity: ScreenActivity { get }
}

/// The two places of a split layout.
public enum Pane: Sendable, Hashable {
    /// Lists: the left pane.
    case primary
    /// Details: the right pane.
    case secondary
}

extension Presentable {
    public var pane: Pane { .primary }
    public var declaredCommands: [DeclaredCommand] { [] }
}
