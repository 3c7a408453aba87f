import Configuration

extension ANSIStyler.Mode {
    /// How much styling a terminal gets: none for `TERM=dumb`, no colours under `NO_COLOR`
    /// (whatever the theme) or with `theme = "none"`, the theme's colours otherwise; `auto` takes
    /// the terminal's background from ``TerminalBackground``. Output that is not a terminal gets
    /// ``ANSIStyler/Mode/plain``.
    public static func forTerminal(_ environment: [String: String], theme: ANSIStyler.Theme)
        -> ANSIStyler.Mode
    {
        if environment["TERM"] == "dumb" { return .plain }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        switch theme {
        case .none: return .monochrome
        case .dark: return .color(.dark)
        case .light: return .color(.light)
        case .auto: return .color(TerminalBackground.palette(environment: environment))
        }
    }
}
