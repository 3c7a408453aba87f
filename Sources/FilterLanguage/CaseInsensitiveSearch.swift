#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Looking for ASCII text in UTF-8 text, ignoring ASCII case.
enum CaseInsensitiveSearch {
    /// What ``find(_:in:)`` found.
    enum Found: Equatable {
        /// The needle is there.
        case found
        /// The needle is not there, and no letter whose case partner is ASCII either.
        case absent
        /// The needle is not there in ASCII, and the value holds a lead byte of a letter whose
        /// case partner is ASCII (C4, C5 or E2): ``hasASCIIPartners(_:)`` tells.
        case absentBesidePartnerLeads
    }

    /// True when `needle` (lowercase ASCII) occurs in `haystack`, ASCII letters of either case
    /// matching. An empty needle occurs everywhere.
    static func contains(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        find(needle, in: haystack) == .found
    }

    /// Whether `needle` (lowercase ASCII) occurs in `haystack`, ASCII letters of either case
    /// matching, and when it does not, whether the value may hold a letter outside ASCII whose
    /// case partner is ASCII, in the same pass over it (a pattern with `i`, `k` or `s` asks both
    /// of every value, and most values hold none of those lead bytes).
    ///
    /// Positions are looked at sixteen at a time (SIMD): a position is a candidate when it and the
    /// next byte are the needle's first two letters in either case, and only candidates are
    /// compared with the whole needle. The last positions are the last sixteen, overlapping those
    /// already looked at, rather than one at a time: a title is 60 bytes.
    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Found {
        guard let first = needle.first else { return .found }
        guard let base = haystack.baseAddress else { return .absent }
        let count = haystack.count
        let last = count - needle.count
        let firstUpper = isLowercaseLetter(first) ? first - 0x20 : first
        let single = needle.count == 1
        // `| 0x20` lowercases an ASCII letter and maps a byte equal to the needle's to the same
        // value as the needle's, so a position it rules out cannot match; one it keeps is checked.
        let folded = Bytes(repeating: 0x20)
        let firstBytes = Bytes(repeating: first | 0x20)
        let secondBytes = Bytes(repeating: (single ? first : needle[1]) | 0x20)
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
            var leads = SIMDMask<Bytes.MaskStorage>(repeating: false)
            /// Looks at the sixteen positions from `start` (with seventeen bytes after it).
            @inline(__always) func found(from start: Int) -> Bool {
                let bytes = raw.loadUnaligned(fromByteOffset: start, as: Bytes.self)
                let next = raw.loadUnaligned(fromByteOffset: start + 1, as: Bytes.self)
                leads .|= partnerLeads(bytes) .| partnerLeads(next)
                var flagged = (bytes | folded) .== firstBytes
                if !single { flagged .&= (next | folded) .== secondBytes }
                var candidates = bitmask(flagged)
                while candidates != 0 {
                    let candidate = start + candidates.trailingZeroBitCount
                    if candidate <= last && matches(at: candidate) { return true }
                    candidates &= candidates - 1
                }
                return false
            }
            var index = 0
            while index + 17 <= count, index <= last {
                if found(from: index) { return .found }
                index += 16
            }
            if index <= last {
                if count >= 17 {
                    // Positions up to the last but one; a needle of one byte can start at the last.
                    if found(from: count - 17) || (single && matches(at: last)) { return .found }
                    index = count
                } else {
                    for position in index...last where matches(at: position) { return .found }
                }
            }
            var lead = bitmask(leads) != 0
            while index < count, !lead {
                lead = base[index] & 0xFE == 0xC4 || base[index] == 0xE2
                index += 1
            }
            return lead ? .absentBesidePartnerLeads : .absent
        }
    }

    private typealias Bytes = SIMD16<UInt8>

    /// The lanes of `bytes` that are C4, C5 or E2, the lead bytes of the letters whose case
    /// partner is ASCII (``hasASCIIPartners(_:)``).
    @inline(__always)
    private static func partnerLeads(_ bytes: Bytes) -> SIMDMask<Bytes.MaskStorage> {
        ((bytes & Bytes(repeating: 0xFE)) .== Bytes(repeating: 0xC4)) .| (bytes .== Bytes(repeating: 0xE2))
    }

    /// The lanes of `mask` as the low 16 bits of a number, the first lane lowest: each lane keeps
    /// its own bit of its byte, and the bytes of each half are added by one multiplication.
    @inline(__always)
    private static func bitmask(_ mask: SIMDMask<Bytes.MaskStorage>) -> UInt64 {
        let bits =
            unsafeBitCast(mask, to: Bytes.self)
            & Bytes(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
        let halves = unsafeBitCast(bits, to: SIMD2<UInt64>.self)
        let spread: UInt64 = 0x0101_0101_0101_0101
        return ((halves[0] &* spread) >> 56) | (((halves[1] &* spread) >> 56) << 8)
    }

    /// The eight bytes at `offset`, the first in the lowest bits whatever the machine's order.
    private static func word(_ raw: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
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
