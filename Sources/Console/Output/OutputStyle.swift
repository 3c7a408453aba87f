import Coordinators
import TerminalText

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

/// How a print command's lines reach standard output: the terminal's width and colours, or plain
/// text at `COLUMNS` (else 80) in a pipe.
public struct OutputStyle {
    public let isTerminal: Bool
    public let width: Int
    public let styler: ANSIStyler

    public init(environment: [String: String], theme: ANSIStyler.Theme) {
        isTerminal = TerminalProbe.isTerminal(STDOUT_FILENO)
        width =
            (isTerminal ? TerminalProbe.size(of: STDOUT_FILENO)?.columns : nil)
            ?? TerminalProbe.fallbackSize(environment: environment).columns
        styler = ANSIStyler(
            mode: isTerminal ? ANSIStyler.Mode.forTerminal(environment, theme: theme) : .plain,
            hyperlinks: false)
    }

    public func write(_ lines: [StyledLine]) {
        StandardOutput.write(lines.map { styler.render($0) + "\n" }.joined())
    }
}

extension StyledLine {
    /// `body` wrapped to `width`, its first line after `label` and the others indented as far as
    /// the label is wide: `12  A title that goes on` / `    and on`.
    public static func hanging(_ label: Span, _ body: StyledLine, width: Int) -> [StyledLine] {
        let indent = label.displayWidth
        return body.wrapped(toWidth: max(1, width - indent)).enumerated().map { index, line in
            StyledLine([index == 0 ? label : Span(String(repeating: " ", count: indent))] + line.spans)
        }
    }
}
