#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the elements libxml2 sees balanced, as an HTML parser would, before it sees them: an end
/// tag that closes no open element is dropped, and one that closes an element further out first
/// closes the ones inside it. libxml2's recovery does neither: it lets any end tag close the
/// innermost element, so one stray `</p>` inside an Atom entry's XHTML content closed the content,
/// then the entry, then the feed, and the rest of the document was "extra content" that stopped
/// the parse: 4 entries of 25, silently.
///
/// It also counts what a warning needs when the document breaks anyway: the elements still open
/// (``depth``, more than none at the end means the document ended early) and the start tags of
/// items and entries (``itemStarts``, "4 of at least 25 items read").
///
/// Tags, comments, CDATA sections, processing instructions and the document type are read as
/// libxml2 reads them (a `>` inside a quoted attribute value does not end a tag). Bytes are handed
/// on as they are, in the runs between changes, without a copy; a construct cut by the end of a
/// chunk waits for the next one (at most ``longestTag`` bytes, past which it is handed on as is).
struct TagBalancer: ChunkFilter {
    private enum State { case content, comment, cdata, instruction }

    /// Elements tracked; deeper ones are counted but not matched (libxml2 stops at 256 anyway).
    static let depthLimit = 1024
    /// The longest tag waited for across chunks.
    static let longestTag = 256 << 10
    /// The longest element name tracked.
    static let longestName = 256

    private var state = State.content
    /// The qualified names of the open elements, innermost last, stored end to end.
    private var names: [UInt8] = []
    private var nameStarts: [Int] = []
    /// Elements opened beyond ``depthLimit`` and not yet closed.
    private var untracked = 0
    var carried: [UInt8] = []

    /// Start tags of elements named `item` or `entry` (in any namespace) seen so far.
    private(set) var itemStarts = 0
    /// Whether any element has started.
    private(set) var hasStarted = false

    /// Elements open now.
    var depth: Int { nameStarts.count + untracked }

    // MARK: Reading

    mutating func process(
        _ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var index = 0
        var handedOn = 0
        var heldBack = bytes.count
        scan: while index < bytes.count {
            switch state {
            case .content:
                let open = Self.find(UInt8(ascii: "<"), in: bytes, from: index)
                guard open < bytes.count else { break scan }
                switch readConstruct(bytes, at: open, isFinal: isFinal) {
                case .incomplete(let scan):
                    if bytes.count - open <= Self.longestTag {
                        heldBack = open
                        resume = scan.cursor > 0 ? scan : nil
                        break scan
                    }
                    index = open + 1
                case .passed(let end):
                    index = end
                case .entered(let state, let end):
                    self.state = state
                    index = end
                case .endTag(let nameRange, let end):
                    switch close(bytes, nameRange) {
                    case .matched:
                        break
                    case .stray:
                        if open > handedOn { emit(UnsafeBufferPointer(rebasing: bytes[handedOn..<open])) }
                        handedOn = end
                    case .closing(let inner, let exact):
                        if open > handedOn { emit(UnsafeBufferPointer(rebasing: bytes[handedOn..<open])) }
                        // The elements inside the one closed, innermost first, then the one itself
                        // under the name it was opened with.
                        var closing: [UInt8] = []
                        for level in stride(
                            from: nameStarts.count - 1, through: nameStarts.count - inner, by: -1)
                        {
                            closing += Array("</".utf8) + name(at: level) + [UInt8(ascii: ">")]
                        }
                        closing += Array("</".utf8) + exact + [UInt8(ascii: ">")]
                        closing.withUnsafeBufferPointer { emit($0) }
                        popLevels(inner + 1)
                        handedOn = end
                    }
                    index = end
                }
            case .comment, .cdata, .instruction:
                let terminator: [UInt8] =
                    state == .comment
                    ? Array("-->".utf8) : state == .cdata ? Array("]]>".utf8) : Array("?>".utf8)
                guard let end = Self.find(terminator, in: bytes, from: index) else {
                    // The terminator may begin in the last bytes.
                    if !isFinal { heldBack = max(index, handedOn, bytes.count - (terminator.count - 1)) }
                    break scan
                }
                state = .content
                index = end
            }
        }
        if heldBack > handedOn { emit(UnsafeBufferPointer(rebasing: bytes[handedOn..<heldBack])) }
        if heldBack < bytes.count { carried = Array(bytes[max(heldBack, handedOn)...]) }
    }

