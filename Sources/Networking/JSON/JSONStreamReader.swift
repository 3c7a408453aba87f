/// Reads a JSON document whose top level is an object, as its bytes arrive, without building it:
/// the top-level members named in `keeping` are handed over whole (their JSON text), each element of
/// the top-level arrays named in `streaming` is handed over on its own as soon as it ends, and
/// everything else is checked and skipped, its bytes not kept.
///
/// Foundation's `JSONDecoder` and `JSONSerialization` build the whole document before anything is
/// decoded: 8 MiB of `[{},{},…]` becomes millions of values and a gigabyte of memory. Here memory is
/// what the caller keeps, plus the one member or element being read. The document's structure is
/// checked on every byte as `JSONDecoder` checks it (objects, arrays, strings, literals, a trailing
/// comma allowed; a top-level key checked as `JSONDecoder` reads the object's keys, its UTF-8, its
/// escapes and no control character unless escaped (``JSONKeyCheck``); the inside of other strings
/// and of numbers is checked where a value is decoded), so a
/// document this reader takes is one `JSONDecoder` takes, and the other way round; the caller
/// decodes each handed-over piece with `JSONDecoder`, which checks the values it reads.
///
/// Two limits hold while reading: nesting deeper than ``Limits/depth`` is refused (as
/// `JSONDecoder` refuses it), and a kept member or element made of more than
/// ``Limits/valuesPerPiece`` values (`[{},{},…]` inside one article) is not handed over: an
/// ``Event/oversized(_:)`` says it was there.
///
/// ```swift
/// var reader = JSONStreamReader(keeping: ["status"], streaming: ["articles"])
/// try reader.read(bytes) { event in
///     if case .element(_, let json) = event { articles.append(decode(json)) }
///     return articles.count < 100  // then the rest of the list is skipped unread
/// }
/// try reader.finish()
/// ```
///
/// The reader is shared: NewsAPI's pages (``NewsAPIBody``) and JSON Feed (Feeds) read with it, and
/// ``JSONPullReader``, the pull API over a body held whole (a sync service's answers), checks its
/// document with it before reading it.
public struct JSONStreamReader: Sendable {
    /// What the reader refuses or leaves out.
    public struct Limits: Sendable, Equatable {
        /// The deepest nesting read; `JSONDecoder` refuses deeper documents too.
        public var depth: Int
        /// The most values (strings, numbers, literals, arrays and objects, the piece itself
        /// included) in one member or element handed over.
        public var valuesPerPiece: Int

        public init(depth: Int = 512, valuesPerPiece: Int = 10_000) {
            self.depth = depth
            self.valuesPerPiece = valuesPerPiece
        }
    }

    /// One piece of the document. The bytes are valid only during the handler's call.
    public enum Event {
        /// A member named in `keeping`, by name, and its value's JSON text.
        case member(String, UnsafeBufferPointer<UInt8>)
        /// An element of an array named in `streaming`: the array's name and the element's JSON text.
        case element(String, UnsafeBufferPointer<UInt8>)
        /// A member or element that was left out for holding more than ``Limits/valuesPerPiece``
        /// values: the member's or the array's name.
        case oversized(String)
    }

    /// The kinds of JSON value.
    public enum Kind: Sendable, Equatable {
        case object, array, string, number, boolean, null
    }

    public let limits: Limits
    /// The kind of each top-level member named in `keeping` or `streaming` that was read (the
    /// first, when a name comes twice).
    public private(set) var kinds: [String: Kind] = [:]
    private let keeping: Set<String>
    private let streaming: Set<String>

    // MARK: State

    private enum Container: UInt8 { case object, array }

    private enum Lexeme {
        /// White space, then the top-level `{`.
        case start
        /// After `{` or `,` in an object: a key, or `}` (a trailing comma is allowed, as
        /// `JSONDecoder` allows it).
        case key
        /// After a key: `:`.
        case colon
        /// After `:`: a value.
        case value
        /// After `[` or `,` in an array: a value or `]`; `comma` after a comma.
        case element(comma: Bool)
        /// After a value: `,` or the container's end.
        case afterValue
        /// Inside a string.
        case string(StringKind)
        /// After a backslash in a string.
        case escape(StringKind)
        /// Inside a `\u` escape, with `remaining` hex digits to come.
        case unicode(StringKind, remaining: Int)
        /// Inside a number: a run of digits, signs, points and exponent marks, which
        /// `JSONDecoder` reads when it decodes the number.
        case number
        /// Inside `true`, `false` or `null`: which, and how many of its bytes were read.
        case literal(Literal, read: Int)
        /// After the top-level object: only white space.
        case end
    }

