/// What a POSIX extended regular expression says without being compiled: whether it is plain text,
/// ASCII texts of which every match must hold one, whether it uses back-references, and how much
/// its repetition counts multiply it. Conservative: every match holds one of the texts it finds,
/// though it may miss some.
struct PatternAnalysis {
    /// The pattern lowercased, when it is ASCII text without any operator.
    private(set) var literal: [UInt8]?
    /// The text after `^`, lowercased, when the pattern is `^` and ASCII text without any other
    /// operator (`^A`, `^re:`): a match is a value starting with it.
    private(set) var prefix: [UInt8]?
    /// Lowercase ASCII texts of which every match holds at least one (the longest run of text the
    /// pattern requires, `number 7` in `number 7[0-9]+$`, or one text for each alternative, `watch`
    /// and `listen` in `^(watch|listen):`); nil when none was found.
    private(set) var required: [[UInt8]]?
    private(set) var hasBackReference = false
    /// True when two repetition symbols follow one another (`a+*`, `a{2}?`, `.*?`), which POSIX
    /// leaves undefined and the C library's `regcomp` makes exponential: twenty-odd `+` in a row,
    /// or a 4 KiB pattern of `a**`, take it seconds (docs/filters.md).
    private(set) var stacksRepetitions = false
    /// How deep repetitions nest: `a+` is 1, `(a+)+` 2, `((a+)+)*` 3. Each level costs the
    /// library about twice the time.
    private(set) var repetitionDepth = 0
    /// The pattern's length times the largest count of each repetition `{m,n}`.
    private(set) var expansion = 0

    private static let operators = Set(".[]()*+?{}|^$\\".utf8)

    init(_ bytes: [UInt8]) {
        if bytes.allSatisfy({ $0 < 0x80 && !Self.operators.contains($0) }) {
            literal = bytes.map(CaseInsensitiveSearch.lowered)
        } else if bytes.first == UInt8(ascii: "^"),
            bytes.dropFirst().allSatisfy({ $0 < 0x80 && !Self.operators.contains($0) })
        {
            prefix = bytes.dropFirst().map(CaseInsensitiveSearch.lowered)
        }
        scanOperators(bytes)
        if literal == nil { required = Self.requiredTexts(bytes, depth: 0) }
    }

