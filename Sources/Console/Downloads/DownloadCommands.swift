import Configuration
import Coordinators
import Dispatch
import Modules
import Networking
import NewsModels
import Store
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

/// What `newsapp downloads …` does; each returns the exit status.
public struct DownloadCommands {
    public let context: FeedsContext
    public let downloads: StoreDownloads
    public var now = Date()

    public init(context: FeedsContext, downloads: StoreDownloads) {
        self.context = context
        self.downloads = downloads
    }

    private var output: OutputStyle {
        OutputStyle(environment: context.environment, theme: context.settings[\.theme])
    }

    public func list(json: Bool) async -> Int32 {
        let queue: [StoredDownload]
        do {
            queue = try await context.store.downloads()
        } catch {
            FeedsContext.fail(error.sentence)
            return 1
        }
        let home = context.environment["HOME"]
        if json {
            StandardOutput.write(
                TerminalSafeJSON.encode(DownloadsDocument(folder: downloads.folder, queue: queue)) + "\n")
            return 0
        }
        let time = TimeFormatting(now: now)
        var lines = StyledLine([
            Span("Downloads", .heading),
            Span(
                " · \(queue.count) in the queue · \(PathDisplay.abbreviate(downloads.folder, home: home))",
                .muted),
        ]).wrapped(toWidth: output.width)
        lines.append(.blank)
        if queue.isEmpty {
            lines.append(
                StyledLine("Nothing is queued: download on an article with an enclosure queues it.", .muted))
        }
        for (offset, download) in queue.enumerated() {
            let label = "\(offset + 1)  "
            lines += StyledLine.hanging(
                Span(label, .accent), StyledLine(download.title, .strong), width: output.width)
            let indent = String(repeating: " ", count: label.count)
            var state: String
            let kept = StoreDownloads.size(DownloadsDocument.received(download))
            let of = (download.total ?? download.length).map { " of " + StoreDownloads.size($0) } ?? ""
            switch download.state {
            case .queued: state = "queued \(time.relative(download.queuedAt))"
            case .downloading where download.interrupted:
                state = "interrupted · \(kept)\(of) kept to resume with newsapp downloads run"
            case .downloading: state = "downloading · \(kept)\(of) so far"
            case .done: state = "downloaded · \(StoreDownloads.size(download.received))"
            case .failed: state = "failed · \(kept)\(of) kept to resume"
            }
            if let feed = download.feedTitle { state = feed + " · " + state }
            lines += StyledLine.hanging(Span(indent), StyledLine(state, .muted), width: output.width)
            if let path = download.path {
                lines.append(
                    StyledLine([Span(indent), Span(PathDisplay.abbreviate(path, home: home), .link)]))
            } else {
                lines.append(StyledLine([Span(indent), Span(download.url.absoluteString, .link)]))
            }
            if let error = download.error {
                lines += StyledLine.hanging(
                    Span(indent), StyledLine("✗ " + error, .warning), width: output.width)
            }
        }
        output.write(lines)
        return 0
    }

    /// Downloads what is queued: a progress bar per file on a terminal, a line per file.
    public func runQueue() async -> Int32 {
        let bar = ProgressBar(
            enabled: TerminalProbe.isTerminal(STDOUT_FILENO), environment: context.environment,
            width: output.width)
        let failed = Locked(0)
        let done = Locked(0)
        let downloads = downloads
        let run = Task {
            await downloads.run { event in
                switch event {
                case .progress(let name, let received, let total):
                    bar.show(name: name, received: received, total: total)
                case .finished(let sentence, let didFail):
                    bar.clear()
                    if didFail { failed.withLock { $0 += 1 } } else { done.withLock { $0 += 1 } }
                    StandardOutput.write(TextSanitizer.clean(sentence) + "\n")
                }
            }
        }
        // Ctrl-C stops the file in flight and records what arrived, so the next run resumes it.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { run.cancel() }
        interrupt.resume()
        await run.value
        interrupt.cancel()
        signal(SIGINT, SIG_DFL)
        let (succeeded, failures) = (done.withLock { $0 }, failed.withLock { $0 })
        if succeeded == 0 && failures == 0 { StandardOutput.write("Nothing is queued.\n") }
        return failures > 0 ? 1 : 0
    }
}

