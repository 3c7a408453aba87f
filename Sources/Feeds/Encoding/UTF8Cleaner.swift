/// Makes UTF-8 input clean (see ``ByteDecoder``). Input that is clean already, as nearly every
/// feed is, is handed on as is, without a copy; ASCII is checked eight bytes at a time.
struct UTF8Cleaner: ByteDecoder {
    /// The start of a character whose end is in the next chunk (at most 3 bytes).
    private var pending: [UInt8] = []
    private var output: [UInt8] = []

    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        if !pending.isEmpty {
            start = completePending(input, emit: emit)
            guard start < input.count, pending.isEmpty else { return }
        }
        let rest = UnsafeBufferPointer(rebasing: input[start...])
        let clean = Self.cleanPrefix(rest)
        if clean == rest.count {
            emit(rest)
            return
        }
        output.removeAll(keepingCapacity: true)
        output.append(contentsOf: rest[..<clean])
        cleanSlowly(rest, from: clean)
        UTF8Output.flush(output, to: emit)
    }

    mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard !pending.isEmpty else { return }
        pending.removeAll()
        UTF8Output.replacement.withUnsafeBufferPointer { emit($0) }
    }

    /// The length of the longest prefix of `input` that is clean and ends on a character
    /// boundary.
    private static func cleanPrefix(_ input: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = input.baseAddress else { return 0 }
        let count = input.count
        var index = 0
        while index < count {
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // Any byte at or above 0x80, or below 0x20 (Hacker's Delight's "has less").
                let special =
                    (word | (word &- 0x2020_2020_2020_2020) & ~word) & 0x8080_8080_8080_8080
                guard special == 0 else { break }
                index += 8
            }
            guard index < count else { break }
            let byte = base[index]
            if byte < 0x80 {
                guard byte >= 0x20 || UTF8Output.isAllowed(byte: byte) else { return index }
                index += 1
                continue
            }
            guard case .scalar(let scalar, let length) = UTF8Sequence.decode(input, at: index),
                UTF8Output.isAllowed(scalar)
            else { return index }
            index += length
        }
        return index
    }

    /// Cleans `input` from `index` on into ``output``; an incomplete last character goes to
    /// ``pending``.
    private mutating func cleanSlowly(_ input: UnsafeBufferPointer<UInt8>, from index: Int) {
        var index = index
        while index < input.count {
            let byte = input[index]
            if byte < 0x80 {
                if byte >= 0x20 || UTF8Output.isAllowed(byte: byte) { output.append(byte) }
                index += 1
                continue
            }
            switch UTF8Sequence.decode(input, at: index) {
            case .scalar(let scalar, let length):
                if UTF8Output.isAllowed(scalar) { output.append(contentsOf: input[index..<index + length]) }
                index += length
            case .invalid(let length):
                output.append(contentsOf: UTF8Output.replacement)
                index += length
            case .incomplete:
                pending.append(contentsOf: input[index...])
                index = input.count
            }
        }
    }

    /// Completes the character begun in the previous chunk with the first bytes of `input`;
    /// returns how many bytes of `input` it took.
    private mutating func completePending(
        _ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int {
        let carried = pending.count
        let joined = pending + input.prefix(4 - carried)
        return joined.withUnsafeBufferPointer { bytes in
            switch UTF8Sequence.decode(bytes, at: 0) {
            case .scalar(let scalar, let length):
                pending.removeAll()
                if UTF8Output.isAllowed(scalar) { emit(UnsafeBufferPointer(rebasing: bytes[..<length])) }
                return length - carried
            case .invalid(let length):
                pending.removeAll()
                UTF8Output.replacement.withUnsafeBufferPointer { emit($0) }
                return max(0, length - carried)
            case .incomplete:
                pending = Array(bytes)
                return input.count
            }
        }
    }
}

/// One UTF-8 character read from bytes, per the Unicode Standard's table of well-formed
/// sequences (no overlong forms, no surrogates, nothing above U+10FFFF).
enum UTF8Sequence {
    case scalar(UInt32, length: Int)
    /// Not UTF-8: the maximal ill-formed subpart to replace with one U+FFFD.
    case invalid(length: Int)
    /// A valid start that the input ends in the middle of.
    case incomplete

    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UTF8Sequence {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        var scalar: UInt32
        switch lead {
        case 0x00..<0x80: return .scalar(UInt32(lead), length: 1)
        case 0xC2...0xDF:
            length = 2
            scalar = UInt32(lead & 0x1F)
        case 0xE0:
            length = 3
            low = 0xA0
            scalar = 0
        case 0xED:
            length = 3
            high = 0x9F
            scalar = 0x0D
        case 0xE1...0xEF:
            length = 3
            scalar = UInt32(lead & 0x0F)
        case 0xF0:
            length = 4
            low = 0x90
            scalar = 0
        case 0xF4:
            length = 4
            high = 0x8F
            scalar = 4
        case 0xF1...0xF3:
            length = 4
            scalar = UInt32(lead & 0x07)
        default: return .invalid(length: 1)
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return .incomplete }
            let byte = bytes[index + offset]
            guard byte >= low, byte <= high else { return .invalid(length: offset) }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
            low = 0x80
            high = 0xBF
        }
        return .scalar(scalar, length: length)
    }
}
