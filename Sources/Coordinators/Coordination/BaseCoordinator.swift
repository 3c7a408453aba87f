/// A coordinator that owns its child coordinators and says when its flow is over.
///
/// Children are held strongly while their flow runs and released when it ends: start a child
/// with ``startChild(_:with:)``; a flow ends one way, ``finish()``, whether the user left it or
/// its parent ends it to make room for another: its children end first, then its screens close
/// (``closeScreens()``), then its parent lets go of it. Holding a child after its flow ended is
/// the classic leak of this pattern, and a flow that let go of its coordinator but left its
/// screens up is the other; the tests check both.
@MainActor
open class BaseCoordinator: Coordinatable {
    /// The running child flows, the oldest first.
    public private(set) var children: [BaseCoordinator] = []
    /// Called when the flow ends; set by the parent.
    public var onFinish: (@MainActor () -> Void)?
    private var hasFinished = false

    public init() {}

    open func start() {}

    /// By default a deep link starts the flow at its beginning.
    open func start(with link: DeepLink) {
        start()
    }

    /// Adds `child`, arranges for its release when it finishes, and starts it. A child already
    /// running is left as it is.
    public func startChild(_ child: BaseCoordinator, with link: DeepLink? = nil) {
        guard !children.contains(where: { $0 === child }) else { return }
        children.append(child)
        let previous = child.onFinish
        child.onFinish = { [weak self, weak child] in
            previous?()
            self?.children.removeAll { $0 === child }
        }
        if let link { child.start(with: link) } else { child.start() }
    }

    /// Ends the flow: its child flows end first, the newest first; then its screens close
    /// (``closeScreens()``); then the parent is told and lets go of it. Ending a flow that has
    /// already ended does nothing more.
    public final func finish() {
        guard !hasFinished else { return }
        hasFinished = true
        for child in children.reversed() { child.finish() }
        children.removeAll()
        closeScreens()
        let onFinish = onFinish
        self.onFinish = nil
        onFinish?()
    }

    /// Removes the screens of this flow that are still on display, the top one first. Called by
    /// ``finish()``, once the child flows (whose screens are above) have closed theirs; never call
    /// it otherwise. The default closes nothing, for a flow without screens of its own.
    open func closeScreens() {}
}
