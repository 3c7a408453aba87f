#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Parses and formats the ISO 8601 timestamps NewsAPI sends and accepts, and holds the one
/// calendar of the app: the proleptic Gregorian arithmetic (``date(year:month:day:hour:minute:second:fraction:offsetSeconds:)``
/// one way, ``Civil`` the other) that HTTP dates, feed dates, OPML, the store's file names and
/// the screens' dates all use, without `Calendar`, a formatter or a locale.
///
/// Real responses mix shapes within one page: `2026-11-22T14:05:00Z`, fractional seconds with
/// 1 to 9 digits (`….024Z`, `….9586022Z`), and numeric offsets (`…+00:00`, `…+0530`, `…-04:00`).
/// `ISO8601DateFormatter` accepts either fractional seconds or none, never both, so parsing is
/// done by hand, exactly, in one pass over the bytes.
public enum Timestamp {
    /// The instant `text` denotes, or nil when it is not an ISO 8601 date-time.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// ``parse(_:)`` of UTF-8 bytes, for parsers that have bytes rather than a string.
    public static func parse(utf8: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = ByteScanner(utf8)
        guard let year = scanner.digits(4), scanner.skip("-"),
            let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2), scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
            let hour = scanner.digits(2), scanner.skip(":"),
            let minute = scanner.digits(2)
        else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.skip(":") {
            guard let value = scanner.digits(2) else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                var scale = 0.1
                var count = 0
                while let digit = scanner.digit() {
                    fraction += Double(digit) * scale
                    scale /= 10
                    count += 1
                }
                guard count > 0 else { return nil }
            }
        }
        var offsetSeconds = 0
        if scanner.skip("Z") || scanner.skip("z") {
            offsetSeconds = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(2) else { return nil }
            _ = scanner.skip(":")
            let minutes = scanner.digits(2) ?? 0
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        } else if !scanner.isAtEnd {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        return date(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            fraction: fraction, offsetSeconds: offsetSeconds)
    }

    /// The instant of a civil date and time at a UTC offset (proleptic Gregorian calendar), or
    /// nil when a component is out of range (February 30th, 24:00). A leap second (`:60`) is
    /// accepted. For parsers of other date formats (RFC 822 in feeds).
    public static func date(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
        fraction: Double = 0, offsetSeconds: Int = 0
    ) -> Date? {
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `2026-11-22T14:05:00Z`, or with milliseconds when the instant, rounded to the millisecond,
    /// has a fractional second.
    public static func format(_ date: Date) -> String {
        let totalMillis = Int((date.timeIntervalSince1970 * 1000).rounded())
        var (whole, millis) = totalMillis.quotientAndRemainder(dividingBy: 1000)
        if millis < 0 {
            whole -= 1
            millis += 1000
        }
        let civil = Civil(secondsSince1970: whole)
        var text = civil.dateAndTime(dateSeparator: "-", between: "T", timeSeparator: ":")
        if millis > 0 { text += "." + pad(millis, 3) }
        return text + "Z"
    }

    /// The three-letter English names of the months, January first.
    public static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    /// The three-letter English names of the weekdays, Sunday first (``Civil/weekday`` 1).
    public static let weekdayAbbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `value` in decimal, zero-padded to `width` digits.
    public static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    fileprivate static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

// MARK: - Civil time

extension Timestamp {
    /// The calendar fields of an instant at a UTC offset, whole seconds (a fraction is dropped).
    public struct Civil: Sendable, Equatable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var hour: Int
        public var minute: Int
        public var second: Int
        /// 1 for Sunday to 7 for Saturday, as `Calendar` numbers them.
        public var weekday: Int

        /// `date`'s fields at `offsetSeconds` east of UTC (a time zone's `secondsFromGMT(for:)`).
        public init(_ date: Date, offsetSeconds: Int = 0) {
            let seconds = Int(date.timeIntervalSince1970.rounded(.down))
            self.init(secondsSince1970: seconds + offsetSeconds)
        }

        /// The fields of `seconds` since 1970 in UTC.
        public init(secondsSince1970 seconds: Int) {
            let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
            let (dayIndex, time) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
            (year, month, day) = Timestamp.civilFromDays(dayIndex)
            (hour, minute, second) = (time / 3600, time / 60 % 60, time % 60)
            // 1970-01-01 was a Thursday (5).
            weekday = ((dayIndex + 4) % 7 + 7) % 7 + 1
        }

        /// `2026-11-22T14:05:00` with the given separators, each field zero-padded.
        public func dateAndTime(dateSeparator: String, between: String, timeSeparator: String) -> String {
            let pad = Timestamp.pad
            return pad(year, 4) + dateSeparator + pad(month, 2) + dateSeparator + pad(day, 2) + between
                + time(separator: timeSeparator)
        }

        /// `14:05:00` with the given separator, each field zero-padded.
        public func time(separator: String) -> String {
            let pad = Timestamp.pad
            return pad(hour, 2) + separator + pad(minute, 2) + separator + pad(second, 2)
        }
    }
}

/// A cursor over ASCII bytes for the timestamp parser.
private struct ByteScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int? {
        guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - 0x30)
    }

    mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for _ in 0..<count {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
