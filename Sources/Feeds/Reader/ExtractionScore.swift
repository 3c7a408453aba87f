/// How close an extracted text is to the expected one, as article-extraction benchmarks measure it:
/// bag-of-words precision, recall and F1 over lowercased words.
///
/// Words are runs of letters, digits and combining marks; each Han, hiragana and katakana
/// character is a word of its own, as those scripts put no spaces between words. Link numbers
/// (`[12]`) and picture placeholders (`[image: alt text]`) are not words: they stand for a link
/// and a picture, which a browser's reader view shows as such, and which no expected text holds.
/// Repeated words count as often as they occur.
public struct ExtractionScore: Sendable, Hashable {
    public var precision: Double
    public var recall: Double

    public var f1: Double {
        precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
    }

    public init(extracted: String, expected: String) {
        let found = Self.words(extracted)
        let wanted = Self.words(expected)
        let common = found.reduce(0) { $0 + min($1.value, wanted[$1.key] ?? 0) }
        let foundCount = found.values.reduce(0, +)
        let wantedCount = wanted.values.reduce(0, +)
        precision = foundCount > 0 ? Double(common) / Double(foundCount) : (wantedCount == 0 ? 1 : 0)
        recall = wantedCount > 0 ? Double(common) / Double(wantedCount) : 1
    }

    /// The words of `text` and how often each occurs.
    static func words(_ text: String) -> [String: Int] {
        wordSequence(text).reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// The words of `text`, lowercased, in order: what a phrase is looked for in.
    public static func wordSequence(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var inReference = false
        func flush() {
            if !word.isEmpty { words.append(String(word)) }
            word.removeAll()
        }
        let scalars = Array(text.lowercased().unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "[" {
                // `[n]`: skipped whole when digits and a closing bracket follow.
                var end = index + 1
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                inReference =
                    (end > index + 1 && end < scalars.count && scalars[end] == "]")
                    || scalars[(index + 1)...].starts(with: Self.picture)
            }
            if inReference {
                if scalar == "]" { inReference = false }
                continue
            }
            if isSingleWord(scalar) {
                flush()
                word.append(scalar)
                flush()
            } else if isWordPart(scalar) {
                word.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// What a picture placeholder starts with after its `[`.
    private static let picture = Array("image: ".unicodeScalars)

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark:
            true
        default: false
        }
    }

    private static func isSingleWord(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
            || (0x4E00...0x9FFF).contains(scalar.value)
    }
}
