#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Dates as Internet messages, HTTP and RSS write them (RFC 5322 §3.3 with its obsolete forms,
/// RFC 9110's three HTTP-date forms), read by hand with ``Timestamp``'s calendar, no formatter
/// or locale, in the shapes met in the wild: with or without the weekday, seconds or zone;
/// two- and three-digit years; single-digit days; full month names and "Sept"; named zones
/// (GMT, UT, UTC, Z, the North American ones, CET/CEST/BST/EET/EEST), military letters and
/// numeric offsets; extra spaces and commas; a trailing comment; asctime's order.
///
/// A two-digit year is read by one rule, RFC 9110's (§5.6.7): the year in the current century,
/// unless that is more than 50 years ahead, then the century before (in 2026: 00–76 are
/// 2000–2076, 77–99 are 1977–1999). RFC 5322's fixed table (§4.3: 00–49 are 20xx, 50–99 are
/// 19xx) agrees on 00–49 and on 77–99 today, and reads 50–76 a century back; it is not taken
/// because from 2050 on it reads every new date written with two digits a century back (`50`
/// as 1950), where this rule keeps to the century of the clock, and HTTP requires this rule of
/// a recipient. A three-digit year is 1900 plus it (RFC 5322 §4.3).
public enum InternetDate {
    /// What a date's text held, as read. A reader with a stricter grammar (HTTP's) checks its
    /// shape here; ``date`` is the instant.
    public struct Fields: Sendable, Equatable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var hour = 0
        public var minute = 0
        public var second = 0
        /// The offset from UTC, in seconds: from a zone name or a numeric zone, else 0.
        public var offsetSeconds = 0
        /// Whether a weekday was written, before the day.
        public var hasWeekday = false
        /// Whether the time was `hh:mm:ss`, without a fraction of a second or AM/PM.
        public var hasPlainSeconds = false
        /// The zone's name as written, lowercased (`gmt`, `est`, `z`), when one was.
        public var zoneName: String?
        /// Whether a numeric zone (`+0200`) was written.
        public var hasNumericZone = false
        /// Whether the year came after the time (asctime: `Sun Nov  6 08:49:37 1994`).
        public var yearAfterTime = false
        /// Whether a comment (`(UTC)`) ended the text.
        public var hasComment = false

        /// The instant, or nil when a field is out of range (February 30th, 24:00).
        public var date: Date? {
            Timestamp.date(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                offsetSeconds: offsetSeconds)
        }
    }

    /// The instant `text` denotes, or nil when it cannot be read. `now` settles the century of a
    /// two-digit year (the clock's when nil).
    public static func parse(_ text: String, now: Date? = nil) -> Date? {
        fields(text, now: now)?.date
    }

    /// The instant the UTF-8 `bytes` denote, or nil.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, now: Date? = nil) -> Date? {
        fields(utf8: bytes, now: now)?.date
    }

    /// What `text` holds, or nil when it is not a date in any shape read here.
    public static func fields(_ text: String, now: Date? = nil) -> Fields? {
        var text = text
        return text.withUTF8 { fields(utf8: $0, now: now) }
    }

    /// What the UTF-8 `bytes` hold, or nil.
    public static func fields(utf8 bytes: UnsafeBufferPointer<UInt8>, now: Date? = nil) -> Fields? {
        var reader = RFC5322Reader(bytes, now: now)
        return reader.fields()
    }

    /// The year a two-digit year means when read at `now`: the one in `now`'s century, unless
    /// that is more than 50 years after `now`'s year, then the one a century earlier
    /// (RFC 9110 §5.6.7).
    public static func year(twoDigits: Int, now: Date) -> Int {
        let thisYear = Timestamp.Civil(now).year
        var year = thisYear - thisYear % 100 + twoDigits
        if year > thisYear + 50 { year -= 100 }
        return year
    }

    /// An ASCII digit; for the readers of dates in other targets too (feeds' RFC 3339 or RFC 822).
    package static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
    /// What may stand between a date's fields and around it: white space and commas.
    package static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",")
    }
}

