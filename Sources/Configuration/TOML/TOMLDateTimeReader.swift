/// Offset date-times, local date-times, local dates and local times (RFC 3339, as TOML 1.0
/// restricts it): `1979-05-27T07:32:00.999-07:00`, `1979-05-27 07:32:00`, `1979-05-27`,
/// `07:32:00`. Dates must exist in the calendar; seconds may be 60 (a leap second).
enum TOMLDateTimeReader {
    /// The date or time `word` writes, which starts with `dddd-` or `dd:`.
    static func dateTime(_ word: [UInt8], line: Int) throws(TOMLSyntaxError) -> TOMLDateTime {
        let bytes = word[...]
        let text = String(decoding: bytes, as: UTF8.self)
        var quoted: String { TOMLSyntaxError.quote(bytes) }
        let failure = { (reason: String) in TOMLSyntaxError(line: line, reason) }
        if bytes.count > 2, bytes[2] == .colon {
            try time(bytes, of: bytes, line: line)
            return TOMLDateTime(kind: .localTime, text: text)
        }
        guard bytes.count >= 10, let year = number(bytes, 0, 4), bytes[4] == .hyphen,
            let month = number(bytes, 5, 2), bytes[7] == .hyphen, let day = number(bytes, 8, 2)
        else { throw failure("\(quoted) is not a date: dates are written yyyy-mm-dd, as in 1979-05-27") }
        guard (1...12).contains(month), (1...days(inMonth: month, of: year)).contains(day) else {
            throw failure("\(quoted) is not a date: there is no such day")
        }
        guard bytes.count > 10 else { return TOMLDateTime(kind: .localDate, text: text) }
        guard [0x54, 0x74, .space].contains(bytes[10]) else {
            throw failure("\(quoted) is not a date: a date ends after its day, or goes on with T and a time")
        }
        guard bytes.count > 11, TOMLScanner.isDigit(bytes[11]) else {
            throw failure("a date and time must have the time right after its T, as in 1979-05-27T07:32:00")
        }
        // The time ends at its offset, if any: Z, or a sign after the seconds.
        let rest = bytes[11...]
        let offsetStart = rest.firstIndex { [0x5A, 0x7A, .plus, .hyphen].contains($0) } ?? bytes.endIndex
        try time(bytes[11..<offsetStart], of: bytes, line: line)
        guard offsetStart < bytes.endIndex else { return TOMLDateTime(kind: .localDateTime, text: text) }
        try offset(bytes[offsetStart...], of: bytes, line: line)
        return TOMLDateTime(kind: .offsetDateTime, text: text)
    }

    /// `hh:mm:ss` with an optional fraction of a second.
    private static func time(_ bytes: ArraySlice<UInt8>, of word: ArraySlice<UInt8>, line: Int)
        throws(TOMLSyntaxError)
    {
        var quoted: String { TOMLSyntaxError.quote(word) }
        let start = bytes.startIndex
        let failure = { (reason: String) in TOMLSyntaxError(line: line, reason) }
        guard bytes.count >= 8, let hour = number(bytes, start, 2), bytes[start + 2] == .colon,
            let minute = number(bytes, start + 3, 2), bytes[start + 5] == .colon,
            let second = number(bytes, start + 6, 2)
        else { throw failure("\(quoted) is not a time: times are written hh:mm:ss, as in 07:32:00") }
        if bytes.count > 8 {
            let fraction = bytes[(start + 8)...]
            guard fraction.first == .dot else {
                throw failure("\(quoted) is not a time: times are written hh:mm:ss, as in 07:32:00")
            }
            guard fraction.count > 1, fraction.dropFirst().allSatisfy(TOMLScanner.isDigit) else {
                throw failure(
                    "\(quoted) is not a time: a fraction of a second is a dot and digits, as in 07:32:00.5")
            }
        }
        guard hour < 24, minute < 60, second <= 60 else {
            throw failure("\(quoted) is not a time: there is no such time of day")
        }
    }

    /// `Z`, `z`, or `+hh:mm` / `-hh:mm`.
    private static func offset(_ bytes: ArraySlice<UInt8>, of word: ArraySlice<UInt8>, line: Int)
        throws(TOMLSyntaxError)
    {
        var quoted: String { TOMLSyntaxError.quote(word) }
        let start = bytes.startIndex
        if bytes.count == 1, bytes[start] == 0x5A || bytes[start] == 0x7A { return }
        guard bytes.count == 6, bytes[start] == .plus || bytes[start] == .hyphen,
            let hours = number(bytes, start + 1, 2), bytes[start + 3] == .colon,
            let minutes = number(bytes, start + 4, 2), hours < 24, minutes < 60
        else {
            throw TOMLSyntaxError(
                line: line, "\(quoted) is not a date and time: its offset must be Z or ±hh:mm, as in -07:00")
        }
    }

    /// The decimal number written by exactly `count` digits from `start` (an index of `bytes`).
    private static func number(_ bytes: ArraySlice<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start >= bytes.startIndex, start + count <= bytes.endIndex else { return nil }
        var value = 0
        for byte in bytes[start..<start + count] {
            guard TOMLScanner.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
