#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What every renderer needs besides its state: the time, for "3 hours ago".
public struct RenderContext: Sendable {
    public var time: TimeFormatting

    public init(time: TimeFormatting) {
        self.time = time
    }
}

/// How the app's screens learn the time. Screens ask for a fresh ``RenderContext`` on each
/// render so relative times stay current.
public struct ScreenEnvironment: Sendable {
    public var clock: @Sendable () -> Date
    /// The zone dates are shown in; nil for the machine's local time.
    public var timeZone: TimeZone?

    public init(clock: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone? = nil) {
        self.clock = clock
        self.timeZone = timeZone
    }

    public var renderContext: RenderContext {
        RenderContext(time: TimeFormatting(now: clock(), timeZone: timeZone))
    }
}
