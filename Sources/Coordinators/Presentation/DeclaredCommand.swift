/// A command as a screen (or an app's global commands) declares it, once: the words that type it,
/// its argument and its help line (its ``CommandDescriptor``), and what it does. Help and tab
/// completion read the descriptor, ``CommandDispatch`` performs the declaration that a typed line
/// matches, and `CoordinatorsTesting` reads both, so what help offers is what typing performs.
///
/// ```swift
/// var declaredCommands: [DeclaredCommand] {
///     [
///         .number(in: 1...count, summary: "Open that article") { open($0) },
///         DeclaredCommand(["mark read", "mark-read"], summary: "Mark every item read") { markAllRead() },
///         .back("Leave this list") { onBack() },
///     ]
/// }
/// ```
@MainActor
public struct DeclaredCommand {
    /// What help and completion show, and which lines type the command.
    public let descriptor: CommandDescriptor
    /// Whether help and completion offer it. An unlisted command is still performed when typed: a
    /// hint for a near miss (`mark` alone), or what a screen says of a command it cannot do now.
    public let isListed: Bool
    /// Whether it takes whatever is typed (``otherwise(_:)``) rather than what its descriptor types.
    private let takesAnything: Bool
    /// Performs the command with the argument typed; false declines it.
    private let action: @MainActor (_ command: Command, _ argument: String) -> Bool

    private init(
        _ descriptor: CommandDescriptor, listed: Bool, takesAnything: Bool = false,
        action: @escaping @MainActor (Command, String) -> Bool
    ) {
        self.descriptor = descriptor
        isListed = listed
        self.takesAnything = takesAnything
        self.action = action
    }

    /// A command typed by one of `names` (or `aliases`), performing `perform` with the argument
    /// typed after the name (empty when none).
    public init(
        _ names: [String], argument: String? = nil, summary: String, argumentCompletions: [String] = [],
        aliases: [String] = [], listed: Bool = true,
        perform: @escaping @MainActor (_ argument: String) -> Void
    ) {
        let descriptor = CommandDescriptor(
            names, argument: argument, summary: summary, argumentCompletions: argumentCompletions,
            aliases: aliases)
        self.init(descriptor, listed: listed) { _, argument in
            perform(argument)
            return true
        }
    }

    /// A command without an argument: one typed with an argument performs it all the same.
    public init(
        _ names: [String], summary: String, aliases: [String] = [], listed: Bool = true,
        perform: @escaping @MainActor () -> Void
    ) {
        self.init(names, summary: summary, aliases: aliases, listed: listed) { (_: String) in perform() }
    }

    /// A command that looks at the whole line typed, and may decline it (`perform` returns false),
    /// leaving it to what is below.
    public init(
        _ names: [String], argument: String? = nil, summary: String, aliases: [String] = [],
        listed: Bool = true,
        handling perform: @escaping @MainActor (Command) -> Bool
    ) {
        let descriptor = CommandDescriptor(names, argument: argument, summary: summary, aliases: aliases)
        self.init(descriptor, listed: listed) { command, _ in perform(command) }
    }

    /// A command typed as a number alone, e.g. an item of a list; help shows `range` (none when it
    /// is nil), and any number performs it, so the screen can say when it is out of range.
    public static func number(
        in range: ClosedRange<Int>?, summary: String, perform: @escaping @MainActor (Int) -> Void
    ) -> DeclaredCommand {
        DeclaredCommand(.number(in: range, summary: summary), listed: true) { command, _ in
            guard let number = command.number else { return false }
            perform(number)
            return true
        }
    }

    /// Whatever else is typed, for a modal that closes on any command: `perform` returns false to
    /// decline the command, which then goes to what is below. Never listed; declare it last.
    public static func otherwise(_ perform: @escaping @MainActor (Command) -> Bool) -> DeclaredCommand {
        DeclaredCommand(CommandDescriptor(["…"], summary: ""), listed: false, takesAnything: true) {
            command, _ in
            perform(command)
        }
    }

    // MARK: The commands every app spells the same

    /// `b`, `back`: go back.
    public static func back(_ summary: String, perform: @escaping @MainActor () -> Void) -> DeclaredCommand {
        DeclaredCommand(["b", "back"], summary: summary, perform: perform)
    }

    /// `r`, `refresh`: load again.
    public static func refresh(_ summary: String, perform: @escaping @MainActor () -> Void) -> DeclaredCommand
    {
        DeclaredCommand(["r", "refresh"], summary: summary, perform: perform)
    }

    /// The same command, performed when typed but not offered in help or completion.
    public var unlisted: DeclaredCommand {
        DeclaredCommand(descriptor, listed: false, takesAnything: takesAnything, action: action)
    }

    // MARK: Performing

    /// Performs the command if `command` types it: whether it did (false when it declined), or nil
    /// when `command` is not this command.
    public func perform(_ command: Command) -> Bool? {
        if takesAnything { return action(command, command.argument) }
        guard let argument = descriptor.argument(of: command) else { return nil }
        return action(command, argument)
    }
}

extension Array where Element == DeclaredCommand {
    /// Performs the first declaration `command` types: whether it did, false when none does or it
    /// declined (the command then falls through).
    @MainActor
    public func perform(_ command: Command) -> Bool {
        for declared in self {
            if let performed = declared.perform(command) { return performed }
        }
        return false
    }

    /// What help and tab completion offer: the listed declarations' descriptors.
    @MainActor
    public var descriptors: [CommandDescriptor] { filter(\.isListed).map(\.descriptor) }
}
