/// The values TOML writes without quotes or brackets: booleans, integers (decimal, `0x`, `0o`,
/// `0b`), floats (`inf` and `nan` too), and offset or local dates and times. Each is checked to
/// the letter of TOML 1.0: underscores only between digits, no leading zeros, 64-bit integers,
/// real calendar dates.
enum TOMLBareValue {
    /// The value `word` writes; the error's reason says why it is none.
    static func value(_ word: ArraySlice<UInt8>, line: Int) throws(TOMLSyntaxError) -> TOMLValue {
        let text = String(decoding: word, as: UTF8.self)
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        let bytes = Array(word)
        let failure = { (reason: String) in TOMLSyntaxError(line: line, reason) }
        if bytes.count > 4, bytes[4] == .hyphen, bytes[..<4].allSatisfy(TOMLScanner.isDigit) {
            return .dateTime(try TOMLDateTimeReader.dateTime(bytes, line: line))
        }
        if bytes.count > 2, bytes[2] == .colon, bytes[..<2].allSatisfy(TOMLScanner.isDigit) {
            return .dateTime(try TOMLDateTimeReader.dateTime(bytes, line: line))
        }
        var quoted: String { TOMLSyntaxError.quote(word) }
        guard let first = bytes.first, TOMLScanner.isDigit(first) || [.plus, .hyphen, .dot].contains(first)
        else {
            if text.lowercased() == "true" || text.lowercased() == "false" {
                throw failure("\(quoted) is not a value: true and false are written in lowercase")
            }
            throw failure("\(quoted) is not a value: text goes in quotes, as in \"\(quoted)\"")
        }
        if let integer = try integer(bytes, line: line) { return .integer(integer) }
        guard let float = float(bytes) else { throw failure("\(quoted) is not a number TOML can read") }
        return .float(float)
    }

    // MARK: Integers

    /// The integer `bytes` writes; nil when they are not one (but may be a float).
    private static func integer(_ bytes: [UInt8], line: Int) throws(TOMLSyntaxError) -> Int64? {
        var quoted: String { TOMLSyntaxError.quote(bytes) }
        var index = 0
        var negative = false
        var radix: UInt64 = 10
        if bytes.count > 2, bytes[0] == 0x30, let prefix = Self.radix(prefix: bytes[1]) {
            radix = prefix
            index = 2
        } else if bytes.first == .plus || bytes.first == .hyphen {
            negative = bytes.first == .hyphen
            index = 1
        }
        let start = index
        guard digits(bytes, &index, radix: radix), index == bytes.count else { return nil }
        if radix == 10, bytes[start] == 0x30, index > start + 1 {
            throw TOMLSyntaxError(line: line, "\(quoted) is not a number: leading zeros are not allowed")
        }
        var magnitude: UInt64 = 0
        for byte in bytes[start...] where byte != .underscore {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, carry) = product.addingReportingOverflow(UInt64(digitValue(byte)))
            guard !overflow, !carry else { return try tooLarge(quoted, line) }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return try tooLarge(quoted, line) }
            return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return try tooLarge(quoted, line) }
        return Int64(magnitude)
    }

    private static func tooLarge(_ quoted: String, _ line: Int) throws(TOMLSyntaxError) -> Int64? {
        throw TOMLSyntaxError(line: line, "\(quoted) does not fit in a 64-bit integer")
    }

    // MARK: Floats

    /// `[+-] integer [. digits] [e [+-] digits]` with a fraction, an exponent or both.
    private static func float(_ bytes: [UInt8]) -> Double? {
        var index = bytes.first == .plus || bytes.first == .hyphen ? 1 : 0
        let start = index
        guard digits(bytes, &index, radix: 10) else { return nil }
        // The integer part has no leading zeros.
        if bytes[start] == 0x30, index > start + 1 { return nil }
        var hasFraction = false
        var hasExponent = false
        if index < bytes.count, bytes[index] == .dot {
            index += 1
            guard digits(bytes, &index, radix: 10) else { return nil }
            hasFraction = true
        }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == .plus || bytes[index] == .hyphen { index += 1 }
            guard digits(bytes, &index, radix: 10) else { return nil }
            hasExponent = true
        }
        guard index == bytes.count, hasFraction || hasExponent else { return nil }
        let plain = String(decoding: bytes.lazy.filter { $0 != .underscore }, as: UTF8.self)
        return Double(plain)
    }

    // MARK: Digits

    /// Moves `index` past `digit (_? digit)*` in `radix`; false when there is no digit or an
    /// underscore is not between two digits.
    private static func digits(_ bytes: [UInt8], _ index: inout Int, radix: UInt64) -> Bool {
        var count = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == .underscore {
                guard count > 0, index + 1 < bytes.count, isDigit(bytes[index + 1], radix: radix) else {
                    return false
                }
            } else if isDigit(byte, radix: radix) {
                count += 1
            } else {
                break
            }
            index += 1
        }
        return count > 0
    }

    /// The radix `0x`, `0o` and `0b` stand for (lowercase only).
    private static func radix(prefix: UInt8) -> UInt64? {
        switch prefix {
        case 0x78: 16
        case 0x6F: 8
        case 0x62: 2
        default: nil
        }
    }

    private static func isDigit(_ byte: UInt8, radix: UInt64) -> Bool {
        switch byte {
        case 0x30...0x39: UInt64(byte - 0x30) < radix
        case 0x41...0x46, 0x61...0x66: radix == 16
        default: false
        }
    }

    private static func digitValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        default: byte - 0x61 + 10
        }
    }
}
