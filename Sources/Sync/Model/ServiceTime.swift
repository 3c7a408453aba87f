#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A time the service gives (`updated`, `crawlTimeMsec`) or one stored from it, checked before it
/// is stored or computed with: seconds since 1970 up to an hour past our clock. A time outside
/// that window (negative, in milliseconds, decades ahead) is refused, and arithmetic on the
/// times saturates, so no answer of a service can make a sync trap or ask for items from a
/// future that never comes.
public enum ServiceTime {
    /// How far past our clock a service's clock may be.
    public static let slack: Int64 = 3_600

    /// The window of acceptable times when our clock reads `now`.
    public static func window(now: Date) -> ClosedRange<Int64> {
        0...(seconds(of: now).saturatingAdd(slack))
    }

    /// `value` when it lies in the window, else nil.
    public static func checked(_ value: Int64?, now: Date) -> Int64? {
        guard let value, window(now: now).contains(value) else { return nil }
        return value
    }

    /// `value` moved into the window: a stored time from before the check, or from a clock
    /// that jumped back.
    public static func clamped(_ value: Int64, now: Date) -> Int64 {
        let window = window(now: now)
        return min(max(value, window.lowerBound), window.upperBound)
    }

    /// Where a pull asks from: `mark` clamped, less `overlap`, never before 1970.
    public static func since(_ mark: Int64, overlap: Int64, now: Date) -> Int64 {
        max(0, clamped(mark, now: now).saturatingSubtract(max(0, overlap)))
    }

    /// Our clock in whole seconds, 0 before 1970 or when it cannot be read as seconds.
    static func seconds(of date: Date) -> Int64 {
        let value = date.timeIntervalSince1970
        guard value.isFinite, value > 0, value < 9e18 else { return 0 }
        return Int64(value)
    }
}

extension Int64 {
    /// `self + other`, stopping at the ends instead of trapping.
    func saturatingAdd(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, stopping at the ends instead of trapping.
    func saturatingSubtract(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other > 0 ? .min : .max
    }
}
