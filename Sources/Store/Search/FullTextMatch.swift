import NewsModels

/// A ``SearchQuery`` (NewsAPI's syntax, read by Networking) as the store answers it: an FTS5
/// `MATCH` expression, or every article but those matching one (FTS5 has no `NOT` on its own:
/// `-sport` is every article without sport).
///
/// Every word and phrase becomes an FTS5 string (`"…"`, inner quotes doubled scalar by scalar),
/// so nothing the user types is ever read as FTS5 syntax: `*`, `^`, `:`, `NEAR` are plain text,
/// and the query's words hold no NUL or other control character. Only the tokenizer's reading of
/// the words (stems, diacritics) is the store's own.
enum FullTextMatch: Equatable {
    /// The articles matching the expression.
    case matching(String)
    /// Every article except those matching the expression.
    case excluding(String)

    /// The match for `query`, nil when it holds nothing to search for.
    init?(_ query: SearchQuery) {
        guard let expression = query.expression else { return nil }
        self = Self.translate(expression)
    }

    /// Set algebra over the two forms, so that negations anywhere in the tree reach FTS5 as its
    /// binary `NOT`: with P, Q matching and M, N excluded,
    /// P ∧ Q = `P AND Q`, P ∧ ¬N = `P NOT N`, ¬M ∧ ¬N = ¬(`M OR N`),
    /// P ∨ Q = `P OR Q`, ¬M ∨ ¬N = ¬(`M AND N`), P ∨ ¬N = ¬(`N NOT P`).
    private static func translate(_ expression: SearchExpression) -> FullTextMatch {
        switch expression {
        case .words(let words):
            return .matching(quote(words.joined(separator: " ")))
        case .not(let part):
            switch translate(part) {
            case .matching(let inner): return .excluding(inner)
            case .excluding(let inner): return .matching(inner)
            }
        case .all(let parts):
            let (wanted, unwanted) = split(parts.map(translate))
            guard !wanted.isEmpty else { return .excluding(join(unwanted, "OR")) }
            guard !unwanted.isEmpty else { return .matching(join(wanted, "AND")) }
            return .matching("(" + join(wanted, "AND") + " NOT " + join(unwanted, "OR") + ")")
        case .any(let parts):
            let (wanted, unwanted) = split(parts.map(translate))
            guard !unwanted.isEmpty else { return .matching(join(wanted, "OR")) }
            guard !wanted.isEmpty else { return .excluding(join(unwanted, "AND")) }
            return .excluding("(" + join(unwanted, "AND") + " NOT " + join(wanted, "OR") + ")")
        }
    }

    private static func split(_ matches: [FullTextMatch]) -> (wanted: [String], unwanted: [String]) {
        var wanted: [String] = []
        var unwanted: [String] = []
        for match in matches {
            switch match {
            case .matching(let expression): wanted.append(expression)
            case .excluding(let expression): unwanted.append(expression)
            }
        }
        return (wanted, unwanted)
    }

    /// `expressions` joined by `operator`, in parentheses when there are several. Every
    /// expression made here is one FTS5 string or in parentheses, so none needs more around it.
    private static func join(_ expressions: [String], _ operator: String) -> String {
        expressions.count == 1 ? expressions[0] : "(" + expressions.joined(separator: " \(`operator`) ") + ")"
    }

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
}
