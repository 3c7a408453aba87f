#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine's local time (`TZ`, else /etc/localtime) from libc. Foundation's
/// `TimeZone.current` needs ICU for that: without it, as in `newsapp`, it is GMT.
public enum LocalTime {
    /// Seconds east of UTC of local time at `date` (`localtime_r`'s `tm_gmtoff`): 3600 in Paris
    /// in winter, 7200 in summer; 0 when libc cannot say.
    public static func utcOffset(at date: Date) -> Int {
        _ = zoneRead
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// `localtime_r` need not read `TZ` itself (POSIX leaves it to `tzset`): done once.
    private static let zoneRead: Void = tzset()
}
