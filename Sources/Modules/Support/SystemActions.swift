import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the app can do outside itself: open an address in a browser, put text on the clipboard,
/// show text in a pager. The executable supplies the live actions; screens only ask.
@MainActor
public protocol SystemActions: AnyObject, Sendable {
    /// Opens `url` (http or https only; the caller has checked) in the user's browser.
    func openInBrowser(_ url: URL) -> BrowserOutcome
    /// Puts `text` on the clipboard; false when there is no way to.
    func copyToClipboard(_ text: String) -> Bool
    /// Shows the lines `text` draws for a width in the user's pager and waits until it is closed.
    func showInPager(_ text: (_ width: Int) -> [StyledLine]) -> PagerOutcome
}

/// What happened when the pager was asked to show a text.
public enum PagerOutcome: Sendable, Equatable {
    /// The pager named showed it and was closed.
    case shown(with: String)
    /// Output is not a terminal, so there is no pager to show it in.
    case notATerminal
    /// The pager could not be started or reported a failure; a short reason.
    case failed(String)
}

/// What happened when a browser was asked to open an address.
public enum BrowserOutcome: Sendable, Equatable {
    /// The browser named took the address.
    case opened(with: String)
    /// No browser is configured or installed.
    case noBrowser
    /// The browser could not be started or reported a failure; a short reason.
    case failed(String)
}

/// For sessions without a desktop around them (tests, scripts): nothing opens, nothing is copied,
/// no pager shows anything.
@MainActor
public final class NoSystemActions: SystemActions {
    public nonisolated init() {}
    public func openInBrowser(_ url: URL) -> BrowserOutcome { .noBrowser }
    public func copyToClipboard(_ text: String) -> Bool { false }
    public func showInPager(_ text: (_ width: Int) -> [StyledLine]) -> PagerOutcome { .notATerminal }
}