    /// Back-references, repetition counts, stacked repetitions and how deep they nest, outside
    /// bracket expressions.
    private mutating func scanOperators(_ bytes: [UInt8]) {
        var factor = 1
        var index = 0
        // The deepest repetition inside each open group; the depth of the last atom (a group's
        // is the deepest inside it); whether the last thing read was a repetition symbol.
        var levels = [0]
        var atomDepth = 0
        var afterRepetition = false
        func repeated() {
            if afterRepetition { stacksRepetitions = true }
            atomDepth += 1
            levels[levels.count - 1] = max(levels[levels.count - 1], atomDepth)
            repetitionDepth = max(repetitionDepth, atomDepth)
            afterRepetition = true
        }
        func atom(depth: Int = 0) {
            atomDepth = depth
            afterRepetition = false
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                if index + 1 < bytes.count, (0x31...0x39).contains(bytes[index + 1]) {
                    hasBackReference = true
                }
                atom()
                index += 2
            case UInt8(ascii: "["):
                atom()
                index = Self.end(ofBracketAt: index, in: bytes)
            case UInt8(ascii: "("):
                levels.append(0)
                atom()
                index += 1
            case UInt8(ascii: ")"):
                let inner = levels.count > 1 ? levels.removeLast() : 0
                levels[levels.count - 1] = max(levels[levels.count - 1], inner)
                atom(depth: inner)
                index += 1
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                repeated()
                index += 1
            case UInt8(ascii: "{"):
                repeated()
                var numbers: [Int] = []
                var current = 0
                var digits = false
                var scan = index + 1
                while scan < bytes.count, bytes[scan] != UInt8(ascii: "}") {
                    let byte = bytes[scan]
                    if (0x30...0x39).contains(byte) {
                        current = min(current * 10 + Int(byte - 0x30), 1_000_000)
                        digits = true
                    } else if byte == UInt8(ascii: ",") {
                        numbers.append(digits ? current : 0)
                        current = 0
                        digits = false
                    }
                    scan += 1
                }
                numbers.append(digits ? current : 0)
                factor = min(factor * max(1, numbers.max() ?? 1), 1_000_000_000)
                index = scan + 1
            default:
                atom()
                index += 1
            }
        }
        expansion = min(bytes.count * factor, Int(Int32.max))
    }

    /// At most this many texts are looked for before a value goes to the library.
    static let maximumRequiredTexts = 8
    /// Groups deeper than this are not looked into.
    private static let maximumDepth = 8

    /// Texts of which every match of `bytes` holds one: for an alternation, one set for each of
    /// its alternatives together; otherwise the better of the runs of ASCII characters that no
    /// operator makes optional and the sets of the groups that are not optional (the better set
    /// is the one whose shortest text is longest). Nil when there is none.
    private static func requiredTexts(_ bytes: [UInt8], depth: Int) -> [[UInt8]]? {
        guard depth <= maximumDepth else { return nil }
        let alternatives = topLevelAlternatives(bytes)
        if alternatives.count > 1 {
            var texts: [[UInt8]] = []
            for alternative in alternatives {
                guard let found = requiredTexts(alternative, depth: depth + 1) else { return nil }
                texts += found
                guard texts.count <= maximumRequiredTexts else { return nil }
            }
            return texts
        }
        var best: [[UInt8]]?
        func consider(_ texts: [[UInt8]]?) {
            guard let texts, !texts.isEmpty else { return }
            guard let current = best else {
                best = texts
                return
            }
            let (shortest, currentShortest) = (texts.map(\.count).min()!, current.map(\.count).min()!)
            if shortest > currentShortest || (shortest == currentShortest && texts.count < current.count) {
                best = texts
            }
        }
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty { consider([run]) }
            run = []
        }
        var index = 0
        scan: while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { break scan }
                let escaped = bytes[index + 1]
                if operators.contains(escaped) {
                    run.append(escaped)
                } else {
                    flush()  // \w, \b, \< and other GNU escapes are not text
                }
                index += 2
            case UInt8(ascii: "["):
                flush()
                index = end(ofBracketAt: index, in: bytes)
            case UInt8(ascii: "("):
                flush()
                let end = end(ofGroupAt: index, in: bytes)
                // A group that may be absent (`?`, `*`, `{0,…}`) requires nothing; `+` keeps it.
                if !quantifiers(from: end, in: bytes).optional, bytes[end - 1] == UInt8(ascii: ")") {
                    consider(requiredTexts(Array(bytes[(index + 1)..<(end - 1)]), depth: depth + 1))
                }
                index = end
            case UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "+"), UInt8(ascii: "{"):
                // Quantifiers stack (`x+*`, `x+{0,1}`): the character before them is required
                // only when none of them lets it be absent.
                let (end, optional) = quantifiers(from: index, in: bytes)
                if optional, !run.isEmpty { run.removeLast() }
                flush()
                index = end
            case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: ")"),
                UInt8(ascii: "|"):
                flush()
                index += 1
            default:
                if byte < 0x80 {
                    run.append(CaseInsensitiveSearch.lowered(byte))
                } else {
                    flush()
                }
                index += 1
            }
        }
        flush()
        return best
    }

    /// The index after the quantifiers (`*`, `+`, `?`, `{…}`) that start at `start`, and whether
    /// one of them lets what they repeat be absent (`*`, `?`, and any count: `{0,1}` does).
    private static func quantifiers(from start: Int, in bytes: [UInt8]) -> (end: Int, optional: Bool) {
        var index = start
        var optional = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "+"):
                index += 1
            case UInt8(ascii: "*"), UInt8(ascii: "?"):
                optional = true
                index += 1
            case UInt8(ascii: "{"):
                optional = true
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                    return (bytes.count, true)
                }
                index = close + 1
            default:
                return (index, optional)
            }
        }
        return (index, optional)
    }

    /// `bytes` cut at each `|` outside brackets and groups.
    private static func topLevelAlternatives(_ bytes: [UInt8]) -> [[UInt8]] {
        var alternatives: [[UInt8]] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 2
            case UInt8(ascii: "["):
                index = end(ofBracketAt: index, in: bytes)
            case UInt8(ascii: "("):
                index = end(ofGroupAt: index, in: bytes)
            case UInt8(ascii: "|"):
                alternatives.append(Array(bytes[start..<index]))
                index += 1
                start = index
            default:
                index += 1
            }
        }
        alternatives.append(Array(bytes[min(start, bytes.count)...]))
        return alternatives
    }

    /// The index after the bracket expression starting at `start` (`[`), or the end.
    static func end(ofBracketAt start: Int, in bytes: [UInt8]) -> Int {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "["), index + 1 < bytes.count,
                [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "=")].contains(bytes[index + 1])
            {
                let kind = bytes[index + 1]
                var scan = index + 2
                while scan + 1 < bytes.count, !(bytes[scan] == kind && bytes[scan + 1] == UInt8(ascii: "]")) {
                    scan += 1
                }
                index = scan + 2
                continue
            }
            if bytes[index] == UInt8(ascii: "]") { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    /// The index after the group starting at `start` (`(`), or the end.
    private static func end(ofGroupAt start: Int, in bytes: [UInt8]) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 2
                continue
            case UInt8(ascii: "["):
                index = end(ofBracketAt: index, in: bytes)
                continue
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return bytes.count
    }
}
