/// The value a condition compares with: quoted text, a number or a range, kept as written.
public struct FilterValue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `"text"`, its escapes read.
        case text
        /// `42`, `-7`, `0042`.
        case number
        /// `0:10`, both ends as written (`10:0` is the same range).
        case range(Int32, Int32)
    }

    /// The value as text: the string without its quotes and escapes, a number or a range as written
    /// (`0042`, `0:10`). Equality, regular expressions and `#` use this text, as newsboat does.
    public var text: String
    public var kind: Kind

    public init(text: String, kind: Kind) {
        self.text = text
        self.kind = kind
    }

    /// The number the comparisons use: the text's leading digits (see ``FilterNumber``).
    public var number: Int32 { FilterNumber.parse(text) }

    public var isRange: Bool {
        if case .range = kind { return true }
        return false
    }

    /// The value as it is written in an expression.
    public var written: String {
        switch kind {
        case .number, .range: return text
        case .text:
            var quoted = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                default: quoted.unicodeScalars.append(scalar)
                }
            }
            return quoted + "\""
        }
    }
}
