/// How a condition compares an attribute's value with the value written after it, as in newsboat.
public enum FilterOperator: String, CaseIterable, Sendable, Hashable {
    /// Equal text, byte for byte (`==` is the same operator).
    case equal = "="
    case notEqual = "!="
    /// The POSIX extended regular expression matches somewhere in the value, ignoring case.
    case matches = "=~"
    case doesNotMatch = "!~"
    /// Number comparisons: the value's leading digits are its number (none: 0).
    case less = "<"
    case greater = ">"
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    /// The value's number lies in the range, ends included (`age between 0:10`).
    case between
    /// The value, split at spaces, holds the text as one of its words (`tags # "linux"`).
    case contains = "#"
    case doesNotContain = "!#"

    /// The operator this one negates, for `!=`, `!~`, `!#`, `<=` (not `>`) and `>=` (not `<`).
    public var negated: FilterOperator? {
        switch self {
        case .notEqual: .equal
        case .doesNotMatch: .matches
        case .doesNotContain: .contains
        case .lessOrEqual: .greater
        case .greaterOrEqual: .less
        default: nil
        }
    }

    /// How the operators are listed in a sentence.
    static let listed = "=, !=, =~, !~, <, >, <=, >=, between, # or !#"
}