/// `[██████████░░░░░░░░░░]  45%  5.3 MB of 11.8 MB  Episode 2.mp3`, redrawn in place on a terminal at
/// most ten times a second; nothing in a pipe. `TERM=dumb` gets `#` and `.`, a carriage return and
/// spaces, no escape sequence.
public final class ProgressBar: Sendable {
    private let enabled: Bool
    private let dumb: Bool
    private let width: Int
    private let state = Locked<(last: ContinuousClock.Instant?, shown: Int)>((nil, 0))

    public init(enabled: Bool, environment: [String: String], width: Int) {
        self.enabled = enabled
        dumb = environment["TERM"] == "dumb"
        self.width = width
    }

    public func show(name: String, received: Int64, total: Int64?) {
        guard enabled else { return }
        let text = Self.line(
            name: TextSanitizer.clean(name), received: received, total: total, width: width, dumb: dumb)
        let now = ContinuousClock.now
        let output: String? = state.withLock { state in
            if let last = state.last, now - last < .milliseconds(100), received != total { return nil }
            state.last = now
            let padding = String(repeating: " ", count: max(0, state.shown - text.count))
            state.shown = text.count
            return dumb ? "\r" + text + padding : "\r\u{1B}[2K" + text
        }
        if let output { StandardOutput.write(output) }
    }

    public func clear() {
        guard enabled else { return }
        let shown = state.withLock { state -> Int in
            defer { state = (nil, 0) }
            return state.shown
        }
        guard shown > 0 else { return }
        StandardOutput.write(dumb ? "\r" + String(repeating: " ", count: shown) + "\r" : "\r\u{1B}[2K")
    }

    /// The bar's text for a width.
    public static func line(name: String, received: Int64, total: Int64?, width: Int, dumb: Bool) -> String {
        let size = ByteSize.text
        let cells = 20
        guard let total, total > 0 else {
            return TextWrapper.truncate("\(size(received))  \(name)", toWidth: max(10, width - 1))
        }
        let filled = Int(min(received, total) * Int64(cells) / total)
        let bar =
            String(repeating: dumb ? "#" : "█", count: filled)
            + String(repeating: dumb ? "." : "░", count: cells - filled)
        let percent = Int(min(received, total) * 100 / total)
        let text =
            "[\(bar)] \(String(repeating: " ", count: percent < 10 ? 2 : percent < 100 ? 1 : 0))\(percent)%  "
            + "\(size(received)) of \(size(total))  \(name)"
        return TextWrapper.truncate(text, toWidth: max(10, width - 1))
    }
}

/// `newsapp downloads --json`.
public struct DownloadsDocument: Encodable {
    public struct Download: Encodable {
        public var url: String
        public var title: String
        public var feed: String?
        public var state: String
        public var path: String?
        public var received: Int64
        public var total: Int64?
        public var error: String?
        public var queued: String
        public var finished: String?
        public var interrupted: Bool

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url, forKey: .url)
            try container.encode(title, forKey: .title)
            try container.encode(feed, forKey: .feed)
            try container.encode(state, forKey: .state)
            try container.encode(path, forKey: .path)
            try container.encode(received, forKey: .received)
            try container.encode(total, forKey: .total)
            try container.encode(error, forKey: .error)
            try container.encode(queued, forKey: .queued)
            try container.encode(finished, forKey: .finished)
            try container.encode(interrupted, forKey: .interrupted)
        }

        private enum CodingKeys: String, CodingKey {
            case url, title, feed, state, path, received, total, error, queued, finished, interrupted
        }
    }

    public var folder: String
    public var downloads: [Download]

    public init(folder: String, queue: [StoredDownload]) {
        self.folder = folder
        downloads = queue.map {
            Download(
                url: $0.url.absoluteString, title: $0.title, feed: $0.feedTitle, state: $0.state.rawValue,
                path: $0.path, received: Self.received($0), total: $0.total, error: $0.error,
                queued: Timestamp.format($0.queuedAt),
                finished: $0.state == .done || $0.state == .failed
                    ? $0.finishedAt.map(Timestamp.format) : nil,
                interrupted: $0.interrupted)
        }
    }

    /// The bytes a download holds: for one under way or stopped, its partial file's size, which
    /// the queue hears only every few seconds (and never from a run that was killed).
    public static func received(_ download: StoredDownload) -> Int64 {
        guard download.state != .done, let path = download.path, path.hasSuffix(".part"),
            let size = fileSize(atPath: path)
        else { return download.received }
        return Int64(size)
    }
}
