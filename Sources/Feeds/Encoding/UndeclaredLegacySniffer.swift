/// Decodes bytes that declare no encoding and are not UTF-8 (``UTF8Sniffer`` hands them on from
/// the first byte that is not ASCII): windows-1252, as browsers read a Western page that says
/// nothing, unless the first bytes read as Japanese in Shift_JIS, which they then are.
///
/// Japanese prose is full of kana, and in Shift_JIS every hiragana and katakana character is two
/// bytes with a lead byte of 0x82 or 0x83 (`‚` and `ƒ` in windows-1252, which a Western text all
/// but never follows with a letter). So the bytes are Shift_JIS when the first ``sample`` bytes
/// are well-formed Shift_JIS (each lead byte followed by a trail byte) and at least a tenth of
/// their two-byte characters, and two at least, are kana. German or French text (`für`, `Grüße`)
/// can be well-formed Shift_JIS by chance, but its two-byte pairs are not kana.
struct UndeclaredLegacySniffer: ByteDecoder {
    /// Bytes judged before choosing (fewer when the document ends first).
    static let sample = 4 << 10

    private var held: [UInt8] = []
    private var decoder: (any ByteDecoder)?

    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if decoder != nil { return decoder!.decode(input, emit: emit) }
        held.append(contentsOf: input)
        if held.count >= Self.sample { choose(emit: emit) }
    }

    mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if decoder == nil { choose(emit: emit) }
        decoder!.finish(emit: emit)
    }

    private mutating func choose(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var chosen: any ByteDecoder = Windows1252Decoder()
        if Self.readsAsShiftJIS(held.prefix(Self.sample)), let japanese = IconvDecoder(label: "CP932") {
            chosen = japanese
        }
        held.withUnsafeBufferPointer { chosen.decode($0, emit: emit) }
        held = []
        decoder = chosen
    }

    /// Whether `bytes` are well-formed Shift_JIS with kana among their two-byte characters.
    static func readsAsShiftJIS(_ bytes: some Collection<UInt8>) -> Bool {
        var pairs = 0
        var kana = 0
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            // ASCII, and half-width katakana (one byte each).
            if byte < 0x80 || (0xA1...0xDF).contains(byte) { continue }
            guard (0x81...0x9F).contains(byte) || (0xE0...0xFC).contains(byte) else { return false }
            // A lead byte cut by the sample's end says nothing.
            guard let trail = iterator.next() else { break }
            guard (0x40...0x7E).contains(trail) || (0x80...0xFC).contains(trail) else { return false }
            pairs += 1
            if (byte == 0x82 && (0x9F...0xF1).contains(trail))
                || (byte == 0x83 && (0x40...0x96).contains(trail))
            {
                kana += 1
            }
        }
        return kana >= 2 && kana * 10 >= pairs
    }
}
