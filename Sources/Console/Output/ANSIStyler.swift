import Configuration
import FoundationEssentials
import TerminalText

/// Turns styled lines into text for stdout: with colours and hyperlinks on a capable terminal,
/// as plain text otherwise. This and the readline prompt are the only places escape sequences
/// are written; the text inside spans is already sanitised.
public struct ANSIStyler: Sendable {
    /// The `theme` setting, as the config file and `--theme` take it.
    public typealias Theme = ThemeChoice

    /// The colours: for a dark background, a light one, or one readable on both (a background
    /// nobody said).
    public enum Palette: Sendable, Equatable {
        case dark, light, neutral
    }

    /// How much the terminal gets.
    public enum Mode: Sendable, Equatable {
        /// No escape sequences at all: pipes, files, `TERM=dumb`.
        case plain
        /// Bold, dim and underline but no colours: `NO_COLOR`, `theme = "none"`.
        case monochrome
        case color(Palette)
    }

    public var mode: Mode
    /// Whether links are drawn as OSC 8 hyperlinks.
    public var hyperlinks: Bool

    public init(mode: Mode, hyperlinks: Bool) {
        self.mode = mode
        self.hyperlinks = hyperlinks
    }

    private static let escape = "\u{1B}["
    private static let reset = "\u{1B}[0m"

    public func render(_ line: StyledLine) -> String {
        guard mode != .plain else { return line.plainText }
        var output = ""
        for span in line.spans {
            let parameters = sgr(for: span)
            let open = parameters.isEmpty ? "" : Self.escape + parameters + "m"
            let close = parameters.isEmpty ? "" : Self.reset
            if hyperlinks, let url = span.link {
                // The URL came from the network: OSC 8 takes it only after it was sanitised and
                // only when it has no bytes that could end the sequence early.
                let target = TextSanitizer.clean(url.absoluteString)
                if target.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) {
                    output += "\u{1B}]8;;\(target)\u{1B}\\" + open + span.text + close + "\u{1B}]8;;\u{1B}\\"
                    continue
                }
            }
            output += open + span.text + close
        }
        return output
    }

    /// SGR parameters for a span: its exact colours in colour mode, otherwise its role's.
    public func sgr(for span: Span) -> String {
        if case .color = mode, let colors = span.colors {
            let fg = colors.foreground
            let bg = colors.background
            return "38;2;\(fg.red);\(fg.green);\(fg.blue);48;2;\(bg.red);\(bg.green);\(bg.blue)"
        }
        return sgr(for: span.role)
    }

    /// SGR parameters for a role in the current mode.
    public func sgr(for role: TextRole) -> String {
        switch mode {
        case .plain:
            return ""
        case .monochrome:
            switch role {
            case .heading, .strong, .accent: return "1"
            case .muted, .divider: return "2"
            case .link: return "4"
            case .notice, .warning, .error: return "1"
            case .plain: return ""
            }
        case .color(let palette):
            return Self.palette(palette, role)
        }
    }

    private static func palette(_ palette: Palette, _ role: TextRole) -> String {
        switch (palette, role) {
        case (_, .plain): ""
        // Readable on black and on white alike: weight, dimming, underline and red only.
        case (.neutral, .heading), (.neutral, .accent), (.neutral, .notice): "1"
        case (.neutral, .muted): "2"
        case (.neutral, .link): "4"
        case (.neutral, .warning), (.neutral, .error): "1;31"
        case (.neutral, .divider): "2"
        case (.dark, .heading): "1;97"
        case (.light, .heading): "1;30"
        case (_, .strong): "1"
        case (.dark, .muted): "90"
        case (.light, .muted): "2"
        case (.dark, .accent): "36"
        case (.light, .accent): "34"
        case (.dark, .link): "4;94"
        case (.light, .link): "4;34"
        case (.dark, .notice): "33"
        case (.light, .notice): "35"
        case (.dark, .warning): "93"
        case (.light, .warning): "33"
        case (.dark, .error): "91"
        case (.light, .error): "31"
        case (_, .divider): "90"
        }
    }

    /// The prompt with colours, escapes wrapped in readline's ignore markers (\001 … \002) so
    /// readline measures only the visible text.
    public func prompt(_ text: String) -> String {
        let parameters = sgr(for: .accent)
        guard mode != .plain, !parameters.isEmpty else { return text }
        return "\u{01}" + Self.escape + parameters + "m\u{02}" + text + "\u{01}" + Self.reset + "\u{02}"
    }
}
