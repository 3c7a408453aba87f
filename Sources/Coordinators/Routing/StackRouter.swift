import TerminalText

/// Shows one screen at a time: the modal if one is presented, otherwise the top of the stack.
///
/// The prompt's breadcrumb names the way back: `Top stories › Article`.
@MainActor
public final class StackRouter: ScreenHostingRouter {
    var state: NavigationState
    public var onEvent: (@MainActor (RouterEvent) -> Void)?

    /// A router holding `state`, e.g. the stack of a router it replaces.
    public init(restoring state: NavigationState = NavigationState()) {
        self.state = state
        state.all.forEach(adopt)
    }

    // MARK: Navigation (the rest is shared with SplitRouter)

    public func push(_ module: any Presentable) {
        do { try state.push(module) } catch { return report(error) }
        adopt(module)
        didNavigate()
    }

    func stackDidChange() {}
    var showsScreensAlone: Bool { true }

    // MARK: Display

    /// The one screen on display.
    var visible: (any Presentable)? { state.presented ?? state.stack.last }

    func isVisible(_ module: any Presentable) -> Bool { visible === module }

    public var inputTargets: [any Presentable] { visible.map { [$0] } ?? [] }

    public var breadcrumb: [String] { state.all.map(\.title) }

    public func render(size: TerminalSize) -> [StyledLine] {
        guard let visible else { return [] }
        return visible.render(width: size.columns, height: nil).map { $0.fitted(toWidth: size.columns) }
    }
}
