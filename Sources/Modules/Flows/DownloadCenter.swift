import Coordinators
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs the download queue in the shell's background work as files are queued (`download` on an
/// article): one status line above the prompt while a file arrives (`Downloading Episode 2.mp3 ·
/// 45% of 11.8 MB`), and one line when each ends, saying where it is.
@MainActor
public final class DownloadCenter {
    public let downloads: any Downloads
    private let activity: ScreenActivity
    private let showStatus: @MainActor (StyledLine?) -> Void
    /// True while the queue runs; a file queued meanwhile is taken by the same run.
    public private(set) var isRunning = false
    private var queuedWhileRunning = false

    public init(
        downloads: any Downloads, activity: ScreenActivity,
        showStatus: @escaping @MainActor (StyledLine?) -> Void = { _ in }
    ) {
        self.downloads = downloads
        self.activity = activity
        self.showStatus = showStatus
    }

    /// Runs the queue unless it runs already.
    public func start() {
        guard !isRunning else {
            queuedWhileRunning = true
            return
        }
        isRunning = true
        let downloads = downloads
        activity.run("Downloading", holdingDisplay: .never) { [weak self] in
            let (events, continuation) = AsyncStream.makeStream(
                of: DownloadEvent.self, bufferingPolicy: .unbounded)
            let run = Task.detached {
                await downloads.run { continuation.yield($0) }
                continuation.finish()
            }
            for await event in events {
                switch event {
                case .progress(let name, let received, let total):
                    self?.showStatus(Self.statusLine(name: name, received: received, total: total))
                case .finished(let sentence, let failed):
                    self?.showStatus(nil)
                    self?.activity.post([StyledLine(sentence, failed ? .warning : .muted)])
                }
            }
            await withTaskCancellationHandler {
                await run.value
            } onCancel: {
                run.cancel()
            }
            guard let self else { return }
            self.showStatus(nil)
            self.isRunning = false
            if self.queuedWhileRunning {
                self.queuedWhileRunning = false
                self.start()
            }
        }
    }

    /// `Downloading Episode 2.mp3 · 45% of 11.8 MB`.
    static func statusLine(name: String, received: Int64, total: Int64?) -> StyledLine {
        let size = ByteSize.text
        guard let total, total > 0 else {
            return StyledLine("Downloading \(name) · \(size(received))", .muted)
        }
        return StyledLine("Downloading \(name) · \(received * 100 / total)% of \(size(total))", .muted)
    }
}
