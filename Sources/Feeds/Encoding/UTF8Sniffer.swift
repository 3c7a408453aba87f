/// Decodes a document that may be UTF-8 whatever it declares, deciding from its bytes: the first
/// bytes that are not ASCII are read as UTF-8 until ``evidence`` characters have been valid UTF-8
/// (UTF-8 then) or one was not (the other decoder then, from the start). ASCII reads the same in
/// both, so what comes before the first other byte is handed on at once; from there on, bytes wait
/// until the choice is made, at most ``holdLimit`` of them.
///
/// With no declaration, one valid character is enough: a UTF-8 document with a stray Latin-1 byte
/// further on stays UTF-8, and one whose first accented letter is a Latin-1 byte is Latin-1
/// (windows-1252), as feedparser and browsers read it. A declared legacy encoding asks for four:
/// legacy text that happens to be valid UTF-8 that long is all but unknown (two bytes of GBK make
/// a valid UTF-8 character about one time in ten; four in a row, one in ten thousand), while a page
/// saved as UTF-8 that still declares `gb2312` is common.
struct UTF8Sniffer: ByteDecoder {
    private enum Choice { case undecided, utf8, other }

    /// Valid UTF-8 characters that decide for UTF-8.
    let evidence: Int
    /// Bytes held while undecided; past this, what was seen decides.
    static let holdLimit = 64 << 10

    private var choice = Choice.undecided
    private var utf8 = UTF8Cleaner()
    private var other: any ByteDecoder
    /// The bytes from the first that is not ASCII on, while undecided.
    private var held: [UInt8] = []
    /// How far ``held`` has been judged.
    private var judged = 0
    private var valid = 0

    init(otherwise other: any ByteDecoder, evidence: Int) {
        self.other = other
        self.evidence = max(1, evidence)
    }

    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        switch choice {
        case .utf8: return utf8.decode(input, emit: emit)
        case .other: return other.decode(input, emit: emit)
        case .undecided: break
        }
        if held.isEmpty {
            let ascii = input.firstIndex { $0 >= 0x80 } ?? input.count
            if ascii > 0 { utf8.decode(UnsafeBufferPointer(rebasing: input[..<ascii]), emit: emit) }
            guard ascii < input.count else { return }
            held.append(contentsOf: input[ascii...])
        } else {
            held.append(contentsOf: input)
        }
        judge(isFinal: false, emit: emit)
    }

    mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if choice == .undecided { judge(isFinal: true, emit: emit) }
        switch choice {
        case .utf8: utf8.finish(emit: emit)
        case .other: other.finish(emit: emit)
        case .undecided: utf8.finish(emit: emit)
        }
    }

    /// Reads ``held`` on from ``judged`` until the choice is made or the bytes run out.
    private mutating func judge(isFinal: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var decided = Choice.undecided
        held.withUnsafeBufferPointer { bytes in
            while judged < bytes.count {
                guard bytes[judged] >= 0x80 else {
                    judged += 1
                    continue
                }
                switch UTF8Sequence.decode(bytes, at: judged) {
                case .scalar(_, let length):
                    judged += length
                    valid += 1
                    if valid >= evidence {
                        decided = .utf8
                        return
                    }
                case .invalid:
                    decided = .other
                    return
                case .incomplete:
                    if isFinal { decided = .other }
                    return
                }
            }
        }
        if decided == .undecided && (isFinal || held.count > Self.holdLimit) {
            decided = valid > 0 ? .utf8 : .other
        }
        guard decided != .undecided else { return }
        choice = decided
        let bytes = held
        held = []
        bytes.withUnsafeBufferPointer { bytes in
            if decided == .utf8 {
                utf8.decode(bytes, emit: emit)
            } else {
                other.decode(bytes, emit: emit)
            }
        }
    }
}
