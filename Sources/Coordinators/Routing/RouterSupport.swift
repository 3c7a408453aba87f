/// What the live routers share: observing the screens they hold, releasing the ones they drop,
/// and reporting misuse.
@MainActor
protocol ScreenHostingRouter: LayoutRouter {
    var state: NavigationState { get set }
    /// True when `module` is on display now.
    func isVisible(_ module: any Presentable) -> Bool
}

extension ScreenHostingRouter {
    public var stack: [any Presentable] { state.stack }
    public var presented: (any Presentable)? { state.presented }

    /// Starts forwarding `module`'s events.
    func adopt(_ module: any Presentable) {
        module.activity.observer = { [weak self, weak module] event in
            guard let self, let module, self.state.contains(module) else { return }
            switch event {
            case .changed:
                if self.isVisible(module) { self.onEvent?(.needsDisplay) }
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
        onEvent?(.needsDisplay)
        onEvent?(.activityChanged)
    }
}
