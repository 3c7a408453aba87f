/// A coordinator that owns its child coordinators and says when its flow is over.
///
/// Children are held strongly while their flow runs and released when it finishes: start a
/// child with ``startChild(_:with:)``; when the child calls ``finish()``, it is removed from its
/// parent (and releases its own children). Holding a child after its flow ended is the classic
/// leak of this pattern; the tests check it with weak references.
@MainActor
open class BaseCoordinator: Coordinatable {
    /// The running child flows.
    public private(set) var children: [BaseCoordinator] = []
    /// Called when the flow ends; set by the parent.
    public var onFinish: (@MainActor () -> Void)?

    public init() {}

    open func start() {}

    /// By default a deep link starts the flow at its beginning.
    open func start(with link: DeepLink) {
        start()
    }

    /// Adds `child`, arranges for its removal when it finishes, and starts it.
    public func startChild(_ child: BaseCoordinator, with link: DeepLink? = nil) {
        addChild(child)
        let previous = child.onFinish
        child.onFinish = { [weak self, weak child] in
            previous?()
            if let child { self?.removeChild(child) }
        }
        if let link { child.start(with: link) } else { child.start() }
    }

    public func addChild(_ child: BaseCoordinator) {
        guard !children.contains(where: { $0 === child }) else { return }
        children.append(child)
    }

    public func removeChild(_ child: BaseCoordinator) {
        child.removeAllChildren()
        children.removeAll { $0 === child }
    }

    public func removeAllChildren() {
        for child in children { child.removeAllChildren() }
        children.removeAll()
    }

    /// Ends the flow: releases the children and tells the parent.
    public func finish() {
        removeAllChildren()
        let onFinish = onFinish
        self.onFinish = nil
        onFinish?()
    }
}
