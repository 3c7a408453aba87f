/// What a POSIX extended regular expression says without being compiled: whether it is plain text,
/// the longest ASCII text every match must hold, whether it uses back-references, and how much its
/// repetition counts multiply it. Conservative: the text it finds is always in every match, though
/// it may miss some.
struct PatternAnalysis {
    /// The pattern lowercased, when it is ASCII text without any operator.
    private(set) var literal: [UInt8]?
    /// Lowercase ASCII text that every match holds; nil when none was found.
    private(set) var required: [UInt8]?
    private(set) var hasBackReference = false
    /// The pattern's length times the largest count of each repetition `{m,n}`.
    private(set) var expansion = 0

    private static let operators = Set(".[]()*+?{}|^$\\".utf8)

    init(_ bytes: [UInt8]) {
        if bytes.allSatisfy({ $0 < 0x80 && !Self.operators.contains($0) }) {
            literal = bytes.map(CaseInsensitiveSearch.lowered)
        }
        scanOperators(bytes)
        if literal == nil { required = Self.requiredText(bytes) }
    }

    /// Back-references and repetition counts, outside bracket expressions.
    private mutating func scanOperators(_ bytes: [UInt8]) {
        var factor = 1
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                if index + 1 < bytes.count, (0x31...0x39).contains(bytes[index + 1]) {
                    hasBackReference = true
                }
                index += 2
            case UInt8(ascii: "["):
                index = Self.end(ofBracketAt: index, in: bytes)
            case UInt8(ascii: "{"):
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
                index += 1
            }
        }
        expansion = min(bytes.count * factor, Int(Int32.max))
    }

    /// The longest run of ASCII characters, outside groups and brackets, that no operator makes
    /// optional; nil when there is none or the pattern is an alternation at its top level.
    private static func requiredText(_ bytes: [UInt8]) -> [UInt8]? {
        var runs: [[UInt8]] = []
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty { runs.append(run) }
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
                index = end(ofGroupAt: index, in: bytes)
            case UInt8(ascii: "|"):
                return nil
            case UInt8(ascii: "*"), UInt8(ascii: "?"):
                if !run.isEmpty { run.removeLast() }
                flush()
                index += 1
            case UInt8(ascii: "{"):
                if !run.isEmpty { run.removeLast() }
                flush()
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else { break scan }
                index = close + 1
            case UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"),
                UInt8(ascii: ")"):
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
        return runs.max { $0.count < $1.count }
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
