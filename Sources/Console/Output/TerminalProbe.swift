import Coordinators

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the process's terminal.
public enum TerminalProbe {
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The size of the terminal on `descriptor`, if it is one.
    public static func size(of descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        let result = withUnsafeMutablePointer(to: &size) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
        guard result == 0, size.ws_col > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(max(size.ws_row, 1)))
    }

    /// The width to lay out for when output is not a terminal: `COLUMNS` if set, else 80.
    public static func fallbackSize(environment: [String: String]) -> TerminalSize {
        let columns = environment["COLUMNS"].flatMap(Int.init).flatMap { (20...1000).contains($0) ? $0 : nil }
        return TerminalSize(columns: columns ?? 80, rows: 24)
    }
}
