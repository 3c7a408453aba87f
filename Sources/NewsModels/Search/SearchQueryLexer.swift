/// A piece of a query's text, for ``SearchQueryParser``.
enum SearchToken: Equatable {
    /// A `+` or a `-` before a word, phrase or group.
    enum Sign: Equatable {
        case plus
        case minus
    }

    /// A word or a phrase, its words cleaned; empty when none was a word (`*`, `""`), which still
    /// takes the operator or sign before it.
    case words([String], sign: Sign?)
    /// `(`, perhaps signed.
    case open(sign: Sign?)
    /// `)` closing an open group (the lexer drops the others).
    case close
    case and
    case or
    case not
}

/// Splits a query's text into ``SearchToken``s, scalar by scalar (a quote followed by a combining
/// mark is one `Character` but still a quote), by the rules written in ``SearchQuery``.
enum SearchQueryLexer {
    static func tokens(_ text: String) -> [SearchToken] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [SearchToken] = []
        var depth = 0
        var ignoredOpen = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isSeparator(scalar) {
                index += 1
            } else if isQuote(scalar) {
                index = phrase(in: scalars, from: index + 1, sign: nil, into: &tokens)
            } else if scalar == "(" || scalar == ")" {
                if scalar == "(" {
                    if depth < SearchQuery.maximumDepth {
                        depth += 1
                        tokens.append(.open(sign: nil))
                    } else {
                        ignoredOpen += 1
                    }
                } else if ignoredOpen > 0 {
                    ignoredOpen -= 1
                } else if depth > 0 {
                    depth -= 1
                    tokens.append(.close)
                }
                index += 1
            } else {
                var sign: SearchToken.Sign?
                var start = index
                if scalar == "+" || scalar == "-" {
                    sign = scalar == "+" ? .plus : .minus
                    while start < scalars.count, scalars[start] == "+" || scalars[start] == "-" { start += 1 }
                    if start < scalars.count, isQuote(scalars[start]) {
                        index = phrase(in: scalars, from: start + 1, sign: sign, into: &tokens)
                        continue
                    }
                    if start < scalars.count, scalars[start] == "(", depth < SearchQuery.maximumDepth {
                        depth += 1
                        tokens.append(.open(sign: sign))
                        index = start + 1
                        continue
                    }
                }
                var end = start
                while end < scalars.count, !isDelimiter(scalars[end]) { end += 1 }
                let raw = String(String.UnicodeScalarView(scalars[start..<end]))
                switch (sign, raw) {
                case (nil, "AND"): tokens.append(.and)
                case (nil, "OR"): tokens.append(.or)
                case (nil, "NOT"): tokens.append(.not)
                default: tokens.append(.words(word(raw).map { [$0] } ?? [], sign: sign))
                }
                index = end
            }
        }
        return tokens
    }

    /// Reads a phrase from `start` to its closing quote or the end; returns where to go on.
    private static func phrase(
        in scalars: [Unicode.Scalar], from start: Int, sign: SearchToken.Sign?,
        into tokens: inout [SearchToken]
    ) -> Int {
        var end = start
        while end < scalars.count, !isQuote(scalars[end]) { end += 1 }
        let words = scalars[start..<end].split(whereSeparator: isSeparator).compactMap { piece in
            word(String(String.UnicodeScalarView(piece)))
        }
        tokens.append(.words(words, sign: sign))
        return min(end + 1, scalars.count)
    }

    /// `raw` without invisible characters and the punctuation around it; nil when no letter or
    /// digit is left.
    static func word(_ raw: String) -> String? {
        let visible = raw.unicodeScalars.filter { !isInvisible($0) }
        guard let first = visible.firstIndex(where: isWordCharacter),
            let last = visible.lastIndex(where: { isWordCharacter($0) || isMark($0) })
        else { return nil }
        return String(String.UnicodeScalarView(visible[first...last]))
    }

    // MARK: Scalar classes

    private static func isQuote(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "“" || scalar == "”"
    }

    /// White space and control characters: what separates words.
    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    /// What ends a bare word.
    private static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        isSeparator(scalar) || isQuote(scalar) || scalar == "(" || scalar == ")"
    }

    /// Format characters (soft hyphens, joiners, bidi controls), surrogates and unassigned code
    /// points: removed from words.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .surrogate, .unassigned: true
        default: false
        }
    }

    /// Letters, digits and private-use characters: what a word must have (SQLite's unicode61
    /// tokenizer keeps the same).
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            true
        default:
            false
        }
    }

    /// Combining marks, kept at the end of a word (a decomposed `é` ends in one).
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
