#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Looking for ASCII text in UTF-8 text, ignoring ASCII case.
enum CaseInsensitiveSearch {
    /// True when `needle` (lowercase ASCII) occurs in `haystack`, ASCII letters of either case
    /// matching. An empty needle occurs everywhere.
    ///
    /// Positions are passed over eight at a time while none of them starts with the needle's
    /// first two letters in either case (a killfile asks this of every item's title and text once
    /// a rule, and English text has some needle's first letter in almost every eight bytes).
    static func contains(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
        let last = haystack.count - needle.count
        let firstUpper = isLowercaseLetter(first) ? first - 0x20 : first
        // `| 0x20` lowercases an ASCII letter and maps a byte equal to the needle's to the same
        // value as the needle's, so a position it rules out cannot match; one it keeps is checked.
        let folded = UInt64(0x2020_2020_2020_2020)
        let firstWord = UInt64(first | 0x20) &* 0x0101_0101_0101_0101
        let secondWord = UInt64((needle.count > 1 ? needle[1] : first) | 0x20) &* 0x0101_0101_0101_0101
        return needle.withUnsafeBufferPointer { needle in
            func matches(at index: Int) -> Bool {
                let byte = base[index]
                guard byte == first || byte == firstUpper else { return false }
                var offset = 1
                while offset < needle.count, lowered(base[index + offset]) == needle[offset] {
                    offset += 1
                }
                return offset == needle.count
            }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + 9 <= haystack.count, index <= last {
                var candidates = zeroBytes(
                    (word(raw, at: index) | folded) ^ firstWord)
                if needle.count > 1 {
                    candidates &= zeroBytes((word(raw, at: index + 1) | folded) ^ secondWord)
                }
                // Only the positions flagged (the high bit of their byte) can start the needle.
                while candidates != 0 {
                    let candidate = index + candidates.trailingZeroBitCount / 8
                    if candidate <= last && matches(at: candidate) { return true }
                    candidates &= candidates - 1
                }
                index += 8
            }
            while index <= last {
                if matches(at: index) { return true }
                index += 1
            }
            return false
        }
    }

    /// The eight bytes at `offset`, the first in the lowest bits whatever the machine's order.
    private static func word(_ raw: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The high bit of each byte of `word` that is zero, and no other bit.
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & 0x8080_8080_8080_8080
    }

    /// True when `text` holds a letter outside ASCII whose other case is an ASCII letter (K KELVIN
    /// SIGN, ſ LONG S, İ, ı), which a case-ignoring regular expression can match with ASCII.
    ///
    /// It is asked of every value a pattern's text is not in, for every pattern (a killfile of
    /// fifty rules asks it fifty times an item), so the lead bytes of those letters (C4, C5, E2)
    /// are found with `memchr`, which passes over the rest many bytes at a time.
    /// Most values are ASCII: they are passed over first, eight bytes at a time.
    static func hasASCIIPartners(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= 2, let base = text.baseAddress, !isASCII(text) else { return false }
        /// True when a `lead` byte is followed by `second` or `other` (and, for E2, by AA after it).
        func any(_ lead: UInt8, _ second: UInt8, _ other: UInt8) -> Bool {
            var offset = 0
            while offset < text.count - 1,
                let found = memchr(base + offset, Int32(lead), text.count - 1 - offset)
            {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let next = base[index + 1]
                if next == second || next == other,
                    lead != 0xE2 || (index + 2 < text.count && base[index + 2] == 0xAA)
                {
                    return true
                }
                offset = index + 1
            }
            return false
        }
        return any(0xC4, 0xB0, 0xB1) || any(0xC5, 0xBF, 0xBF) || any(0xE2, 0x84, 0x84)
    }

    /// True when every byte of `text` is ASCII.
    static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= text.count {
            if word(raw, at: index) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < text.count {
            if base[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// True when `text` (lowercase ASCII) holds `i`, `k` or `s`, the only letters that a letter
    /// outside ASCII matches ignoring case (``hasASCIIPartners(_:)``): only then can a value
    /// without `text` in ASCII still match it.
    static func hasPartnerLetters(_ text: [UInt8]) -> Bool {
        text.contains { $0 == UInt8(ascii: "i") || $0 == UInt8(ascii: "k") || $0 == UInt8(ascii: "s") }
    }

    /// True when `text` starts with `prefix` (lowercase ASCII), ignoring ASCII case.
    static func hasPrefix(_ prefix: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= prefix.count else { return false }
        for index in prefix.indices where lowered(text[index]) != prefix[index] { return false }
        return true
    }

    static func lowered(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte)
    }
}
