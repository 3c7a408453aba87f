/// Builds a ``SearchExpression`` from ``SearchToken``s by the rules written in ``SearchQuery``:
///
/// ```
/// query   = or
/// or      = and { "OR" and }
/// and     = unary { ["AND"] unary }
/// unary   = { "NOT" } ( words | "(" or [")"] )     words and "(" may carry a sign
/// ```
///
/// Whatever is missing is dropped with the operator that needed it, so every token list parses.
/// Recursion follows parentheses only, which the lexer keeps within ``SearchQuery/maximumDepth``.
struct SearchQueryParser {
    private let tokens: [SearchToken]
    private var index = 0

    init(tokens: [SearchToken]) {
        self.tokens = tokens
    }

    mutating func parse() -> SearchExpression? {
        var parts: [SearchExpression] = []
        while index < tokens.count {
            if let part = parseOr() { parts.append(part) }
            // Only a `)` stops `parseOr` early; the lexer keeps them matched, but be sure.
            if index < tokens.count { index += 1 }
        }
        return .all(of: parts)
    }

    private var next: SearchToken? {
        index < tokens.count ? tokens[index] : nil
    }

    private mutating func parseOr() -> SearchExpression? {
        var alternatives: [SearchExpression] = []
        while true {
            if let alternative = parseAnd() { alternatives.append(alternative) }
            guard next == .or else { break }
            index += 1
        }
        return .any(of: alternatives)
    }

    private mutating func parseAnd() -> SearchExpression? {
        var parts: [SearchExpression] = []
        loop: while let token = next {
            switch token {
            case .or, .close:
                break loop
            case .and:
                index += 1
            case .not, .words, .open:
                if let part = parseUnary() { parts.append(part) }
            }
        }
        return .all(of: parts)
    }

    /// A word, phrase or group after any number of `NOT`s; nil, with the `NOT`s consumed, when
    /// there is none or it is empty.
    private mutating func parseUnary() -> SearchExpression? {
        var negations = 0
        while next == .not {
            negations += 1
            index += 1
        }
        let operand: SearchExpression?
        switch next {
        case .words(let words, let sign):
            index += 1
            operand = words.isEmpty ? nil : .words(words)
            if sign == .minus { negations += 1 }
        case .open(let sign):
            index += 1
            operand = parseOr()
            if next == .close { index += 1 }
            if sign == .minus { negations += 1 }
        default:
            return nil
        }
        return negations.isMultiple(of: 2) ? operand : operand?.negated
    }
}
