import Coordinators
import Foundation

/// What every renderer needs besides its state: the time (for "3 hours ago") and the banner
/// shown at the top of every screen (e.g. the sample edition's).
public struct RenderContext: Sendable {
    public var time: TimeFormatting
    public var banner: StyledLine?

    public init(time: TimeFormatting, banner: StyledLine? = nil) {
        self.time = time
        self.banner = banner
    }

    /// The banner, cut to `width`, as the first line of a screen.
    func bannerLines(width: Int) -> [StyledLine] {
        guard let banner else { return [] }
        return banner.wrapped(toWidth: width)
    }
}

/// How the app's screens learn the time and the banner. Screens ask for a fresh
/// ``RenderContext`` on each render so relative times stay current.
public struct ScreenEnvironment: Sendable {
    public var clock: @Sendable () -> Date
    public var timeZone: TimeZone
    public var banner: StyledLine?

    public init(clock: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current, banner: StyledLine? = nil) {
        self.clock = clock
        self.timeZone = timeZone
        self.banner = banner
    }

    public var renderContext: RenderContext {
        RenderContext(time: TimeFormatting(now: clock(), timeZone: timeZone), banner: banner)
    }
}
