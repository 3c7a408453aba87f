import Foundation
import Modules

/// The app's system actions: the browser through ``BrowserLauncher``, the clipboard through the
/// terminal (OSC 52), when there is one.
@MainActor
final class LiveSystemActions: SystemActions {
    private let browser: BrowserLauncher
    private let clipboard: (@MainActor (String) -> Bool)?

    /// - Parameter clipboard: Copies text, or nil when output is not a terminal.
    init(environment: [String: String], clipboard: (@MainActor (String) -> Bool)?) {
        browser = BrowserLauncher(environment: environment)
        self.clipboard = clipboard
    }

    func openInBrowser(_ url: URL) -> BrowserOutcome {
        browser.open(url)
    }

    func copyToClipboard(_ text: String) -> Bool {
        clipboard?(text) ?? false
    }
}
