import Coordinators
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Refreshes every feed in the background, for `r` on the front page and the feed screens and for
/// the refresh at launch: the work runs in the shell's background activity (so you read on
/// meanwhile, and a piped script waits for it), its progress is one status line above the prompt
/// (`Refreshing 37/199 feeds · 4,210 new`), its outcome one line when it ends, and then the
/// screens that show feeds are told to load again.
@MainActor
public final class FeedRefreshCenter {
    public let library: any FeedLibrary
    private let activity: ScreenActivity
    private let showStatus: @MainActor (StyledLine?) -> Void
    private var observers: [(owner: Weak, reload: @MainActor () -> Void)] = []
    /// True while a refresh runs.
    public private(set) var isRefreshing = false

    private struct Weak {
        weak var object: AnyObject?
    }

    /// - Parameters:
    ///   - activity: Where the work runs: the shell's ``Shell/background``.
    ///   - showStatus: Shows the progress line above the prompt (nil removes it).
    public init(
        library: any FeedLibrary, activity: ScreenActivity,
        showStatus: @escaping @MainActor (StyledLine?) -> Void = { _ in }
    ) {
        self.library = library
        self.activity = activity
        self.showStatus = showStatus
    }

    /// Calls `reload` after each refresh, for as long as `owner` lives.
    public func observe(_ owner: AnyObject, reload: @escaping @MainActor () -> Void) {
        observers.removeAll { $0.owner.object == nil || $0.owner.object === owner }
        observers.append((Weak(object: owner), reload))
    }

    /// Refreshes every feed, or with `interval` only those not refreshed for that long, unless a
    /// refresh is running already (which is then said). With `interval`, nothing is said when no
    /// feed needed it.
    public func start(olderThan interval: Duration? = nil) {
        guard !isRefreshing else {
            if interval == nil {
                activity.post([StyledLine("The feeds are being refreshed already.", .muted)])
            }
            return
        }
        isRefreshing = true
        let library = library
        activity.run("Refreshing feeds", holdingDisplay: .never) { [weak self] in
            let (steps, continuation) = AsyncStream.makeStream(
                of: RefreshProgress.self, bufferingPolicy: .bufferingNewest(1))
            let refresh = Task.detached { () -> FeedRefreshSummary in
                let summary = await library.refresh(olderThan: interval) { continuation.yield($0) }
                continuation.finish()
                return summary
            }
            // Ends when the refresh does, or when the session ends (cancelled).
            for await step in steps {
                self?.showStatus(Self.statusLine(step))
            }
            let outcome = await withTaskCancellationHandler {
                await refresh.value
            } onCancel: {
                refresh.cancel()
            }
            guard let self else { return }
            self.showStatus(nil)
            self.isRefreshing = false
            if interval == nil || outcome.anyRefreshed {
                self.activity.post([StyledLine(outcome.sentence, outcome.failed > 0 ? .warning : .muted)])
            }
            self.observers.removeAll { $0.owner.object == nil }
            for observer in self.observers { observer.reload() }
        }
    }

    /// The progress line (``RefreshProgress/line``), muted.
    static func statusLine(_ step: RefreshProgress) -> StyledLine {
        StyledLine(step.line, .muted)
    }
}
