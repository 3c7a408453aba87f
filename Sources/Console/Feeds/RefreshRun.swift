import Account
import Feeds
import Modules
import NewsModels
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

/// `newsapp refresh`: every feed once, headless, like `newsboat -x reload`. On a terminal one line
/// of progress is redrawn in place; piped, only the summary is printed:
/// `199 feeds: 197 updated, 2 failed (newsapp feeds shows why) · 99,500 new in 2.4 s`.
/// Exit status 0 when any feed answered, 1 when none did.
public struct RefreshRun {
    public let context: FeedsContext
    public let json: Bool

    public init(context: FeedsContext, json: Bool) {
        self.context = context
        self.json = json
    }

    public func run() async -> Int32 {
        let progress = ProgressLine(
            enabled: !json && TerminalProbe.isTerminal(STDOUT_FILENO), environment: context.environment)
        let outcome: FeedRefreshService.Outcome
        do {
            outcome = try await context.refreshService.run { progress.show($0) }
        } catch {
            FeedsContext.fail(String(describing: error))
            return 1
        }
        progress.clear()
        let notice = SkippedLinesNotice(
            environment: context.environment, displayPath: context.subscriptions.displayPath)
        for line in notice.lines(for: outcome.skipped) { StandardError.write(TextSanitizer.clean(line)) }
        let report = outcome.report
        guard !report.feeds.isEmpty else {
            FeedsContext.fail(
                "There are no feeds to refresh: add one with newsapp feeds add URL, or import a list with "
                    + "newsapp feeds import FILE.")
            return 1
        }
        if let failure = outcome.moveFailure { FeedsContext.fail(failure) }
        if json {
            StandardOutput.write(TerminalSafeJSON.encode(RefreshDocument(report)) + "\n")
        } else {
            for move in outcome.moves {
                let line =
                    "Moved permanently: \(move.from.shownAddress) → \(move.to.shownAddress) "
                    + "(\(context.subscriptions.displayPath) updated)"
                StandardOutput.write(TextSanitizer.clean(line) + "\n")
            }
            StandardOutput.write(report.summary() + "\n")
        }
        return report.anyRefreshed ? 0 : 1
    }
}

/// `Refreshing 37/199 feeds · 4,210 new · waiting for slow.example`, redrawn in place on a terminal, at most ten times a
/// second; nothing in a pipe. `TERM=dumb` gets a carriage return and spaces, no escape sequence.
public final class ProgressLine: Sendable {
    private let enabled: Bool
    private let dumb: Bool
    private let state = Locked<(last: ContinuousClock.Instant?, width: Int)>((nil, 0))

    public init(enabled: Bool, environment: [String: String]) {
        self.enabled = enabled
        dumb = environment["TERM"] == "dumb"
    }

    public func show(_ progress: RefreshProgress) {
        show(progress.line, final: progress.done >= progress.total)
    }

    /// Shows `text`, unless a line was shown less than 100 ms ago and this one is not `final`.
    public func show(_ text: String, final: Bool = false) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let output: String? = state.withLock { state in
            if let last = state.last, now - last < .milliseconds(100), !final {
                return nil
            }
            state.last = now
            let padding = String(repeating: " ", count: max(0, state.width - text.count))
            state.width = text.count
            return dumb ? "\r" + text + padding : "\r\u{1B}[2K" + text
        }
        if let output { StandardOutput.write(output) }
    }

    public func clear() {
        guard enabled else { return }
        let width = state.withLock { $0.width }
        guard width > 0 else { return }
        StandardOutput.write(dumb ? "\r" + String(repeating: " ", count: width) + "\r" : "\r\u{1B}[2K")
    }
}

/// `newsapp refresh --json`.
public struct RefreshDocument: Encodable {
    public struct Feed: Encodable {
        public var url: String
        public var title: String?
        /// `updated`, `unchanged`, `failed` or `skipped`.
        public var status: String
        public var new: Int
        public var updated: Int
        public var error: String?
        public var movedTo: String?
        public var retryAfter: String?

        /// Absent values are written as `null`, so every result has every key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url, forKey: .url)
            try container.encode(title, forKey: .title)
            try container.encode(status, forKey: .status)
            try container.encode(new, forKey: .new)
            try container.encode(updated, forKey: .updated)
            try container.encode(error, forKey: .error)
            try container.encode(movedTo, forKey: .movedTo)
            try container.encode(retryAfter, forKey: .retryAfter)
        }

        private enum CodingKeys: String, CodingKey {
            case url, title, status, new, updated, error, movedTo, retryAfter
        }
    }

    public var feeds: Int
    public var updated: Int
    public var unchanged: Int
    public var failed: Int
    public var skipped: Int
    public var newItems: Int
    public var updatedItems: Int
    public var seconds: Double
    public var results: [Feed]

    public init(_ report: RefreshReport) {
        feeds = report.feeds.count
        updated = report.updatedCount
        unchanged = report.unchangedCount
        failed = report.failedCount
        skipped = report.skippedCount
        newItems = report.newItems
        updatedItems = report.updatedItems
        seconds = (report.seconds * 1000).rounded() / 1000
        results = report.feeds.map { feed in
            var result = Feed(
                url: feed.subscription.url.shownAddress, title: feed.subscription.title ?? feed.title,
                status: "updated", new: feed.counts.new, updated: feed.counts.updated,
                movedTo: feed.movedTo?.shownAddress)
            switch feed.status {
            case .updated: result.status = "updated"
            case .unchanged: result.status = "unchanged"
            case .failed(let sentence):
                result.status = "failed"
                result.error = ShownAddress.hidingPasswords(in: sentence)
            case .skipped(let until):
                result.status = "skipped"
                result.retryAfter = Timestamp.format(until)
            }
            return result
        }
    }
}
