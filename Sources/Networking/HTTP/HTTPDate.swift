import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// HTTP-dates (RFC 9110, section 5.6.7) in all three forms a recipient must accept:
/// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate), `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850)
/// and `Sun Nov  6 08:49:37 1994` (asctime). Read by ``NewsModels/InternetDate``, which reads
/// them among the other shapes of Internet dates and settles two-digit years; this keeps to
/// HTTP's shapes: a weekday, seconds, and GMT (asctime: no zone, the year last).
enum HTTPDate {
    /// The date `text` names, or nil when it is not an HTTP-date. `now` settles the century of an
    /// RFC 850 two-digit year: never more than 50 years ahead.
    static func parse(_ text: String, now: Date) -> Date? {
        guard let fields = InternetDate.fields(text, now: now), fields.hasWeekday, fields.hasPlainSeconds,
            !fields.hasNumericZone, !fields.hasComment,
            fields.yearAfterTime ? fields.zoneName == nil : fields.zoneName == "gmt"
        else { return nil }
        return fields.date
    }
}
