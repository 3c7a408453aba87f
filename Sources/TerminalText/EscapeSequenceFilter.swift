#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes escape sequences from UTF-8 text as its bytes arrive, read by the terminal's own parser
/// (``EscapeSequenceParser``): for text that is parsed before it is shown, such as a feed on its
/// way into an XML parser, which would drop an ESC but keep what follows it as text.
///
/// Everything that is not part of a sequence is kept as it was, control characters included (the
/// text's own clean-up decides about those); every ESC goes. A C1 control counts in its UTF-8 form
/// (`C2 80`–`C2 9F`), also split between two chunks. Bytes that are not UTF-8 are text.
public struct EscapeSequenceFilter: Sendable {
    private var parser = EscapeSequenceParser()
    /// A `C2` that ended the last chunk: the first byte of a C1 control or of another character.
    private var pendingLead = false
    private var output: [UInt8] = []

    public init() {}

    /// Whether `bytes` may hold a sequence: an ESC, a C1 introducer (U+0090, U+0098, U+009B,
    /// U+009D–U+009F), or a `C2` at the very end. False for nearly all text, which then needs no
    /// filtering.
    public static func mayHoldSequences(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        if memchr(base, 0x1B, bytes.count) != nil { return true }
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, 0xC2, bytes.count - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard index + 1 < bytes.count else { return true }
            switch bytes[index + 1] {
            case 0x90, 0x98, 0x9B, 0x9D...0x9F: return true
            default: offset = index + 1
            }
        }
        return false
    }

    /// Hands `bytes` without their sequences to `emit`, in one piece or none; a chunk that holds
    /// no sequence, read outside one, is handed on as it is.
    public mutating func filter(
        _ bytes: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        if !pendingLead && !parser.isInSequence && !Self.mayHoldSequences(bytes) {
            if !bytes.isEmpty { emit(bytes) }
            return
        }
        output.removeAll(keepingCapacity: true)
        var index = 0
        if pendingLead, !bytes.isEmpty {
            pendingLead = false
            // The lead was the last chunk's: of what was read, only the byte after it is this one's.
            index = read(lead: 0xC2, next: bytes[0]) - 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xC2 {
                guard index + 1 < bytes.count else {
                    pendingLead = true
                    break
                }
                index += read(lead: byte, next: bytes[index + 1])
                continue
            }
            if parser.read(byte < 0x80 ? UInt32(byte) : Self.otherText) != .sequence { output.append(byte) }
            index += 1
        }
        if !output.isEmpty { output.withUnsafeBufferPointer(emit) }
    }

    /// Ends the text: a `C2` still waiting for its second byte is handed on as it is.
    public mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard pendingLead else { return }
        pendingLead = false
        if parser.read(Self.otherText) != .sequence { [UInt8(0xC2)].withUnsafeBufferPointer(emit) }
    }

    /// Reads a `C2` and the byte after it: a C1 control when that byte is 0x80–0x9F (both bytes
    /// read), else the first byte of another character (the `C2` alone read). How many were read.
    private mutating func read(lead: UInt8, next: UInt8) -> Int {
        if (0x80...0x9F).contains(next) {
            if parser.read(UInt32(next)) != .sequence { output += [lead, next] }
            return 2
        }
        if parser.read(Self.otherText) != .sequence { output.append(lead) }
        return 1
    }

    /// What any byte of a character beyond ASCII and the C1 controls is to the parser: text.
    private static let otherText: UInt32 = 0xFFFD
}

extension TextSanitizer {
    /// UTF-8 text without its escape sequences, as ``EscapeSequenceFilter`` removes them; the very
    /// bytes when it holds none.
    public static func removingEscapeSequences(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard EscapeSequenceFilter.mayHoldSequences(bytes) else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var filter = EscapeSequenceFilter()
        filter.filter(bytes) { result.append(contentsOf: $0) }
        filter.finish { result.append(contentsOf: $0) }
        return result
    }
}
