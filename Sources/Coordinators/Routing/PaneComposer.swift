import TerminalText

/// How a split layout divides the terminal's width.
public struct PaneWidths: Sendable, Equatable {
    public static let divider = " │ "
    /// The narrowest terminal a split layout is drawn in.
    public static let minimumTotal = 100

    public let left: Int
    public let right: Int

    /// The list gets about 40 % (at least 36, at most 72 columns); the detail gets the rest.
    public init(total: Int) {
        let available = max(total - DisplayWidth.of(Self.divider), 2)
        let left = min(max(available * 2 / 5, min(36, available / 2)), 72)
        self.left = left
        self.right = available - left
    }
}

/// Lays out two panes' lines side by side with a straight divider.
public enum PaneComposer {
    /// Each row is the left line padded to its pane's width, the divider, then the right line.
    /// Lines wider than their pane are cut, so the divider stays in one column whatever the text
    /// (CJK and emoji are two columns wide); a right line that ends in a web address too long for
    /// its pane is kept whole (``StyledLine/fitted(toWidth:)``), over the terminal's width: a cut
    /// address can be neither copied nor followed, and nothing is drawn to its right.
    public static func sideBySide(left: [StyledLine], right: [StyledLine], widths: PaneWidths) -> [StyledLine]
    {
        let rows = max(left.count, right.count)
        let divider = StyledLine(PaneWidths.divider, .divider)
        let bareDivider = StyledLine(" │", .divider)
        return (0..<rows).map { row in
            let leftLine = row < left.count ? left[row] : .blank
            let rightLine = row < right.count ? right[row].fitted(toWidth: widths.right) : .blank
            let left = leftLine.truncated(toWidth: widths.left).padded(toWidth: widths.left)
            // No trailing spaces when the right pane has nothing on this row.
            return rightLine.isEmpty ? left + bareDivider : left + divider + rightLine
        }
    }
}
