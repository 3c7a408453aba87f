/// Something that understands typed commands: a screen, or an app's global commands. It declares
/// each command once (``DeclaredCommand``); help, tab completion and dispatch all read the
/// declarations.
@MainActor
public protocol CommandResponder: AnyObject {
    /// The commands understood now, in the order they are tried.
    var declaredCommands: [DeclaredCommand] { get }
}

extension CommandResponder {
    /// The commands help and tab completion offer.
    public var commands: [CommandDescriptor] { declaredCommands.descriptors }

    /// Performs the first declared command that `command` types; false when none does or it
    /// declined, to let the command fall through.
    public func handle(_ command: Command) -> Bool {
        declaredCommands.perform(command)
    }
}
