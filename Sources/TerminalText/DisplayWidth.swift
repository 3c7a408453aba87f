/// How many terminal columns text occupies, measured per grapheme cluster (Swift `Character`).
///
/// A cluster is 2 columns when it is an emoji presentation sequence or starts with an East Asian Wide or
/// Fullwidth scalar, 0 when it is made only of zero-width scalars (combining marks, format characters,
/// variation selectors, controls, standalone Hangul medial and final jamo), and 1 otherwise. Marks inside a
/// cluster add nothing, so `e` + U+0301 is 1 column.
///
/// Most news text is made of scalars that are always a cluster of their own with a fixed width: ASCII,
/// Latin, Greek, Cyrillic and Arabic letters, common punctuation, box drawing, CJK ideographs, kana, Hangul
/// syllables and fullwidth forms. Text made
/// only of those is measured scalar by scalar without asking the Unicode property tables; anything else
/// (marks, emoji, joiners, variation selectors…) is measured cluster by cluster.
public enum DisplayWidth {
    /// Columns `text` occupies: the sum of its grapheme clusters' widths.
    public static func of(_ text: some StringProtocol) -> Int {
        var count = 0
        for byte in text.utf8 {
            guard byte &- 0x20 < 0x5F else { return scalarSum(text) }
            count += 1
        }
        return count
    }

    /// Columns one grapheme cluster occupies: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        if iterator.next() == nil, let width = simpleWidth(first) { return width }
        return clusterWidth(character)
    }

    /// Columns one grapheme cluster occupies, from the Unicode properties of its scalars.
    static func clusterWidth(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isEmojiPresentation(scalars, first: first) { return 2 }
        guard let base = scalars.first(where: { !isZeroWidth($0) }) else { return 0 }
        return EastAsianWidth.isWide(base) ? 2 : 1
    }

    /// Whether `scalar` takes no column on its own.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF:
            // Hangul jungseong and jongseong: they only add to the syllable of a preceding choseong.
            return true
        default:
            break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return false
        }
    }

    /// The width of a scalar that never joins a neighbour from this same set into one grapheme
    /// cluster, never has emoji presentation and is not zero-width; `nil` for every other scalar.
    ///
    /// Tests compare it with the cluster-by-cluster measure for every scalar it answers for.
    static func simpleWidth(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x20...0x7E,  // ASCII
            0xA0...0xAC, 0xAE...0x2FF,  // Latin-1 and Latin Extended, without the soft hyphen (format)
            0x370...0x482, 0x48A...0x52F,  // Greek and Cyrillic, without Cyrillic's combining marks
            0x620...0x64A,  // Arabic letters, without the prepended signs before them and the marks after
            0x2010...0x2027,  // dashes, quotes, bullets, ellipsis
            0x2030...0x203B, 0x203D...0x2048, 0x204A...0x205E,  // per mille to ⁞, without ‼ and ⁉ (emoji)
            0x2500...0x259F:  // box drawing (the split view's rule) and block elements (pictures)
            return 1
        case 0x3000...0x3029,  // CJK symbols and punctuation, before the tone marks and 〰 (emoji)
            0x3041...0x3096,  // hiragana, without the combining sound marks
            0x30A0...0x30FF,  // katakana
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xAC00...0xD7A3,  // Hangul syllables
            0xFF01...0xFF60:  // fullwidth forms
            return 2
        default:
            return nil
        }
    }

    // MARK: Helpers

    /// The width scalar by scalar while every scalar is simple, otherwise cluster by cluster.
    private static func scalarSum(_ text: some StringProtocol) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            guard let width = simpleWidth(scalar) else { return clusterSum(text) }
            total += width
        }
        return total
    }

    private static func clusterSum(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text {
            total += of(character)
        }
        return total
    }

    /// Whether the cluster is drawn as a (two-column) emoji: its first scalar has default emoji
    /// presentation (this includes regional indicators, so flags), an emoji-capable scalar is followed by
    /// VS16 (U+FE0F), or a non-ASCII emoji starts a ZWJ or skin-tone sequence.
    private static func isEmojiPresentation(
        _ scalars: Character.UnicodeScalarView,
        first: Unicode.Scalar
    ) -> Bool {
        let properties = first.properties
        if properties.isEmojiPresentation { return true }
        guard properties.isEmoji else { return false }
        var previousIsEmoji = false
        var joinsOrModifies = false
        for scalar in scalars {
            if scalar.value == 0xFE0F && previousIsEmoji { return true }
            if scalar.value == 0x200D || scalar.properties.isEmojiModifier { joinsOrModifies = true }
            previousIsEmoji = scalar.properties.isEmoji
        }
        return joinsOrModifies && !first.isASCII
    }
}
