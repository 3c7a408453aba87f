import NewsModels

#if canImport(FoundationEssentials)
    import struct FoundationEssentials.Date
#else
    import struct Foundation.Date
#endif

/// The `date` and `age` attributes of an item, from its date.
public enum FilterDate {
    /// `Tue, 24 Nov 2026 06:10:00 +0000`: newsboat's form of a date, in UTC, from the whole seconds
    /// of `seconds` since 1970 (a fraction is dropped, towards zero). Empty outside the years 0 to
    /// 9999, which SQLite's date functions cannot write either.
    public static func text(seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return "" }
        let civil = Timestamp.Civil(secondsSince1970: Int(Int64(seconds)))
        guard (0...9999).contains(civil.year) else { return "" }
        let year = String(civil.year)
        let day = civil.day < 10 ? "0\(civil.day)" : String(civil.day)
        return "\(Timestamp.weekdayAbbreviations[civil.weekday - 1]), \(day) "
            + "\(Timestamp.monthAbbreviations[civil.month - 1]) "
            + String(repeating: "0", count: 4 - year.count) + year + " \(civil.time(separator: ":")) +0000"
    }

    /// Whole days from `seconds` (since 1970) to `now`, towards zero, within 32 bits: a date in the
    /// future has a negative age.
    public static func age(seconds: Double, now: Double) -> Int32 {
        let days = (now - seconds) / 86_400
        guard days.isFinite else { return 0 }
        return FilterNumber.clamped(Int64(max(-1e15, min(1e15, days))))
    }
}
