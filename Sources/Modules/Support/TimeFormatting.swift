import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// "3 hours ago" and "Sun 22 Nov 2026 14:05", in English, independent of the machine's locale.
public struct TimeFormatting: Sendable {
    public var now: Date
    /// The zone dates are shown in; nil for the machine's local time (``LocalTime``).
    public var timeZone: TimeZone?

    public init(now: Date, timeZone: TimeZone? = nil) {
        self.now = now
        self.timeZone = timeZone
    }

    /// How long ago `date` was: "just now", "5 minutes ago", "3 hours ago", "yesterday",
    /// "4 days ago", then the date ("12 Oct 2026"). A date in the future reads "just now".
    public func relative(_ date: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        let minutes = Int(seconds / 60)
        let hours = minutes / 60
        let days = hours / 24
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return minutes == 1 ? "1 minute ago" : "\(minutes) minutes ago"
        case ..<86_400: return hours == 1 ? "1 hour ago" : "\(hours) hours ago"
        case ..<(2 * 86_400): return "yesterday"
        case ..<(14 * 86_400): return "\(days) days ago"
        default: return shortDate(date)
        }
    }

    /// The age in a few characters, for compact lists: "now", "17m", "8h", "3d", "12 Oct", and
    /// for a date of another year "Jan 2019" (a day and month alone would pass for this year's).
    public func compact(_ date: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        switch seconds {
        case ..<60: return "now"
        case ..<3600: return "\(Int(seconds / 60))m"
        case ..<86_400: return "\(Int(seconds / 3600))h"
        case ..<(14 * 86_400): return "\(Int(seconds / 86_400))d"
        default:
            let parts = components(date)
            guard parts.year == components(now).year else {
                return "\(Self.months[parts.month - 1]) \(parts.year)"
            }
            return "\(parts.day) \(Self.months[parts.month - 1])"
        }
    }

    /// "Sun 22 Nov 2026 14:05" in ``timeZone``, else in local time.
    public func absolute(_ date: Date) -> String {
        let parts = components(date)
        return
            "\(Self.weekdays[parts.weekday - 1]) \(parts.day) \(Self.months[parts.month - 1]) \(parts.year) "
            + "\(Self.twoDigits(parts.hour)):\(Self.twoDigits(parts.minute))"
    }

    /// "12 Oct 2026".
    public func shortDate(_ date: Date) -> String {
        let parts = components(date)
        return "\(parts.day) \(Self.months[parts.month - 1]) \(parts.year)"
    }

    private func components(_ date: Date) -> Timestamp.Civil {
        Timestamp.Civil(
            date, offsetSeconds: timeZone?.secondsFromGMT(for: date) ?? LocalTime.utcOffset(at: date))
    }

    private static let weekdays = Timestamp.weekdayAbbreviations
    private static let months = Timestamp.monthAbbreviations

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
