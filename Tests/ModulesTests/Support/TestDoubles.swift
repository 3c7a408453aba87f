import Coordinators
import Foundation
import Modules

/// A ``SystemActions`` that records what the screen asked for and answers as configured.
@MainActor
final class RecordingSystemActions: SystemActions {
    var browserOutcome = BrowserOutcome.opened(with: "test-browser")
    var clipboardWorks = true
    private(set) var opened: [URL] = []
    private(set) var copied: [String] = []

    func openInBrowser(_ url: URL) -> BrowserOutcome {
        opened.append(url)
        return browserOutcome
    }

    func copyToClipboard(_ text: String) -> Bool {
        copied.append(text)
        return clipboardWorks
    }
}

/// Records what a screen tells its router through ``ScreenActivity/observer``.
@MainActor
final class ActivityLog {
    private(set) var events: [ScreenActivity.Event] = []

    init(_ activity: ScreenActivity) {
        activity.observer = { [weak self] event in self?.events.append(event) }
    }

    /// Forgets what was recorded so far.
    func clear() { events.removeAll() }

    /// The posted messages, each as its lines' plain text joined by newlines.
    var messages: [String] {
        events.compactMap { event in
            guard case .message(let lines) = event else { return nil }
            return lines.map(\.plainText).joined(separator: "\n")
        }
    }

    /// The posted messages' lines.
    var messageLines: [[StyledLine]] {
        events.compactMap { event in
            guard case .message(let lines) = event else { return nil }
            return lines
        }
    }

    var changedCount: Int {
        events.filter { if case .changed = $0 { true } else { false } }.count
    }

    var appendices: [ScreenActivity.Appendix] {
        events.compactMap { event in
            guard case .appended(let appendix) = event else { return nil }
            return appendix
        }
    }
}
