/// A flow of the app: it creates screens, listens to their outputs and decides all navigation.
@MainActor
public protocol Coordinatable: AnyObject {
    /// Starts the flow at its beginning.
    func start()
    /// Starts the flow at a place named by a deep link.
    func start(with link: DeepLink)
}

/// A place in an app, independent of any app's types: path components and named parameters,
/// like `search?q=mars%20rover` or `category/science`.
public struct DeepLink: Sendable, Hashable, CustomStringConvertible {
    public var path: [String]
    public var parameters: [String: String]

    public init(_ path: [String], parameters: [String: String] = [:]) {
        self.path = path
        self.parameters = parameters
    }

    /// The first path component, which names the destination.
    public var destination: String? { path.first }

    public var description: String {
        let query = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return path.joined(separator: "/") + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}
