/// The syntax tree of a ``SearchQuery``: what each backend evaluates in its own way.
///
/// Trees are kept small and regular: `all` and `any` hold two or more parts, none of them of
/// their own kind (`a AND (b AND c)` is one `all` of three), and `not` never holds a `not`.
public enum SearchExpression: Sendable, Hashable, CustomStringConvertible {
    /// Words that must appear one after the other: a word (`["mars"]`) or a quoted phrase
    /// (`["mars", "rover"]`). Never empty; every word has a letter or a digit and no white space,
    /// quote or control character.
    case words([String])
    /// Every part must match.
    case all([SearchExpression])
    /// At least one part must match.
    case any([SearchExpression])
    /// The part must not match.
    indirect case not(SearchExpression)

    // MARK: Building

    /// Every one of `parts`: nil when there are none, the part itself when there is one.
    static func all(of parts: [SearchExpression]) -> SearchExpression? {
        let flat = parts.flatMap { part -> [SearchExpression] in
            if case .all(let inner) = part { return inner }
            return [part]
        }
        return flat.count > 1 ? .all(flat) : flat.first
    }

    /// Any one of `parts`: nil when there are none, the part itself when there is one.
    static func any(of parts: [SearchExpression]) -> SearchExpression? {
        let flat = parts.flatMap { part -> [SearchExpression] in
            if case .any(let inner) = part { return inner }
            return [part]
        }
        return flat.count > 1 ? .any(flat) : flat.first
    }

    /// The opposite of `self`; `NOT NOT x` is `x`.
    var negated: SearchExpression {
        if case .not(let inner) = self { return inner }
        return .not(self)
    }

    // MARK: Writing out

    /// The expression in the query syntax, with explicit operators and only the parentheses it
    /// needs: `mars AND (venus OR NOT "rover team")`. ``SearchQuery`` reads it back as `self`.
    public var description: String {
        switch self {
        case .words(let words):
            let text = words.joined(separator: " ")
            let bare = words.count == 1 && !["AND", "OR", "NOT"].contains(text)
            return bare && !text.unicodeScalars.contains(where: Self.needsQuotes) ? text : "\"" + text + "\""
        case .all(let parts):
            return parts.map { part in
                if case .any = part { return "(" + part.description + ")" }
                return part.description
            }.joined(separator: " AND ")
        case .any(let parts):
            return parts.map(\.description).joined(separator: " OR ")
        case .not(let part):
            if case .words = part { return "NOT " + part.description }
            return "NOT (" + part.description + ")"
        }
    }

    /// Scalars that make a word syntax when bare: parentheses anywhere, signs at its start.
    private static func needsQuotes(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "(" || scalar == ")" || scalar == "+" || scalar == "-"
    }
}
