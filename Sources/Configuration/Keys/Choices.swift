// The values the choice keys take (``ConfigurationKeys``); the command line's options take the
// same ones.

/// `theme`: `auto` picks the palette for the terminal's background, `none` draws without colours.
public enum ThemeChoice: String, CaseIterable, Sendable {
    case auto, dark, light, none
}

/// `layout` and `--layout`: `auto` splits from `split_min_columns`, `split` whenever two panes
/// fit, `stack` never.
public enum LayoutChoice: String, CaseIterable, Sendable {
    case auto, stack, split
}

/// `images` and `--images`: `auto` draws pictures on a true-colour terminal (`COLORTERM` is
/// `truecolor` or `24bit`), `on` on any colour terminal, `off` never.
public enum ImagesChoice: String, CaseIterable, Sendable {
    case auto, on, off
}

/// `hyperlinks`: links drawn as OSC 8 hyperlinks where the terminal is known to support them,
/// always, or never.
public enum HyperlinksChoice: String, CaseIterable, Sendable {
    case auto, on, off
}

/// `--log-level`: swift-log's levels from the most detailed.
public enum LogLevelChoice: String, CaseIterable, Sendable {
    case trace, debug, info, notice, warning, error, critical
}
