import Foundation

/// What the app can do outside itself: open an address in a browser, put text on the clipboard.
/// The executable supplies the live actions; screens only ask.
@MainActor
public protocol SystemActions: AnyObject, Sendable {
    /// Opens `url` (http or https only; the caller has checked) in the user's browser.
    func openInBrowser(_ url: URL) -> BrowserOutcome
    /// Puts `text` on the clipboard; false when there is no way to.
    func copyToClipboard(_ text: String) -> Bool
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

/// For sessions without a desktop around them (tests, scripts): nothing opens, nothing is copied.
@MainActor
public final class NoSystemActions: SystemActions {
    public nonisolated init() {}
    public func openInBrowser(_ url: URL) -> BrowserOutcome { .noBrowser }
    public func copyToClipboard(_ text: String) -> Bool { false }
}
