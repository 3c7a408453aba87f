import TerminalText

/// Shows a list and a detail side by side, as a split view does on a tablet.
///
/// The left pane holds the topmost ``Pane/primary`` screen of the stack (the root counts as
/// primary); the right pane holds the secondary screen above it, if any. Pushing a secondary
/// screen while one is shown replaces it, so selecting another article swaps the detail and the
/// list stays. Popping empties the right pane. Input goes to the focused pane first and falls
/// through to the other, so a number opens an article while a detail is shown.
@MainActor
public final class SplitRouter: ScreenHostingRouter {
    var state: NavigationState
    public var onEvent: (@MainActor (RouterEvent) -> Void)?
    /// The right pane's text while nothing is selected.
    public let placeholder: [StyledLine]
    /// Which pane receives input first.
    public private(set) var focus: Pane = .primary

    public init(
        restoring state: NavigationState = NavigationState(),
        placeholder: [StyledLine] = [StyledLine("Nothing selected.", .muted)]
    ) {
        self.state = state
        self.placeholder = placeholder
        state.all.forEach(adopt)
        focus = panes.secondary == nil ? .primary : .secondary
    }

    // MARK: Navigation (the rest is shared with StackRouter)

    public func push(_ module: any Presentable) {
        do {
            if module.pane == .secondary, panes.secondary != nil {
                release([try state.replaceTop(with: module)])
            } else {
                try state.push(module)
            }
        } catch {
            return report(error)
        }
        adopt(module)
        didNavigate()
    }

    /// A modal is drawn alone; the panes never are.
    var showsScreensAlone: Bool { state.presented != nil }

    /// The detail has the focus whenever one is shown.
    func stackDidChange() {
        focus = panes.secondary == nil ? .primary : .secondary
    }

    // MARK: Display

    /// The screens in the two panes.
    var panes: (primary: (any Presentable)?, secondary: (any Presentable)?) {
        let stack = state.stack
        guard !stack.isEmpty else { return (nil, nil) }
        let primaryIndex = stack.lastIndex { $0.pane == .primary } ?? 0
        let top = stack.count - 1
        let secondary = top > primaryIndex && stack[top].pane == .secondary ? stack[top] : nil
        return (stack[primaryIndex], secondary)
    }

    func isVisible(_ module: any Presentable) -> Bool {
        if let modal = state.presented { return modal === module }
        let (primary, secondary) = panes
        return primary === module || secondary === module
    }

    public var inputTargets: [any Presentable] {
        if let modal = state.presented { return [modal] }
        let (primary, secondary) = panes
        let ordered = focus == .secondary ? [secondary, primary] : [primary, secondary]
        return ordered.compactMap { $0 }
    }

    public var breadcrumb: [String] {
        let (primary, secondary) = panes
        var titles = state.stack.prefix { $0 !== primary }.map(\.title)
        titles += [primary, secondary].compactMap { $0?.title }
        if let modal = state.presented { titles.append(modal.title) }
        return titles
    }

    /// Both panes side by side, each asked to fit the rows above the prompt. When the left pane
    /// is still taller, the right one is moved down so that it starts at the top of the visible
    /// window: the detail is what the user just opened, and it must be on screen.
    public func render(size: TerminalSize) -> [StyledLine] {
        if let modal = state.presented {
            return modal.render(width: size.columns, height: nil).map { $0.fitted(toWidth: size.columns) }
        }
        let (primary, secondary) = panes
        guard let primary else { return [] }
        let widths = PaneWidths(total: size.columns)
        let visibleRows = max(size.rows - 1, 1)
        let left = primary.render(width: widths.left, height: visibleRows)
        let right = secondary?.render(width: widths.right, height: visibleRows) ?? placeholder
        let offset = max(0, left.count - visibleRows)
        return PaneComposer.sideBySide(
            left: left, right: Array(repeating: .blank, count: offset) + right, widths: widths)
    }
}
