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
        let trimmed = line.withoutSurroundingWhitespace
        guard let first = trimmed.first else { return nil }
        if first == "/" {
            verb = "/"
            argument = String(trimmed.dropFirst().withoutSurroundingWhitespace)
            return
        }
        let parts = trimmed.split(maxSplits: 1, whereSeparator: \.isWhitespace)
        verb = parts[0].lowercased()
        argument = parts.count > 1 ? String(parts[1].withoutSurroundingWhitespace) : ""
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

extension StringProtocol {
    /// The text without white space at either end (spaces, tabs; a typed line holds no line
    /// break), with the standard library's `Character.isWhitespace`.
    fileprivate var withoutSurroundingWhitespace: SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
