import Configuration

/// Whether the terminal draws OSC 8 hyperlinks. Terminals that do not know OSC 8 usually ignore
/// it, but some print it, so links are only drawn where support is known.
enum HyperlinkSupport {
    private static let programs: Set<String> = [
        "iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "Tabby", "rio",
    ]
    private static let terms: Set<String> = [
        "xterm-kitty", "foot", "foot-extra", "alacritty", "wezterm", "xterm-ghostty",
    ]

    /// Whether links are drawn as hyperlinks: as `hyperlinks` says, and for `auto` when the
    /// terminal is one known to show them (others may print the escape sequence as text).
    static func isEnabled(_ choice: HyperlinksChoice, environment: [String: String]) -> Bool {
        switch choice {
        case .on: true
        case .off: false
        case .auto: isSupported(environment: environment)
        }
    }

    static func isSupported(environment: [String: String]) -> Bool {
        if let program = environment["TERM_PROGRAM"], programs.contains(program) { return true }
        if let term = environment["TERM"], terms.contains(term) { return true }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5000 { return true }
        return ["KITTY_WINDOW_ID", "WT_SESSION", "KONSOLE_VERSION"].contains { environment[$0] != nil }
    }
}