    private enum StringKind {
        /// A value.
        case value
        /// A key of a nested object.
        case key
        /// A key of the top-level object, whose bytes are kept to be compared with the names asked for.
        case topKey
    }

    private enum Literal {
        case `true`, `false`, null

        var text: StaticString {
            switch self {
            case .true: "true"
            case .false: "false"
            case .null: "null"
            }
        }
    }

    /// What is done with the value of the current top-level member.
    private enum Role { case skip, keep, stream }

    private var lexeme = Lexeme.start
    private var containers: [Container] = []
    /// The bytes read before the current piece of input: error positions count from the start.
    private var position = 0
    private var failure: JSONStreamError?

    /// The current top-level key, as read so far (at most ``longestKey`` bytes).
    private var keyBytes: [UInt8] = []
    private var keyIsLong = false
    private var keyHasEscape = false
    /// What `JSONDecoder` checks of the current top-level key.
    private var keyCheck = JSONKeyCheck()
    private var member = ""
    private var role = Role.skip
    /// The arrays whose handler said it had enough: their later elements are skipped unread.
    private var satisfied: Set<String> = []

    /// The piece being handed over, when one is being read: its nesting level (the containers
    /// around it), its bytes from earlier pieces of input, and its values so far.
    private var pieceDepth = -1
    private var pieceBytes: [UInt8] = []
    private var pieceCarried = false
    private var pieceValues = 0
    /// How many bytes of a UTF-8 byte order mark came first.
    private var bomRead = 0
    /// Whether the top level may be any value, its keys not checked: ``check(_:limits:)``, for a
    /// caller that decodes each key it reads itself.
    private var anyValue = false

    /// Keys longer than this name nothing a caller asks for.
    static let longestKey = 256

    public init(keeping: Set<String> = [], streaming: Set<String> = [], limits: Limits = Limits()) {
        self.keeping = keeping
        self.streaming = streaming
        self.limits = limits
    }

    // MARK: Reading

