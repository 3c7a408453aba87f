import Console
import Modules
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The app's system actions: the browser through ``BrowserLauncher``, the clipboard through the
/// terminal (OSC 52), and the pager through ``PagerLauncher``, when there is a terminal.
@MainActor
final class LiveSystemActions: SystemActions {
    /// The pager of a terminal: which program, how lines become text, and how wide they are drawn.
    struct Pager {
        var launcher: PagerLauncher
        var styler: ANSIStyler
        var columns: @MainActor () -> Int
    }

    private let browser: BrowserLauncher
    private let clipboard: (@MainActor (String) -> Bool)?
    private let pager: Pager?

    /// - Parameters:
    ///   - browser: The `browser` setting, which comes before `$BROWSER`.
    ///   - clipboard: Copies text, or nil when output is not a terminal.
    ///   - pager: Shows text, or nil when output is not a terminal.
    init(
        environment: [String: String], browser configured: String? = nil,
        clipboard: (@MainActor (String) -> Bool)?, pager: Pager? = nil
    ) {
        browser = BrowserLauncher(environment: environment, configured: configured)
        self.clipboard = clipboard
        self.pager = pager
    }

    func openInBrowser(_ url: URL) -> BrowserOutcome {
        browser.open(url)
    }

    func copyToClipboard(_ text: String) -> Bool {
        clipboard?(text) ?? false
    }

    func showInPager(_ text: (_ width: Int) -> [StyledLine]) -> PagerOutcome {
        guard let pager else { return .notATerminal }
        let lines = text(max(20, pager.columns()))
        return pager.launcher.show(lines.map { pager.styler.render($0) + "\n" }.joined())
    }
}
