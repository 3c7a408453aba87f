/// The state every router keeps, with the rules of navigation in one place. Build a router of
/// your own on it and it will follow the same rules as the routers here.
///
/// Operations return the screens they removed so the router can stop observing them and cancel
/// their work; misuse throws instead of being ignored.
@MainActor
public struct NavigationState {
    public private(set) var stack: [any Presentable] = []
    public private(set) var presented: (any Presentable)?

    public init() {}

    /// A state holding `stack` and `presented`, e.g. when another router takes over.
    public init(stack: [any Presentable], presented: (any Presentable)?) {
        self.stack = stack
        self.presented = presented
    }

    /// Every screen held, the modal last.
    public var all: [any Presentable] { stack + (presented.map { [$0] } ?? []) }

    /// Whether `module` is on the stack or presented.
    public func contains(_ module: any Presentable) -> Bool {
        all.contains { $0 === module }
    }

    /// Makes `module` the only screen: the stack becomes `[module]` and any modal goes. Returns
    /// every other screen that was held.
    public mutating func setRoot(_ module: any Presentable) -> [any Presentable] {
        let removed = all.filter { $0 !== module }
        stack = [module]
        presented = nil
        return removed
    }

    /// Puts `module` on top of the stack. Throws ``NavigationMisuse/pushWithoutRoot`` before a
    /// root is set, ``NavigationMisuse/alreadyShown(_:)`` when `module` is held already.
    public mutating func push(_ module: any Presentable) throws(NavigationMisuse) {
        guard !stack.isEmpty else { throw .pushWithoutRoot }
        guard !contains(module) else { throw .alreadyShown(module.title) }
        stack.append(module)
    }

    /// Puts `module` where the top screen of the stack is, and returns the screen it replaced:
    /// the screens below stay as they are, so the way back is the same, and a modal stays
    /// presented (it is over the stack, not on it). The stack keeps its height.
    ///
    /// Throws ``NavigationMisuse/replaceRoot`` when the top is the root (``setRoot(_:)`` replaces
    /// the root, and says so), ``NavigationMisuse/alreadyShown(_:)`` when `module` is held already.
    public mutating func replaceTop(with module: any Presentable) throws(NavigationMisuse) -> any Presentable
    {
        guard stack.count > 1 else { throw .replaceRoot }
        guard !contains(module) else { throw .alreadyShown(module.title) }
        let replaced = stack.removeLast()
        stack.append(module)
        return replaced
    }

    /// Removes the top screen and returns it. Throws ``NavigationMisuse/popAtRoot`` at the root.
    public mutating func pop() throws(NavigationMisuse) -> any Presentable {
        guard stack.count > 1 else { throw .popAtRoot }
        return stack.removeLast()
    }

    /// Removes every screen above the root and returns them, the lowest first. A modal stays.
    public mutating func popToRoot() -> [any Presentable] {
        guard stack.count > 1 else { return [] }
        let removed = Array(stack.dropFirst())
        stack.removeSubrange(1...)
        return removed
    }

    /// Presents `module` over the stack. Throws ``NavigationMisuse/presentOverModal(_:)`` when a
    /// modal is presented already, ``NavigationMisuse/alreadyShown(_:)`` when `module` is held.
    public mutating func present(_ module: any Presentable) throws(NavigationMisuse) {
        if let presented { throw .presentOverModal(presented.title) }
        guard !contains(module) else { throw .alreadyShown(module.title) }
        presented = module
    }

    /// Removes the modal and returns it. Throws ``NavigationMisuse/dismissWithoutModal`` when
    /// there is none.
    public mutating func dismiss() throws(NavigationMisuse) -> any Presentable {
        guard let modal = presented else { throw .dismissWithoutModal }
        presented = nil
        return modal
    }
}