    /// Reads the next bytes, calling `handle` for each piece that ends in them. `handle` returns
    /// false when it wants no more elements of that array (its answer to other events is ignored).
    /// Throws at the first byte that is not JSON, and again on every later call.
    public mutating func read(
        _ bytes: UnsafeBufferPointer<UInt8>, _ handle: (Event) -> Bool
    ) throws(JSONStreamError) {
        if let failure { throw failure }
        var pieceStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch lexeme {
            case .string(let kind):
                // The body of a string, in one tight loop.
                var scan = index
                while scan < count {
                    let next = bytes[scan]
                    if next == 0x22 || next == 0x5C || (next < 0x20 && kind == .topKey) { break }
                    scan += 1
                }
                if kind == .topKey { captureKey(bytes, index..<scan) }
                index = scan
                guard index < count else { continue }
                let next = bytes[index]
                // The top level's keys are decoded with the document, and JSONDecoder refuses a
                // control character in one that is not escaped (elsewhere, only where the value
                // holding it is decoded).
                if next < 0x20 { throw fail("a control character inside a key", at: index) }
                if next == 0x22 {
                    switch kind {
                    case .topKey:
                        if let problem = keyCheck.end() { throw fail(problem, at: index) }
                        endKey()
                        lexeme = .colon
                    case .key:
                        lexeme = .colon
                    case .value:
                        try valueEnded(bytes, at: index + 1, pieceStart: &pieceStart, handle)
                    }
                } else {
                    if kind == .topKey {
                        keyHasEscape = true
                        captureKey(bytes, index..<index + 1)
                    }
                    lexeme = .escape(kind)
                }
            case .escape(let kind):
                if kind == .topKey { captureKey(bytes, index..<index + 1) }
                lexeme = byte == UInt8(ascii: "u") ? .unicode(kind, remaining: 4) : .string(kind)
            case .unicode(let kind, let remaining):
                // Its four digits, checked where the string is decoded, as by `JSONDecoder`, which
                // refuses the document at once when a quote comes among them: otherwise
                // `"\u0"e9"` would be taken as one string.
                guard byte != 0x22 else { throw fail("a \\u escape cut short", at: index) }
                if kind == .topKey { captureKey(bytes, index..<index + 1) }
                lexeme = remaining == 1 ? .string(kind) : .unicode(kind, remaining: remaining - 1)
            case .number:
                if !Self.isNumberByte(byte) {
                    // The byte after a number is not part of it: read it again as what follows.
                    try valueEnded(bytes, at: index, pieceStart: &pieceStart, handle)
                    continue
                }
            case .literal(let literal, let read):
                let text = literal.text
                guard byte == text.utf8Start[read] else {
                    throw fail("a misspelt \(literal.text)", at: index)
                }
                if read + 1 == text.utf8CodeUnitCount {
                    try valueEnded(bytes, at: index + 1, pieceStart: &pieceStart, handle)
                } else {
                    lexeme = .literal(literal, read: read + 1)
                }
            default:
                if Self.isSpace(byte) {
                    index += 1
                    continue
                }
                try structural(byte, bytes, at: index, pieceStart: &pieceStart, handle)
            }
            index += 1
        }
        if pieceDepth >= 0 && pieceValues <= limits.valuesPerPiece {
            pieceBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pieceStart..<count]))
            pieceCarried = true
        }
        position += count
    }

    /// Says whether the document ended where it should: after the top-level object.
    public mutating func finish() throws(JSONStreamError) {
        if let failure { throw failure }
        // A number at the top ends with the document.
        if case .number = lexeme, containers.isEmpty { lexeme = .end }
        guard case .end = lexeme else {
            if case .start = lexeme {
                throw record(JSONStreamError(reason: "the body is empty", offset: position))
            }
            throw record(JSONStreamError(reason: "the body ends in the middle of its JSON", offset: position))
        }
    }

    /// A byte outside strings, numbers and literals that is not white space.
    private mutating func structural(
        _ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, pieceStart: inout Int,
        _ handle: (Event) -> Bool
    ) throws(JSONStreamError) {
        switch lexeme {
        case .start:
            // A UTF-8 byte order mark may come first.
            let offset = position + index
            if offset < 3 && byte == [0xEF, 0xBB, 0xBF][offset] && bomRead == offset {
                bomRead += 1
                return
            }
            // Part of one is not text: `\xEF{…}` is refused, as `JSONDecoder` refuses it.
            guard bomRead == 0 || bomRead == 3 else {
                throw fail("it starts with part of a byte order mark", at: index)
            }
            if anyValue { return try valueStarts(byte, bytes, at: index, pieceStart: &pieceStart) }
            guard byte == UInt8(ascii: "{") else { throw fail("it does not start with an object", at: index) }
            containers.append(.object)
            lexeme = .key
        case .key:
            if byte == UInt8(ascii: "}") {
                try close(bytes, at: index, pieceStart: &pieceStart, handle)
                return
            }
            guard byte == UInt8(ascii: "\"") else { throw fail("a key was expected", at: index) }
            let isTop = containers.count == 1 && !anyValue
            if isTop {
                keyBytes.removeAll(keepingCapacity: true)
                keyIsLong = false
                keyHasEscape = false
                keyCheck = JSONKeyCheck()
            }
            lexeme = .string(isTop ? .topKey : .key)
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw fail("a colon was expected", at: index) }
            lexeme = .value
        case .afterValue:
            guard let container = containers.last else { throw fail("nothing may follow", at: index) }
            switch (byte, container) {
            case (UInt8(ascii: ","), .object): lexeme = .key
            case (UInt8(ascii: ","), .array): lexeme = .element(comma: true)
            case (UInt8(ascii: "}"), .object): try close(bytes, at: index, pieceStart: &pieceStart, handle)
            case (UInt8(ascii: "]"), .array): try close(bytes, at: index, pieceStart: &pieceStart, handle)
            default: throw fail("a comma or the end of the \(container) was expected", at: index)
            }
        case .element(let comma):
            if byte == UInt8(ascii: "]") {
                try close(bytes, at: index, pieceStart: &pieceStart, handle)
                return
            }
            guard !comma || byte != UInt8(ascii: ",") else { throw fail("two commas in a row", at: index) }
            try valueStarts(byte, bytes, at: index, pieceStart: &pieceStart)
        case .value:
            try valueStarts(byte, bytes, at: index, pieceStart: &pieceStart)
        case .end:
            throw fail("bytes after the end of the answer", at: index)
        case .string, .escape, .unicode, .number, .literal:
            break
        }
    }

    /// The first byte of a value.
    private mutating func valueStarts(
        _ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, pieceStart: inout Int
    ) throws(JSONStreamError) {
        if containers.count == 1 && role != .skip && kinds[member] == nil {
            kinds[member] = Self.kind(startingWith: byte)
        }
        if pieceDepth < 0 {
            let depth = containers.count
            let starts =
                (depth == 1 && role == .keep)
                || (depth == 2 && role == .stream && containers[1] == .array && !satisfied.contains(member))
            if starts {
                pieceDepth = depth
                pieceValues = 0
                pieceCarried = false
                pieceBytes.removeAll(keepingCapacity: true)
                pieceStart = index
            }
        }
        if pieceDepth >= 0 {
            pieceValues += 1
            if pieceValues == limits.valuesPerPiece + 1 {
                // Too big to hand over: its bytes are no longer kept.
                pieceBytes = []
            }
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < limits.depth else {
                throw record(
                    JSONStreamError(
                        reason: "the body is nested deeper than \(limits.depth) levels",
                        offset: position + index))
            }
            containers.append(byte == UInt8(ascii: "{") ? .object : .array)
            lexeme = byte == UInt8(ascii: "{") ? .key : .element(comma: false)
        case UInt8(ascii: "\""): lexeme = .string(.value)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): lexeme = .number
        case UInt8(ascii: "t"): lexeme = .literal(.true, read: 1)
        case UInt8(ascii: "f"): lexeme = .literal(.false, read: 1)
        case UInt8(ascii: "n"): lexeme = .literal(.null, read: 1)
        default: throw fail("a value was expected", at: index)
        }
    }

    /// The end of the innermost container, at `index`.
    private mutating func close(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, pieceStart: inout Int,
        _ handle: (Event) -> Bool
    ) throws(JSONStreamError) {
        containers.removeLast()
        try valueEnded(bytes, at: index + 1, pieceStart: &pieceStart, handle)
    }

    /// A value ended just before `end`: hands over the piece it completes, if any.
    private mutating func valueEnded(
        _ bytes: UnsafeBufferPointer<UInt8>, at end: Int, pieceStart: inout Int, _ handle: (Event) -> Bool
    ) throws(JSONStreamError) {
        lexeme = containers.isEmpty ? .end : .afterValue
        guard pieceDepth == containers.count else { return }
        let name = member
        let isElement = pieceDepth == 2
        pieceDepth = -1
        let wantsMore: Bool
        if pieceValues > limits.valuesPerPiece {
            wantsMore = handle(.oversized(name))
        } else if pieceCarried {
            pieceBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pieceStart..<end]))
            wantsMore = pieceBytes.withUnsafeBufferPointer {
                handle(isElement ? .element(name, $0) : .member(name, $0))
            }
        } else {
            let piece = UnsafeBufferPointer(rebasing: bytes[pieceStart..<end])
            wantsMore = handle(isElement ? .element(name, piece) : .member(name, piece))
        }
        pieceBytes.removeAll(keepingCapacity: pieceBytes.capacity <= 1 << 20)
        pieceCarried = false
        if isElement && !wantsMore { satisfied.insert(name) }
    }

    // MARK: Keys

    private mutating func captureKey(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        keyCheck.feed(UnsafeBufferPointer(rebasing: bytes[range]))
        guard !keyIsLong else { return }
        guard keyBytes.count + range.count <= Self.longestKey else {
            keyIsLong = true
            return
        }
        keyBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// The top-level key just read decides what is done with its value.
    private mutating func endKey() {
        guard containers.count == 1 else { return }
        member =
            keyIsLong
            ? ""
            : keyHasEscape
                ? keyBytes.withUnsafeBytes { (try? Self.unescape($0, limit: .max)) ?? "" }
                : String(decoding: keyBytes, as: UTF8.self)
        role = keeping.contains(member) ? .keep : streaming.contains(member) ? .stream : .skip
    }

    // MARK: Bytes

    /// Digits, signs, points and exponent marks: what `JSONDecoder` takes as a number's bytes.
    static func isNumberByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
    }

    /// The kind of the value starting with `byte`; nil when no value starts with it.
    static func kind(startingWith byte: UInt8) -> Kind? {
        switch byte {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .boolean
        case UInt8(ascii: "n"): .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        default: nil
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The value of a hexadecimal digit, nil for another byte.
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// Checks that `bytes` hold one JSON value of any kind, under `limits`, as ``read(_:_:)``
    /// checks a document (the inside of strings and numbers left to whoever decodes them).
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, limits: Limits) throws(JSONStreamError) {
        var reader = JSONStreamReader(limits: limits)
        reader.anyValue = true
        try reader.read(bytes) { _ in true }
        try reader.finish()
    }

    /// A failure at byte `index` of the current input; `what` says what was wrong, for the
    /// error's ``JSONStreamError/detail``.
    private mutating func fail(_ what: String, at index: Int) -> JSONStreamError {
        record(JSONStreamError(reason: "the body is not valid JSON", offset: position + index, detail: what))
    }

    private mutating func record(_ error: JSONStreamError) -> JSONStreamError {
        failure = error
        return error
    }
}

/// Why a JSON document could not be read: one phrase for a sentence (`the body is not valid
/// JSON`), where, and what was wrong there.
public struct JSONStreamError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    /// The byte at which reading stopped.
    public var offset: Int
    /// What was found wrong there (`a colon was expected`), for the curious.
    public var detail: String?

    public init(reason: String, offset: Int, detail: String? = nil) {
        self.reason = reason
        self.offset = offset
        self.detail = detail
    }

    public var description: String {
        detail.map { "\(reason) (\($0) at byte \(offset))" } ?? reason
    }
}
