/// Something that understands typed commands: a screen, or an app's global commands.
@MainActor
public protocol CommandResponder: AnyObject {
    /// The commands understood, for help and tab completion.
    var commands: [CommandDescriptor] { get }
    /// Performs `command` if understood; returns false to let it fall through.
    func handle(_ command: Command) -> Bool
}