    private enum Construct {
        /// The construct's end is not in the bytes yet; reading goes on from ``Scan`` next time.
        case incomplete(Scan)
        /// A start tag, a document type, or a `<` that starts nothing, read up to `end`.
        case passed(end: Int)
        /// A comment, CDATA section or processing instruction starts; its content begins at `end`.
        case entered(State, end: Int)
        case endTag(name: Range<Int>, end: Int)
    }

    /// How far a tag cut by the end of a chunk was read, relative to its `<`: so that a long tag
    /// arriving a byte at a time is read once, not again at every byte.
    private struct Scan {
        enum Kind { case start, end, doctype }
        var kind: Kind
        var nameEnd: Int
        var cursor: Int
        var quote: UInt8 = 0
        var brackets = 0
    }

    /// Where the reading of the held tag stopped, when one is held.
    private var resume: Scan?

    /// Reads the construct that the `<` at `open` starts.
    private mutating func readConstruct(_ bytes: UnsafeBufferPointer<UInt8>, at open: Int, isFinal: Bool)
        -> Construct
    {
        let count = bytes.count
        var scan: Scan
        if let resumed = resume, open == 0 {
            resume = nil
            scan = resumed
        } else {
            guard open + 1 < count else {
                return isFinal ? .passed(end: count) : .incomplete(Scan(kind: .start, nameEnd: 0, cursor: 0))
            }
            let next = bytes[open + 1]
            switch next {
            case UInt8(ascii: "!"):
                let rest = UnsafeBufferPointer(rebasing: bytes[(open + 2)...])
                for (opening, state) in [(Array("--".utf8), State.comment), (Array("[CDATA[".utf8), .cdata)] {
                    let available = min(opening.count, rest.count)
                    guard rest[..<available].elementsEqual(opening[..<available]) else { continue }
                    if available < opening.count {
                        return isFinal
                            ? .passed(end: count) : .incomplete(Scan(kind: .start, nameEnd: 0, cursor: 0))
                    }
                    return .entered(state, end: open + 2 + opening.count)
                }
                scan = Scan(kind: .doctype, nameEnd: 2, cursor: 2)
            case UInt8(ascii: "?"):
                return .entered(.instruction, end: open + 2)
            case UInt8(ascii: "/"):
                let cursor = Self.nameEnd(bytes, from: open + 2)
                scan = Scan(kind: .end, nameEnd: cursor - open, cursor: cursor - open)
            default:
                guard Self.isNameStart(next) else { return .passed(end: open + 1) }
                let cursor = Self.nameEnd(bytes, from: open + 1)
                scan = Scan(kind: .start, nameEnd: cursor - open, cursor: cursor - open)
            }
            // A name longer than any real one is not tracked (nor read again at every byte).
            guard scan.nameEnd <= Self.longestName else { return .passed(end: open + 1) }
            // A name cut by the end of the chunk is read again whole.
            if open + scan.cursor == count && !isFinal {
                return .incomplete(Scan(kind: .start, nameEnd: 0, cursor: 0))
            }
        }
        // Up to the `>` that ends the construct: outside quotes in a start tag, outside the
        // internal subset in a document type.
        var cursor = open + scan.cursor
        scanning: while cursor < count {
            let byte = bytes[cursor]
            switch scan.kind {
            case .end:
                if byte == UInt8(ascii: ">") { break scanning }
            case .doctype:
                if byte == UInt8(ascii: "[") {
                    scan.brackets += 1
                } else if byte == UInt8(ascii: "]") {
                    scan.brackets -= 1
                } else if byte == UInt8(ascii: ">") && scan.brackets <= 0 {
                    break scanning
                }
            case .start:
                if scan.quote != 0 {
                    if byte == scan.quote { scan.quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    scan.quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break scanning
                }
            }
            cursor += 1
        }
        guard cursor < count else {
            if isFinal { return .passed(end: count) }
            scan.cursor = cursor - open
            return .incomplete(scan)
        }
        let name = (open + (scan.kind == .end ? 2 : 1))..<(open + scan.nameEnd)
        switch scan.kind {
        case .doctype:
            return .passed(end: cursor + 1)
        case .end:
            return name.isEmpty ? .passed(end: cursor + 1) : .endTag(name: name, end: cursor + 1)
        case .start:
            hasStarted = true
            if Self.isItem(bytes, name) { itemStarts += 1 }
            if bytes[cursor - 1] != UInt8(ascii: "/") { push(bytes, name) }
            return .passed(end: cursor + 1)
        }
    }

    // MARK: Open elements

    private enum Closing {
        /// The innermost element.
        case matched
        /// No open element.
        case stray
        /// An element with `inner` elements inside it, opened as `exact`.
        case closing(inner: Int, exact: [UInt8])
    }

    private mutating func push(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) {
        guard nameStarts.count < Self.depthLimit, untracked == 0 else {
            untracked += 1
            return
        }
        nameStarts.append(names.count)
        names.append(contentsOf: bytes[name])
    }

    private mutating func close(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Closing {
        if untracked > 0 {
            untracked -= 1
            return .matched
        }
        let wanted = bytes[name]
        guard !nameStarts.isEmpty else { return .stray }
        let top = nameStarts.count - 1
        if self.name(at: top).elementsEqual(wanted) {
            popLevels(1)
            return .matched
        }
        // Further out, by its exact name, else by its name in any case (`</Item>` for `<item>`).
        for exact in [true, false] {
            for level in stride(from: top, through: 0, by: -1) {
                let open = self.name(at: level)
                let same =
                    exact
                    ? open.elementsEqual(wanted)
                    : open.count == wanted.count
                        && zip(open, wanted).allSatisfy { Self.lowered($0) == Self.lowered($1) }
                guard same else { continue }
                // The document's end inside an item is a stray tag (a page's HTML pasted into an
                // entry), not the end of the feed and of every item after it.
                if level == 0 && top > 0 && (1...top).contains(where: { Self.isItemName(self.name(at: $0)) })
                {
                    return .stray
                }
                if level == top {
                    return .closing(inner: 0, exact: Array(open))
                }
                return .closing(inner: top - level, exact: Array(open))
            }
        }
        return .stray
    }

    private func name(at level: Int) -> ArraySlice<UInt8> {
        let end = level + 1 < nameStarts.count ? nameStarts[level + 1] : names.count
        return names[nameStarts[level]..<end]
    }

    private mutating func popLevels(_ levels: Int) {
        let level = nameStarts.count - levels
        names.removeSubrange(nameStarts[level]...)
        nameStarts.removeSubrange(level...)
    }

    // MARK: Bytes

    /// Whether the name in `range` is `item` or `entry` after any prefix.
    private static func isItem(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        isItemName(bytes[range])
    }

    private static func isItemName(_ name: some Collection<UInt8>) -> Bool {
        let local = name.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).last ?? []
        return local.elementsEqual("item".utf8) || local.elementsEqual("entry".utf8)
    }

    /// The end of the name that starts at `index`, at most ``longestName`` + 1 bytes on.
    private static func nameEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var cursor = index
        while cursor < bytes.count, cursor - index <= longestName, isNameByte(bytes[cursor]) { cursor += 1 }
        return cursor
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || byte &- 0x30 < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func lowered(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    /// The index of the first `byte` from `index` (memchr), or the end of the bytes.
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        guard let base = bytes.baseAddress, index < bytes.count,
            let found = memchr(base + index, Int32(byte), bytes.count - index)
        else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The index just past the first `sequence` from `index`, or nil.
    private static func find(_ sequence: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from index: Int)
        -> Int?
    {
        var start = index
        while true {
            let first = find(sequence[0], in: bytes, from: start)
            guard first + sequence.count <= bytes.count else { return nil }
            if bytes[first..<first + sequence.count].elementsEqual(sequence) { return first + sequence.count }
            start = first + 1
        }
    }
}
