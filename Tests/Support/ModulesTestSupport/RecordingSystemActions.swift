import Foundation
import Modules
import TerminalText

/// A ``SystemActions`` that records what the screen asked for and answers as configured.
@MainActor
public final class RecordingSystemActions: SystemActions {
    public var browserOutcome = BrowserOutcome.opened(with: "test-browser")
    public var clipboardWorks = true
    public var pagerOutcome = PagerOutcome.shown(with: "test-pager")
    /// The width the pager draws at.
    public var pagerWidth = 100
    public private(set) var opened: [URL] = []
    public private(set) var copied: [String] = []
    /// What the pager was given, as plain text, one entry per `pager`.
    public private(set) var paged: [String] = []

    public init() {}

    public func openInBrowser(_ url: URL) -> BrowserOutcome {
        opened.append(url)
        return browserOutcome
    }

    public func copyToClipboard(_ text: String) -> Bool {
        copied.append(text)
        return clipboardWorks
    }

    public func showInPager(_ text: (_ width: Int) -> [StyledLine]) -> PagerOutcome {
        if case .shown = pagerOutcome {
            paged.append(text(pagerWidth).map(\.plainText).joined(separator: "\n"))
        }
        return pagerOutcome
    }
}
