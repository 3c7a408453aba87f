import Foundation

/// The user's search words as a safe FTS5 `MATCH` expression.
///
/// The syntax is the one the sample edition reads (NewsAPI's): words, `"quoted phrases"`,
/// `+must`, `-not`, `NOT word`, `AND` (the default, ignored) and `OR` between groups of words.
/// Every word and phrase becomes an FTS5 string (`"…"`, inner quotes doubled), so nothing the
/// user types is ever read as FTS5 syntax: `*`, `^`, `:`, `(`, `NEAR(`, a lone `"` are plain
/// text. Terms with no letter or digit (`*`, `—`, an emoji) are dropped, because the tokenizer
/// would make them empty phrases that match nothing.
struct FullTextQuery: Equatable {
    /// Alternatives joined by `OR`; each is a group of terms that must all match.
    private(set) var alternatives: [[String]] = []
    /// Terms that must not match.
    private(set) var excluded: [String] = []

    init(_ text: String) {
        var current: [String] = []
        var negateNext = false
        for token in Self.tokens(text) {
            switch token {
            case .word("OR"):
                if !current.isEmpty { alternatives.append(current) }
                current = []
                negateNext = false
            case .word("AND"):
                continue
            case .word("NOT"):
                negateNext = true
            case .word(let word), .phrase(let word):
                var term = Substring(word)
                var negate = negateNext
                negateNext = false
                if case .word = token {
                    if term.hasPrefix("-") {
                        negate = true
                        term = term.drop(while: { $0 == "-" })
                    } else if term.hasPrefix("+") {
                        term = term.drop(while: { $0 == "+" })
                    }
                }
                let cleaned = Self.clean(term)
                guard Self.hasTokenCharacter(cleaned) else { continue }
                if negate { excluded.append(cleaned) } else { current.append(cleaned) }
            }
        }
        if !current.isEmpty { alternatives.append(current) }
    }

    /// True when the words hold nothing to search for.
    var isEmpty: Bool { alternatives.isEmpty && excluded.isEmpty }

    /// The expression of the wanted terms, e.g. `("mars" AND "rover") OR ("venus")`, or nil when
    /// only exclusions were given.
    var positiveExpression: String? {
        guard !alternatives.isEmpty else { return nil }
        return alternatives.map { "(" + $0.map(Self.quote).joined(separator: " AND ") + ")" }
            .joined(separator: " OR ")
    }

    /// The expression of the excluded terms, e.g. `"venus" OR "moon landing"`, or nil.
    var negativeExpression: String? {
        excluded.isEmpty ? nil : excluded.map(Self.quote).joined(separator: " OR ")
    }

    /// The whole expression when there are wanted terms: `(wanted) NOT (excluded)`.
    var expression: String? {
        guard let positive = positiveExpression else { return nil }
        guard let negative = negativeExpression else { return positive }
        return "(" + positive + ") NOT (" + negative + ")"
    }

    // MARK: - Helpers

    /// An FTS5 string: anything inside is text for the tokenizer, never syntax. Quotes are doubled
    /// scalar by scalar, as FTS5 reads them: a quote and a combining mark after it are one
    /// `Character`, which a search for `"` does not find.
    static func quote(_ term: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in term.unicodeScalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append("\"") }
        }
        quoted.append("\"")
        return String(quoted)
    }

    /// Removes control characters (NUL among them) and surrounding whitespace.
    private static func clean(_ term: Substring) -> String {
        String(
            String.UnicodeScalarView(term.unicodeScalars.filter { !$0.properties.generalCategory.isControl })
        )
        .trimmingCharacters(in: .whitespaces)
    }

    /// What SQLite's unicode61 tokenizer keeps: letters, numbers and private-use characters.
    private static func hasTokenCharacter(_ term: String) -> Bool {
        term.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                true
            default:
                false
            }
        }
    }

    private enum Token: Equatable {
        case word(String)
        case phrase(String)
    }

    /// Words and phrases. A quote (straight or curly) opens or closes a phrase; an unbalanced
    /// one runs to the end of the text.
    private static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var inPhrase = false
        func flush() {
            if !current.isEmpty { tokens.append(inPhrase ? .phrase(current) : .word(current)) }
            current = ""
        }
        for character in text {
            if character == "\"" || character == "“" || character == "”" {
                flush()
                inPhrase.toggle()
            } else if character.isWhitespace && !inPhrase {
                flush()
            } else {
                current.append(character)
            }
        }
        flush()
        return tokens
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        switch self {
        case .control, .format, .surrogate, .unassigned: true
        default: false
        }
    }
}
