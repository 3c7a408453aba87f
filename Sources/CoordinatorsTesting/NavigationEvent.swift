import Coordinators

/// One call a coordinator made on a router, with screens named by their titles so tests can
/// compare events as plain values.
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
        case .setRoot(let title): "setRoot(\(title))"
        case .push(let title): "push(\(title))"
        case .pop: "pop"
        case .replaceTop(let title): "replaceTop(\(title))"
        case .popToRoot: "popToRoot"
        case .present(let title): "present(\(title))"
        case .dismiss: "dismiss"
        }
    }
}
