/// What help and tab completion show of a command, and which typed lines are that command: the
/// words, the argument and the help line of a ``DeclaredCommand``.
public struct CommandDescriptor: Sendable, Hashable {
    /// Every spelling help and completion offer, shortest first: `["o", "open"]`. A spelling of
    /// several words (`mark read`) is typed as a verb and the first words of its argument.
    public var names: [String]
    /// Spellings also understood but not offered (`categories` beside `c` and `category`).
    public var aliases: [String]
    /// The argument's placeholder for help, e.g. `WORDS`; nil for none.
    public var argument: String?
    /// One line for help.
    public var summary: String
    /// Values tab completion offers for the argument.
    public var argumentCompletions: [String]
    /// For a command that is a number (`3` opens the third item): the numbers that work now.
    public var numbers: ClosedRange<Int>?

    public init(
        _ names: [String], argument: String? = nil, summary: String, argumentCompletions: [String] = [],
        aliases: [String] = []
    ) {
        precondition(!names.isEmpty, "a command needs at least one name")
        self.names = names
        self.aliases = aliases
        self.argument = argument
        self.summary = summary
        self.argumentCompletions = argumentCompletions
        numbers = nil
    }

    /// A command typed as a number from `range`, e.g. an item of a list; help shows `1–20`.
    public static func number(in range: ClosedRange<Int>?, summary: String) -> CommandDescriptor {
        var descriptor = CommandDescriptor(["N"], summary: summary)
        descriptor.names = []
        descriptor.numbers = range
        return descriptor
    }

    /// True when `command` types this command.
    public func matches(_ command: Command) -> Bool {
        argument(of: command) != nil
    }

    /// The argument `command` gives this command when it types it; nil when it does not. A number
    /// command takes any number typed alone (the screen says when it is out of range). A one-word
    /// spelling is the verb, and the argument is the command's; a spelling of several words is the
    /// verb and the argument's first words (any case), and the argument is what follows them.
    public func argument(of command: Command) -> String? {
        if names.isEmpty { return command.number != nil ? "" : nil }
        for name in names + aliases {
            let words = name.split(separator: " ")
            guard words.first == Substring(command.verb) else { continue }
            if let rest = Self.remainder(of: command.argument, after: words.dropFirst()) { return rest }
        }
        return nil
    }

    /// `text` without its first words when they are `words` (in any case); nil when they are not.
    private static func remainder(of text: String, after words: ArraySlice<Substring>) -> String? {
        var rest = Substring(text)
        for word in words {
            let typed = rest.prefix { !$0.isWhitespace }
            guard typed.lowercased() == word.lowercased() else { return nil }
            rest = rest.dropFirst(typed.count).drop(while: \.isWhitespace)
        }
        return String(rest)
    }

    /// `o, open URL` as help shows it; `1–20` for a number.
    public var usage: String {
        if names.isEmpty {
            guard let numbers else { return "N" }
            return numbers.count == 1
                ? "\(numbers.lowerBound)" : "\(numbers.lowerBound)–\(numbers.upperBound)"
        }
        return names.joined(separator: ", ") + (argument.map { " " + $0 } ?? "")
    }
}