/// One pass over the tokens of a date: words (weekday, month, zone), numbers (day, year), a time
/// (`hh:mm[:ss[.fff]]`) and a numeric zone, in the usual orders.
private struct RFC5322Reader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var day: Int?
    private var month: Int?
    private var year: Int?
    private var time: (hour: Int, minute: Int, second: Int)?
    private var offset: Int?
    private let now: Date?
    private var shape = InternetDate.Fields(year: 0, month: 0, day: 0)

    init(_ bytes: UnsafeBufferPointer<UInt8>, now: Date?) {
        self.bytes = bytes
        self.now = now
    }

    mutating func fields() -> InternetDate.Fields? {
        while index < bytes.count {
            let byte = bytes[index]
            if InternetDate.isSeparator(byte) || byte == UInt8(ascii: ".") {
                index += 1
            } else if byte == UInt8(ascii: "(") {
                guard time != nil else { return nil }
                shape.hasComment = true
                index = bytes.count
            } else if isLetter(byte) {
                guard readWord() else { return nil }
            } else if InternetDate.isDigit(byte) {
                guard readNumber() else { return nil }
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                guard readSignOrSeparator() else { return nil }
            } else {
                return nil
            }
        }
        guard let day, let month, let year else { return nil }
        var fields = shape
        (fields.year, fields.month, fields.day) = (year, month, day)
        (fields.hour, fields.minute, fields.second) = time ?? (0, 0, 0)
        fields.offsetSeconds = offset ?? 0
        return fields
    }

    private mutating func readWord() -> Bool {
        let start = index
        while index < bytes.count, isLetter(bytes[index]) { index += 1 }
        let word = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        if month == nil, let number = Self.month(word) {
            month = number
        } else if time == nil, day == nil, Self.isWeekday(word) {
            shape.hasWeekday = true
        } else if let hour = time?.hour, word == "am" || word == "pm" {
            time?.hour = hour % 12 + (word == "pm" ? 12 : 0)
            shape.hasPlainSeconds = false
        } else if time != nil, let zone = Self.zone(word) {
            offset = offset ?? zone
            shape.zoneName = shape.zoneName ?? word
        } else {
            return false
        }
        return true
    }

    private mutating func readNumber() -> Bool {
        let (value, digits) = readDigits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard time == nil, digits <= 2 else { return false }
            index += 1
            let (minute, minuteDigits) = readDigits()
            guard minuteDigits == 2 else { return false }
            var second = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                let (value, secondDigits) = readDigits()
                guard secondDigits == 2 else { return false }
                second = value
                shape.hasPlainSeconds = true
                if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                    index += 1
                    _ = readDigits()
                    shape.hasPlainSeconds = false
                }
            }
            time = (value, minute, min(second, 59))
        } else if digits == 4, year == nil {
            year = value
            shape.yearAfterTime = time != nil
        } else if digits <= 2, day == nil {
            day = value
        } else if digits == 2 || digits == 3, year == nil {
            year = digits == 3 ? 1900 + value : InternetDate.year(twoDigits: value, now: now ?? Date())
            shape.yearAfterTime = time != nil
        } else {
            return false
        }
        return true
    }

    /// A numeric zone after the time (`+0200`, `-05:00`, `+01`), else a date separator
    /// (`01-May-2024`).
    private mutating func readSignOrSeparator() -> Bool {
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard time != nil, index < bytes.count, InternetDate.isDigit(bytes[index]) else { return true }
        var (value, digits) = readDigits()
        if digits == 2, index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            let (minutes, minuteDigits) = readDigits()
            guard minuteDigits == 2 else { return false }
            value = value * 100 + minutes
            digits = 4
        }
        let (hours, minutes) = digits <= 2 ? (value, 0) : (value / 100, value % 100)
        guard digits == 1 || digits == 2 || digits == 4, hours < 24, minutes < 60 else { return false }
        offset = sign * (hours * 3600 + minutes * 60)
        shape.hasNumericZone = true
        return true
    }

    private mutating func readDigits() -> (value: Int, count: Int) {
        var value = 0
        var count = 0
        while index < bytes.count, InternetDate.isDigit(bytes[index]), count < 9 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
            count += 1
        }
        return (value, count)
    }

    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
    ]
    private static let weekdays = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    /// A month's number from its name, its three-letter abbreviation or "Sept".
    private static func month(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        return months.firstIndex { $0.hasPrefix(word) }.map { $0 + 1 }
    }

    private static func isWeekday(_ word: String) -> Bool {
        word.count >= 3 && weekdays.contains { $0.hasPrefix(word) }
    }

    /// The offset of a zone name, in seconds. Military letters other than Z count as UTC, as
    /// RFC 5322 asks: RFC 822 defined their signs backwards, so their meaning is unknown.
    private static func zone(_ word: String) -> Int? {
        let hours: Int? =
            switch word {
            case "gmt", "ut", "utc", "z", "wet": 0
            case "est": -5
            case "edt": -4
            case "cst": -6
            case "cdt": -5
            case "mst": -7
            case "mdt": -6
            case "pst": -8
            case "pdt": -7
            case "akst": -9
            case "akdt": -8
            case "hst": -10
            case "bst", "cet", "west": 1
            case "cest", "eet": 2
            case "eest": 3
            default: word.count == 1 && word != "j" ? 0 : nil
            }
        return hours.map { $0 * 3600 }
    }
}
