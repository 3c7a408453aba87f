/// How many terminal columns text occupies, measured per grapheme cluster (Swift `Character`).
///
/// A cluster is 2 columns when it is an emoji presentation sequence or starts with an East Asian Wide or
/// Fullwidth scalar, 0 when it is made only of zero-width scalars (combining marks, format characters,
/// variation selectors, controls, standalone Hangul medial and final jamo), and 1 otherwise. Marks inside a
/// cluster add nothing, so `e` + U+0301 is 1 column.
public enum DisplayWidth {
    /// Columns `text` occupies: the sum of its grapheme clusters' widths.
    public static func of(_ text: some StringProtocol) -> Int {
        var count = 0
        for byte in text.utf8 {
            guard byte &- 0x20 < 0x5F else { return clusterSum(text) }
            count += 1
        }
        return count
    }

    /// Columns one grapheme cluster occupies: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F && character.utf8.count == 1 {
            return first.value >= 0x20 ? 1 : 0
        }
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

    // MARK: Helpers

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
