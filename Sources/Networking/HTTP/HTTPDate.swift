import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// HTTP-dates (RFC 9110, section 5.6.7) in all three forms a recipient must accept:
/// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate), `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850)
/// and `Sun Nov  6 08:49:37 1994` (asctime). Parsed by hand, with ``Timestamp``'s calendar: no
/// formatter or locale.
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
            let hour = clock[0], let minute = clock[1], let second = clock[2]
        else { return nil }
        return Timestamp.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    private static func monthNumber(_ name: String) -> Int? {
        Timestamp.monthAbbreviations.firstIndex { $0.lowercased() == name.lowercased() }.map { $0 + 1 }
    }

    /// The year a two-digit RFC 850 year means: the latest not more than 50 years after `now`.
    private static func fullYear(_ twoDigits: Int, now: Date) -> Int {
        let thisYear = Timestamp.Civil(now).year
        var year = thisYear - thisYear % 100 + twoDigits
        if year > thisYear + 50 { year -= 100 }
        return year
    }
}
