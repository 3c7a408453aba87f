/// Looking for ASCII text in UTF-8 text, ignoring ASCII case.
enum CaseInsensitiveSearch {
    /// True when `needle` (lowercase ASCII) occurs in `haystack`, ASCII letters of either case
    /// matching. An empty needle occurs everywhere.
    ///
    /// Positions are passed over eight at a time while none of them holds the needle's first
    /// letter in either case (a killfile asks this of every item's title once a rule).
    static func contains(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
        let last = haystack.count - needle.count
        let firstUpper = isLowercaseLetter(first) ? first - 0x20 : first
        let lowerWord = UInt64(first) &* 0x0101_0101_0101_0101
        let upperWord = UInt64(firstUpper) &* 0x0101_0101_0101_0101
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
            var index = 0
            while index + 8 <= haystack.count, index <= last {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if hasZeroByte(word ^ lowerWord) || hasZeroByte(word ^ upperWord) {
                    for candidate in index..<min(index + 8, last + 1) where matches(at: candidate) {
                        return true
                    }
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

    /// True when one of the eight bytes of `word` is zero.
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// True when `text` holds a letter outside ASCII whose other case is an ASCII letter (K KELVIN
    /// SIGN, ſ LONG S, İ, ı), which a case-ignoring regular expression can match with ASCII.
    ///
    /// It is asked of every value a pattern's text is not in, for every pattern (a killfile of
    /// fifty rules asks it fifty times an item), so ASCII is passed over eight bytes at a time: no
    /// such letter starts before the first byte with its high bit set.
    static func hasASCIIPartners(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= 2, let base = text.baseAddress else { return false }
        var start = 0
        while start + 8 <= text.count,
            UnsafeRawPointer(base).loadUnaligned(fromByteOffset: start, as: UInt64.self)
                & 0x8080_8080_8080_8080 == 0
        {
            start += 8
        }
        guard start < text.count - 1 else { return false }
        for index in start..<(text.count - 1) where text[index] >= 0xC4 {
            switch (text[index], text[index + 1]) {
            case (0xC4, 0xB0), (0xC4, 0xB1), (0xC5, 0xBF): return true
            case (0xE2, 0x84) where index + 2 < text.count && text[index + 2] == 0xAA: return true
            default: continue
            }
        }
        return false
    }

    static func lowered(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte)
    }
}
