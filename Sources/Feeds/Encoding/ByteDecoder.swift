/// Turns bytes in one encoding into clean UTF-8, chunk by chunk: valid UTF-8 (malformed input
/// becomes U+FFFD) without NUL, without C0 controls other than tab, line feed, carriage return and
/// the four an escape sequence's parser reads (ESC, BEL, CAN and SUB), and without U+FFFE/U+FFFF:
/// characters XML forbids and libxml2 would stop at. Those four are kept for ``DocumentDecoder``'s
/// escape filter, which removes ESC with the sequence it starts and needs BEL, CAN and SUB to see
/// where a sequence ends; it drops what is left of them. A character split across chunks is kept
/// until its end arrives.
protocol ByteDecoder {
    /// Decodes `input`, handing the output to `emit` in one or more pieces (possibly none).
    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void)
    /// Ends the input: a character left incomplete becomes U+FFFD.
    mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void)
}

/// The UTF-8 building blocks the decoders share.
enum UTF8Output {
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// True for the code points XML allows (and libxml2 reads), and the ``sequenceControls``: not
    /// NUL, not another C0 control than tab, line feed and carriage return, not a surrogate, not
    /// U+FFFE or U+FFFF.
    @inline(__always)
    static func isAllowed(_ scalar: UInt32) -> Bool {
        if scalar < 0x20 { return isAllowed(byte: UInt8(scalar)) }
        if scalar < 0xD800 { return true }
        return scalar > 0xDFFF && scalar != 0xFFFE && scalar != 0xFFFF && scalar <= 0x10FFFF
    }

    /// ``isAllowed(_:)`` of an ASCII byte below 0x20: tab, line feed, carriage return and the
    /// ``sequenceControls``.
    @inline(__always)
    static func isAllowed(byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x1B || byte == 0x07 || byte == 0x18
            || byte == 0x1A
    }

    /// BEL, CAN and SUB: the C0 controls besides ESC that end or cancel an escape sequence (a
    /// string sequence ends at BEL, as `ESC ] 0 ; title BEL`). XML forbids them.
    static let sequenceControls: [UInt8] = [0x07, 0x18, 0x1A]

    /// Appends `scalar` in UTF-8 when XML allows it.
    @inline(__always)
    static func append(_ scalar: UInt32, to output: inout [UInt8]) {
        guard isAllowed(scalar) else { return }
        switch scalar {
        case ..<0x80:
            output.append(UInt8(scalar))
        case ..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Hands `output` to `emit` when it holds anything.
    static func flush(_ output: [UInt8], to emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard !output.isEmpty else { return }
        output.withUnsafeBufferPointer { emit($0) }
    }
}
