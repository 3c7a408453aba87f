/// What the live routers share: observing the screens they hold, releasing the ones they drop,
/// and reporting misuse.
@MainActor
protocol ScreenHostingRouter: LayoutRouter {
    var state: NavigationState { get set }
    /// True when `module` is on display now.
    func isVisible(_ module: any Presentable) -> Bool
    /// Called after every change of the stack or modal, before the redraw is requested.
    func stackDidChange()
    /// True when a visible screen is drawn alone, full width, so its appendix can simply be
    /// printed below it.
    var showsScreensAlone: Bool { get }
}

extension ScreenHostingRouter {
    public var stack: [any Presentable] { state.stack }
    public var presented: (any Presentable)? { state.presented }

    // MARK: Navigation shared by the layouts (push differs)

    public func setRoot(_ module: any Presentable) {
        let removed = state.setRoot(module)
        adopt(module)
        release(removed)
        didNavigate()
    }

    public func pop() {
        do { release([try state.pop()]) } catch { return report(error) }
        didNavigate()
    }

    public func replaceTop(with module: any Presentable) {
        do { release([try state.replaceTop(with: module)]) } catch { return report(error) }
        adopt(module)
        didNavigate()
    }

    public func popToRoot() {
        release(state.popToRoot())
        didNavigate()
    }

    public func present(_ module: any Presentable) {
        do { try state.present(module) } catch { return report(error) }
        adopt(module)
        didNavigate()
    }

    public func dismiss() {
        do { release([try state.dismiss()]) } catch { return report(error) }
        didNavigate()
    }

    /// Starts forwarding `module`'s events.
    func adopt(_ module: any Presentable) {
        module.activity.observer = { [weak self, weak module] event in
            guard let self, let module, self.state.contains(module) else { return }
            switch event {
            case .changed:
                if self.isVisible(module) { self.onEvent?(.needsDisplay) }
            case .appended(let appendix):
                guard self.isVisible(module) else { return }
                self.onEvent?(self.showsScreensAlone ? .append(appendix) : .needsDisplay)
            case .busyChanged:
                self.onEvent?(.activityChanged)
            case .message(let lines):
                self.onEvent?(.message(lines))
            }
        }
    }

    /// Stops observing screens that left navigation and cancels their work.
    func release(_ modules: [any Presentable]) {
        for module in modules where !state.contains(module) {
            module.activity.observer = nil
            module.activity.cancelAll()
        }
    }

    func report(_ misuse: NavigationMisuse) {
        assertionFailure("Navigation misuse: \(misuse)")
    }

    func didNavigate() {
        stackDidChange()
        onEvent?(.needsDisplay)
        onEvent?(.activityChanged)
    }
}
