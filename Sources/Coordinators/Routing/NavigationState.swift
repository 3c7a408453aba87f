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

    public func contains(_ module: any Presentable) -> Bool {
        all.contains { $0 === module }
    }

    public mutating func setRoot(_ module: any Presentable) -> [any Presentable] {
        let removed = all.filter { $0 !== module }
        stack = [module]
        presented = nil
        return removed
    }

    public mutating func push(_ module: any Presentable) throws(NavigationMisuse) {
        guard !stack.isEmpty else { throw .pushWithoutRoot }
        guard !contains(module) else { throw .alreadyShown(module.title) }
        stack.append(module)
    }

    /// Replaces the top screen (not the root) with `module` and returns the screen replaced.
    public mutating func replaceTop(with module: any Presentable) throws(NavigationMisuse) -> any Presentable
    {
        guard stack.count > 1 else { throw .popAtRoot }
        guard !contains(module) else { throw .alreadyShown(module.title) }
        let replaced = stack.removeLast()
        stack.append(module)
        return replaced
    }

    public mutating func pop() throws(NavigationMisuse) -> any Presentable {
        guard stack.count > 1 else { throw .popAtRoot }
        return stack.removeLast()
    }

    public mutating func popToRoot() -> [any Presentable] {
        guard stack.count > 1 else { return [] }
        let removed = Array(stack.dropFirst())
        stack.removeSubrange(1...)
        return removed
    }

    public mutating func present(_ module: any Presentable) throws(NavigationMisuse) {
        if let presented { throw .presentOverModal(presented.title) }
        guard !contains(module) else { throw .alreadyShown(module.title) }
        presented = module
    }

    public mutating func dismiss() throws(NavigationMisuse) -> any Presentable {
        guard let modal = presented else { throw .dismissWithoutModal }
        presented = nil
        return modal
    }
}
