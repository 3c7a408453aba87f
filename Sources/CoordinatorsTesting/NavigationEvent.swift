/// One call a coordinator made on a router, with screens named by their titles so tests can
/// compare events as plain values. It describes itself as a test writes it, e.g.
/// `.push("Article")`, so a failure's message can be pasted into an `expect`.
public enum NavigationEvent: Sendable, Hashable, CustomStringConvertible {
    case setRoot(String)
    case push(String)
    case pop
    case replaceTop(String)
    case popToRoot
    case present(String)
    case dismiss

    public var description: String {
        switch self {
        case .setRoot(let title): ".setRoot(\(literal(title)))"
        case .push(let title): ".push(\(literal(title)))"
        case .pop: ".pop"
        case .replaceTop(let title): ".replaceTop(\(literal(title)))"
        case .popToRoot: ".popToRoot"
        case .present(let title): ".present(\(literal(title)))"
        case .dismiss: ".dismiss"
        }
    }

    /// `title` as a Swift string literal, quotes and escapes included.
    private func literal(_ title: String) -> String {
        String(reflecting: title)
    }
}
