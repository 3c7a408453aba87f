import Foundation

/// One line the user typed, split into a verb and its argument.
///
/// `open` → verb `open`; `c science` → verb `c`, argument `science`; `/mars rover` → verb `/`,
/// argument `mars rover`; `12` → verb `12`, ``number`` 12. Verbs are lowercased; arguments keep
/// their case.
public struct Command: Sendable, Hashable, CustomStringConvertible {
    public let verb: String
    public let argument: String

    /// Parses a line; nil when it holds nothing but whitespace.
    public init?(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first else { return nil }
        if first == "/" {
            verb = "/"
            argument = String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces)
            return
        }
        let parts = trimmed.split(maxSplits: 1, whereSeparator: \.isWhitespace)
        verb = parts[0].lowercased()
        argument = parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : ""
    }

    /// The number typed, when the whole line is a positive integer (`3`, not `3 x`).
    public var number: Int? {
        guard argument.isEmpty, let value = Int(verb), value > 0 else { return nil }
        return value
    }

    public var description: String {
        if verb == "/" { return "/" + argument }
        return argument.isEmpty ? verb : verb + " " + argument
    }
}

/// What a screen tells help and tab completion about one of its commands.
public struct CommandDescriptor: Sendable, Hashable {
    /// Every spelling, shortest first: `["o", "open"]`.
    public var names: [String]
    /// The argument's placeholder for help, e.g. `WORDS`; nil for none.
    public var argument: String?
    /// One line for help.
    public var summary: String
    /// Values tab completion offers for the argument.
    public var argumentCompletions: [String]
    /// For a command that is a number (`3` opens the third item): the numbers that work now.
    public var numbers: ClosedRange<Int>?

    public init(
        _ names: [String], argument: String? = nil, summary: String, argumentCompletions: [String] = []
    ) {
        precondition(!names.isEmpty, "a command needs at least one name")
        self.names = names
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

    /// True when `command`'s verb is one of ``names``.
    public func matches(_ command: Command) -> Bool {
        names.contains(command.verb)
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
