import Foundation

/// HTTP-dates (RFC 9110, section 5.6.7) in all three forms a recipient must accept:
/// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate), `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850)
/// and `Sun Nov  6 08:49:37 1994` (asctime). Parsed by hand: no formatter, locale or calendar.
enum HTTPDate {
    /// The date `text` names, or nil when it is not an HTTP-date. `now` settles the century of an
    /// RFC 850 two-digit year: never more than 50 years ahead.
    static func parse(_ text: String, now: Date) -> Date? {
        let separators: Set<Character> = [" ", ",", "-"]
        var fields = text.split(whereSeparator: separators.contains).map(String.init)
        guard fields.count >= 5, fields.removeFirst().allSatisfy(\.isLetter) else { return nil }
        let day: Int?
        let month: Int?
        let year: Int?
        let time: String
        if let first = fields.first, first.first?.isNumber == true {
            // IMF-fixdate or RFC 850: day month year time GMT.
            guard fields.count == 5, fields[4] == "GMT" else { return nil }
            (day, month, time) = (Int(fields[0]), monthNumber(fields[1]), fields[3])
            year = fields[2].count == 2 ? Int(fields[2]).map { fullYear($0, now: now) } : Int(fields[2])
        } else {
            // asctime: month day time year.
            guard fields.count == 4 else { return nil }
            (month, day, time, year) = (monthNumber(fields[0]), Int(fields[1]), fields[2], Int(fields[3]))
        }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard let day, let month, let year, (1...9999).contains(year), clock.count == 3,
            let hour = clock[0], let minute = clock[1], let second = clock[2],
            (1...daysIn(month: month, year: year)).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    private static let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    private static func monthNumber(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    /// The year a two-digit RFC 850 year means: the latest not more than 50 years after `now`.
    private static func fullYear(_ twoDigits: Int, now: Date) -> Int {
        let thisYear = 1970 + Int(now.timeIntervalSince1970 / 31_556_952)
        var year = thisYear - thisYear % 100 + twoDigits
        if year > thisYear + 50 { year -= 100 }
        return year
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        case 1...12: 31
        default: 0
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
