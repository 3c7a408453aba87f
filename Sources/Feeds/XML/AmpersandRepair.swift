#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Escapes the ampersands XML forbids bare (`Q&A`, `?a=1&b=2`), which hand-made feeds are full
/// of, before libxml2 sees them: libxml2 would drop the `&` and the word after it. An `&` that
/// starts a reference (`&amp;`, `&#8217;`, `&eacute;`) is left alone, and so is everything in a
/// CDATA section or a comment. A hexadecimal reference written with a capital X (`&#X41;`), which
/// XML does not allow and browsers read, is written with a small one.
///
/// Input is handed on as is, in the runs between repairs, without a copy; the few bytes at the
/// end of a chunk that cannot be judged yet (`&eac`, `<![CD`) wait for the next chunk.
struct AmpersandRepair: ChunkFilter {
    private enum State { case markup, cdata, comment }

    /// A reference is a name of at most this many bytes, then `;`.
    private static let longestReference = 64
    private static let escape: StaticString = "amp;"
    private static let smallX: StaticString = "x"
    private static let cdataOpening = Array("<![CDATA[".utf8)
    private static let commentOpening = Array("<!--".utf8)

    private var state = State.markup
    var carried: [UInt8] = []

    mutating func process(
        _ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var index = 0
        var handedOn = 0
        var heldBack = bytes.count
        // The next `&` and `!` from `index`, found with memchr and kept until passed.
        var ampersand = -1
        var bang = -1
        scan: while index < bytes.count {
            switch state {
            case .markup:
                if ampersand < index { ampersand = Self.find(UInt8(ascii: "&"), in: bytes, from: index) }
                if bang < index { bang = Self.find(UInt8(ascii: "!"), in: bytes, from: index) }
                if bang < ampersand, bang > 0, bytes[bang - 1] == UInt8(ascii: "<") {
                    guard let opened = Self.opening(in: bytes, at: bang - 1, isFinal: isFinal) else {
                        heldBack = bang - 1
                        break scan
                    }
                    state = opened
                    index = bang + (opened == .cdata ? 8 : opened == .comment ? 3 : 1)
                } else if bang < ampersand {
                    index = bang + 1
                } else if ampersand < bytes.count {
                    switch Self.judgeAmpersand(in: bytes, at: ampersand, isFinal: isFinal) {
                    case .reference:
                        index = ampersand + 1
                        if bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "X") {
                            // `&#X41;`: XML allows only a small x, browsers and feedparser read both.
                            emit(UnsafeBufferPointer(rebasing: bytes[handedOn...index]))
                            emit(UnsafeBufferPointer(start: Self.smallX.utf8Start, count: 1))
                            index += 2
                            handedOn = index
                        }
                    case .bare:
                        emit(UnsafeBufferPointer(rebasing: bytes[handedOn...ampersand]))
                        emit(
                            UnsafeBufferPointer(
                                start: Self.escape.utf8Start, count: Self.escape.utf8CodeUnitCount))
                        index = ampersand + 1
                        handedOn = index
                    case .undecided:
                        heldBack = ampersand
                        break scan
                    }
                } else {
                    // A `<` at the very end may open a CDATA section in the next chunk.
                    if !isFinal, bytes[bytes.count - 1] == UInt8(ascii: "<") { heldBack = bytes.count - 1 }
                    break scan
                }
            case .cdata:
                let bracket = Self.find(UInt8(ascii: "]"), in: bytes, from: index)
                if bracket + 2 < bytes.count {
                    let closes =
                        bytes[bracket + 1] == UInt8(ascii: "]") && bytes[bracket + 2] == UInt8(ascii: ">")
                    if closes { state = .markup }
                    index = bracket + (closes ? 3 : 1)
                } else {
                    if !isFinal, bracket < bytes.count { heldBack = bracket }
                    break scan
                }
            case .comment:
                let greater = Self.find(UInt8(ascii: ">"), in: bytes, from: index)
                if greater < bytes.count {
                    let closes =
                        greater >= index + 2 && bytes[greater - 1] == UInt8(ascii: "-")
                        && bytes[greater - 2] == UInt8(ascii: "-")
                    if closes { state = .markup }
                    index = greater + 1
                } else {
                    // A `--` at the very end may close the comment in the next chunk.
                    if !isFinal {
                        let dashes = bytes[index...].reversed().prefix { $0 == UInt8(ascii: "-") }.count
                        heldBack = bytes.count - min(dashes, 2)
                    }
                    break scan
                }
            }
        }
        if heldBack > handedOn { emit(UnsafeBufferPointer(rebasing: bytes[handedOn..<heldBack])) }
        if heldBack < bytes.count { carried = Array(bytes[heldBack...]) }
    }

    /// The index of the first `byte` from `index` (memchr), or the end of the bytes.
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        guard let base = bytes.baseAddress, index < bytes.count,
            let found = memchr(base + index, Int32(byte), bytes.count - index)
        else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    private enum Ampersand { case reference, bare, undecided }

    /// Whether the `&` at `index` starts a reference: `&name;`, `&#123;` or `&#x1F;`.
    private static func judgeAmpersand(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, isFinal: Bool)
        -> Ampersand
    {
        var cursor = index + 1
        let isNumeric = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "#")
        if isNumeric { cursor += 1 }
        let nameStart = cursor
        while cursor < bytes.count, cursor - index <= longestReference {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: ";") { return cursor > nameStart ? .reference : .bare }
            let isNameByte =
                isNumeric
                ? (byte | 0x20) &- 0x61 < 6 || byte &- 0x30 < 10 || byte | 0x20 == UInt8(ascii: "x")
                : (byte | 0x20) &- 0x61 < 26 || byte >= 0x80 || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: ":") || (cursor > nameStart && isNameContinuation(byte))
            guard isNameByte else { return .bare }
            cursor += 1
        }
        return cursor - index > longestReference || isFinal ? .bare : .undecided
    }

    private static func isNameContinuation(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// What the `<!` at `index` opens; nil when the bytes end too soon to tell.
    private static func opening(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, isFinal: Bool) -> State?
    {
        for (sequence, state) in [(cdataOpening, State.cdata), (commentOpening, .comment)] {
            let available = min(sequence.count, bytes.count - index)
            guard bytes[index..<(index + available)].elementsEqual(sequence[..<available]) else { continue }
            if available == sequence.count { return state }
            return isFinal ? .markup : nil
        }
        return .markup
    }
}
