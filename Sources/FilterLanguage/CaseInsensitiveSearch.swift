/// Looking for ASCII text in UTF-8 text, ignoring ASCII case.
enum CaseInsensitiveSearch {
    /// True when `needle` (lowercase ASCII) occurs in `haystack`, ASCII letters of either case
    /// matching. An empty needle occurs everywhere.
    static func contains(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        let last = haystack.count - needle.count
        let firstUpper = isLowercaseLetter(first) ? first - 0x20 : first
        return needle.withUnsafeBufferPointer { needle in
            var index = 0
            while index <= last {
                let byte = haystack[index]
                if byte == first || byte == firstUpper {
                    var offset = 1
                    while offset < needle.count, lowered(haystack[index + offset]) == needle[offset] {
                        offset += 1
                    }
                    if offset == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// True when `text` holds a letter outside ASCII whose other case is an ASCII letter (K KELVIN
    /// SIGN, ſ LONG S, İ, ı), which a case-ignoring regular expression can match with ASCII.
    static func hasASCIIPartners(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= 2 else { return false }
        for index in 0..<(text.count - 1) {
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
