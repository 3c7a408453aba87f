import Foundation

/// A search query in NewsAPI's syntax, matched against text the way the sample edition needs:
/// case- and accent-insensitive, whole words (with plural endings), quoted phrases, `+must`,
/// `-not`, `NOT`, `AND` and `OR`.
///
/// Words in Chinese, Japanese and Korean are matched anywhere, since those languages do not put
/// spaces between words.
struct SearchQuery: Sendable {
    /// Alternatives joined by `OR`; each is a set of terms that must all match.
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
            case .word("AND"):
                continue
            case .word("NOT"):
                negateNext = true
            case .word(let word), .phrase(let word):
                var term = word
                var negate = negateNext
                negateNext = false
                if case .word = token, term.hasPrefix("-") {
                    negate = true
                    term.removeFirst()
                }
                if case .word = token, term.hasPrefix("+") { term.removeFirst() }
                let folded = Self.fold(term)
                guard !folded.isEmpty else { continue }
                if negate { excluded.append(folded) } else { current.append(folded) }
            }
        }
        if !current.isEmpty { alternatives.append(current) }
    }

    var isEmpty: Bool { alternatives.isEmpty && excluded.isEmpty }

    /// A relevance score for `fields` (text, weight) pairs; nil when the text does not match.
    func score(_ fields: [(text: String, weight: Int)]) -> Int? {
        let folded = fields.map { (Self.fold($0.text), $0.weight) }
        for term in excluded where folded.contains(where: { Self.count(term, in: $0.0) > 0 }) {
            return nil
        }
        var best: Int?
        for terms in alternatives {
            var total = 0
            var matchedAll = true
            for term in terms {
                let hits = folded.reduce(0) { $0 + Self.count(term, in: $1.0) * $1.1 }
                if hits == 0 {
                    matchedAll = false
                    break
                }
                total += hits
            }
            if matchedAll { best = max(best ?? 0, total) }
        }
        if alternatives.isEmpty { return 1 }
        return best
    }

    // MARK: Matching

    /// Case, accents and width folded; control characters made spaces, because Foundation's
    /// `range(of:)` matches a NUL in the term past the end of the text (and then crashes on the
    /// range it returned).
    static func fold(_ text: String) -> String {
        var visible = text
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            visible = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        }
        return visible.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
        )
        .trimmingCharacters(in: .whitespaces)
    }

    /// Occurrences of `term` in `text` as a whole word, a plural of it, or anywhere for CJK.
    static func count(_ term: String, in text: String) -> Int {
        var hits = 0
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: term, range: searchRange) {
            searchRange = found.upperBound..<text.endIndex
            if isBoundary(before: found.lowerBound, in: text, edge: term.first)
                && isBoundary(afterWordEndingAt: found.upperBound, in: text, edge: term.last)
            {
                hits += 1
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
        for ending in ["'s", "’s", "es", "s"] where rest.hasPrefix(ending) {
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

    // MARK: Tokens

    private enum Token: Equatable {
        case word(String)
        case phrase(String)
    }

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
