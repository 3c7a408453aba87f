/// UTF-16 in either byte order to clean UTF-8; an unpaired surrogate becomes U+FFFD.
struct UTF16Decoder: ByteDecoder {
    let isBigEndian: Bool
    /// The first byte of a code unit whose second byte is in the next chunk.
    private var oddByte: UInt8?
    /// A high surrogate waiting for its low half.
    private var highSurrogate: UInt32?
    private var output: [UInt8] = []

    init(isBigEndian: Bool) { self.isBigEndian = isBigEndian }

    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(input.count + input.count / 2)
        var index = 0
        if let first = oddByte, !input.isEmpty {
            oddByte = nil
            append(unit(first, input[0]))
            index = 1
        }
        while index + 1 < input.count {
            append(unit(input[index], input[index + 1]))
            index += 2
        }
        if index < input.count { oddByte = input[index] }
        UTF8Output.flush(output, to: emit)
    }

    mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        output.removeAll(keepingCapacity: true)
        if highSurrogate != nil || oddByte != nil { output.append(contentsOf: UTF8Output.replacement) }
        highSurrogate = nil
        oddByte = nil
        UTF8Output.flush(output, to: emit)
    }

    private func unit(_ first: UInt8, _ second: UInt8) -> UInt32 {
        isBigEndian ? UInt32(first) << 8 | UInt32(second) : UInt32(second) << 8 | UInt32(first)
    }

    private mutating func append(_ unit: UInt32) {
        if let high = highSurrogate {
            highSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                UTF8Output.append(0x10000 + (high - 0xD800) << 10 + (unit - 0xDC00), to: &output)
                return
            }
            output.append(contentsOf: UTF8Output.replacement)
        }
        switch unit {
        case 0xD800...0xDBFF: highSurrogate = unit
        case 0xDC00...0xDFFF: output.append(contentsOf: UTF8Output.replacement)
        default: UTF8Output.append(unit, to: &output)
        }
    }
}
