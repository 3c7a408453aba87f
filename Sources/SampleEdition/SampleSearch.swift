import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the sample edition matches a ``SearchQuery`` (NewsAPI's syntax, read by Networking) against
/// an article's text: case-, accent- and width-insensitive, whole words with their plural endings
/// (`rover` finds `rovers` and `rover's`), phrases as their words one after the other, whatever
/// punctuation or white space stands between them (see ``fold(_:)``).
/// Words in Chinese, Japanese and Korean are matched anywhere, since those languages do not put
/// spaces between words.
///
/// What the query means (precedence, signs, what a word is) is the query's; only the matching of
/// words to text is decided here.
struct SampleSearch: Sendable {
    let query: SearchQuery

    init(_ text: String) {
        query = SearchQuery(text)
    }

    var isEmpty: Bool { query.isEmpty }

    /// A relevance score for `fields` (text, weight) pairs, nil when the text does not match: the
    /// weighted occurrences of the words matched, the best alternative's for `OR`. An empty query
    /// matches everything with score 0.
    func score(_ fields: [(text: String, weight: Int)]) -> Int? {
        score(folded: fields.map { (text: Self.fold($0.text), weight: $0.weight) })
    }

    /// ``score(_:)`` for texts already folded with ``fold(_:)``.
    func score(folded fields: [(text: String, weight: Int)]) -> Int? {
        guard let expression = query.expression else { return 0 }
        return Self.score(expression, fields)
    }

    private static func score(_ expression: SearchExpression, _ fields: [(text: String, weight: Int)]) -> Int?
    {
        switch expression {
        case .words(let words):
            let term = fold(words.joined(separator: " "))
            guard !term.isEmpty else { return nil }
            let hits = fields.reduce(0) { $0 + count(term, in: $1.text) * $1.weight }
            return hits > 0 ? hits : nil
        case .all(let parts):
            var total = 0
            for part in parts {
                guard let score = score(part, fields) else { return nil }
                total += score
            }
            return total
        case .any(let parts):
            return parts.compactMap { score($0, fields) }.max()
        case .not(let part):
            return score(part, fields) == nil ? 0 : nil
        }
    }

    // MARK: Matching

    /// Case, accents and width folded, and every run of what is not a letter, digit or mark made
    /// one space, in a text and in a query's words alike: `e-mail` is `e mail`, and a phrase's
    /// words match with any punctuation or white space between them, as a tokenizer reads them.
    /// Control characters are made spaces first, because Foundation's `range(of:)` matches a NUL
    /// in the term past the end of the text (and then crashes on the range it returned).
    static func fold(_ text: String) -> String {
        var visible = text
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            visible = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        }
        let folded = UnicodeMappings.folded(visible)
        var words = String.UnicodeScalarView()
        var separated = false
        for scalar in folded.unicodeScalars {
            if isWordScalar(scalar) {
                if separated && !words.isEmpty { words.append(" ") }
                separated = false
                words.append(scalar)
            } else {
                separated = true
            }
        }
        return String(words)
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark,
            .privateUse:
            true
        default:
            false
        }
    }

    /// Occurrences of `term` in `text` as a whole word, a plural of it, or anywhere for CJK. An
    /// occurrence inside a word is passed over by one character only: `t t` is in `tt t t` as
    /// its last three characters, after the one that starts inside `tt`.
    static func count(_ term: String, in text: String) -> Int {
        var hits = 0
        var searchRange = text.startIndex..<text.endIndex
        while let found = text[searchRange].firstRange(of: term) {
            if isBoundary(before: found.lowerBound, in: text, edge: term.first)
                && isBoundary(afterWordEndingAt: found.upperBound, in: text, edge: term.last)
            {
                hits += 1
                searchRange = found.upperBound..<text.endIndex
            } else {
                searchRange = text.index(after: found.lowerBound)..<text.endIndex
            }
        }
        return hits
    }

    private static func isBoundary(before index: String.Index, in text: String, edge: Character?) -> Bool {
        guard index > text.startIndex, let edge, !isSpaceless(edge) else { return true }
        return !isWordCharacter(text[text.index(before: index)])
    }

    private static func isBoundary(afterWordEndingAt index: String.Index, in text: String, edge: Character?)
        -> Bool
    {
        guard let edge, !isSpaceless(edge) else { return true }
        var rest = text[index...]
        for ending in ["es", "s"] where rest.hasPrefix(ending) {
            rest = rest.dropFirst(ending.count)
            break
        }
        return rest.first.map { !isWordCharacter($0) } ?? true
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Scripts written without spaces between words.
    private static func isSpaceless(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        return (0x3040...0x30FF).contains(scalar) || (0x3400...0x9FFF).contains(scalar)
            || (0xAC00...0xD7AF).contains(scalar) || (0xF900...0xFAFF).contains(scalar)
            || (0x20000...0x2FFFF).contains(scalar)
    }
}
