/// Windows-1252 (and so ISO-8859-1 and US-ASCII, as browsers read them) to clean UTF-8.
struct Windows1252Decoder: ByteDecoder {
    /// The characters of 0x80–0x9F, where Windows-1252 differs from Latin-1; the five bytes it
    /// leaves undefined map to the C1 control of the same value, as in the WHATWG table.
    private static let high: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    private var output: [UInt8] = []

    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(input.count + input.count / 4)
        for byte in input {
            switch byte {
            case 0x80...0x9F: UTF8Output.append(Self.high[Int(byte - 0x80)], to: &output)
            default: UTF8Output.append(UInt32(byte), to: &output)
            }
        }
        UTF8Output.flush(output, to: emit)
    }

    mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {}
}
