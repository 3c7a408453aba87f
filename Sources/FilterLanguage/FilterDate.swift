import struct Foundation.Date

/// The `date` and `age` attributes of an item, from its date.
public enum FilterDate {
    /// `Tue, 24 Nov 2026 06:10:00 +0000`: newsboat's form of a date, in UTC, from the whole seconds
    /// of `seconds` since 1970 (a fraction is dropped, towards zero). Empty outside the years 0 to
    /// 9999, which SQLite's date functions cannot write either.
    public static func text(seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return "" }
        let whole = Int64(seconds)
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return "" }
        let weekday = Int(((days + 4) % 7 + 7) % 7)
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func padded(_ number: Int64, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(names[weekday]), \(padded(day, 2)) \(months[Int(month) - 1]) \(padded(year, 4)) "
            + "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2)) +0000"
    }

    /// Whole days from `seconds` (since 1970) to `now`, towards zero, within 32 bits: a date in the
    /// future has a negative age.
    public static func age(seconds: Double, now: Double) -> Int32 {
        let days = (now - seconds) / 86_400
        guard days.isFinite else { return 0 }
        return FilterNumber.clamped(Int64(max(-1e15, min(1e15, days))))
    }

    /// The proleptic Gregorian year, month and day of `days` since 1970-01-01.
    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
