import Coordinators
import Foundation
import Modules
import NewsAPIStub
import NewsModels
import TerminalText

/// The wait a person feels after typing `n`: a whole session (``NewsSession``: coordinators,
/// factory, shell; stack layout, 80 columns, pages of 20) over the live service, against the stub
/// adding 200 ms to every response: `c all` from the front page, then one `n` a second once the
/// list of every category's headlines is drawn, and
/// the session's `prefetchesNextPage` off or on. Each sample is the time from the shell receiving
/// `n` to the terminal being handed the appended page (the line numbered 21, 41, …).
@MainActor
enum PaceBenchmark {
    static let latency = Duration.milliseconds(200)
    static let pageSize = 20

    struct Result {
        var samples: Samples
        var requests: Int
    }

    static func run(corpus: Corpus, commands: Int, prefetch: Bool) async throws -> Result {
        let stub = NewsAPIStubServer(
            service: GeneratedNewsService(corpus: corpus, total: (commands + 3) * pageSize),
            options: NewsAPIStubServer.Options(apiKey: FetchBenchmark.key, latency: latency, resultCap: nil))
        let terminal = PacedTerminal(commands: commands, pageSize: pageSize)
        let requests = try await stub.whileRunning { stub in
            let service = try FetchBenchmark.liveService(baseURL: stub.baseURL)
            await session(service: service, terminal: terminal, prefetch: prefetch)
            return stub.requestCount
        }
        guard terminal.waits.count == commands else {
            throw ColdStart.Failure(
                description: "only \(terminal.waits.count) of \(commands) pages were drawn after `n`")
        }
        log(
            "  waits (ms): " + terminal.waits.values.map { String(format: "%.1f", $0) }.joined(separator: " ")
        )
        return Result(samples: terminal.waits, requests: requests)
    }

    /// Runs a session until the terminal's script ends; the session and its screens are released
    /// when this returns, which cancels a page still fetched ahead.
    private static func session(service: any NewsService, terminal: PacedTerminal, prefetch: Bool) async {
        let session = NewsSession(
            environment: AppEnvironment(
                service: service, pageSize: pageSize, country: "us", prefetchesNextPage: prefetch),
            terminal: terminal, options: NewsSession.Options(layout: .alwaysStack))
        _ = await session.run()
    }
}

/// An interactive terminal typing `c all` (the front page's way to every headline), then `n` once
/// a second after that list is drawn, and timing how long each appended page takes to reach the
/// screen.
@MainActor
final class PacedTerminal: Terminal {
    let size = TerminalSize(columns: 80, rows: 24)
    let isInteractive = true
    var completions: (@MainActor (CompletionRequest) -> [String])?
    private(set) var waits = Samples()

    private let commands: Int
    private let pageSize: Int
    private let clock = ContinuousClock()
    private var issued = 0
    private var lastIssue: ContinuousClock.Instant?
    /// When `n` was handed to the shell, until its page is drawn.
    private var pending: ContinuousClock.Instant?
    /// True once `c all` was typed.
    private var listAsked = false
    /// True once the list of every headline was drawn (not the front page before it).
    private var firstScreenDrawn = false
    private var drawn: CheckedContinuation<Void, Never>?
    private var gaveUp = false

    init(commands: Int, pageSize: Int) {
        self.commands = commands
        self.pageSize = pageSize
    }

    func write(_ lines: [StyledLine]) {
        let now = clock.now
        if !firstScreenDrawn {
            guard lines.contains(where: { $0.plainText.hasPrefix("Top stories · All categories") }),
                lines.contains(where: { $0.plainText.drop { $0 == " " }.hasPrefix("1  ") })
            else { return }
        }
        let expected = (pending == nil && !firstScreenDrawn) ? 1 : issued * pageSize + 1
        let shown = lines.contains { line in
            line.plainText.drop { $0 == " " }.hasPrefix("\(expected)  ")
        }
        guard shown else { return }
        if !firstScreenDrawn {
            firstScreenDrawn = true
        } else if let pending {
            waits.append(pending.duration(to: now))
            self.pending = nil
        } else {
            return
        }
        drawn?.resume()
        drawn = nil
    }

    func read(prompt: String) async -> TerminalInput {
        if !listAsked {
            listAsked = true
            return .line("c all")
        }
        // A person reads the page before typing again; a page that never comes ends the session.
        let watchdog = Task { @MainActor [weak self] in
            try? await Task.sleep(for: .seconds(10))
            guard !Task.isCancelled, let self else { return }
            self.drawn?.resume()
            self.drawn = nil
            self.gaveUp = true
        }
        defer { watchdog.cancel() }
        while !firstScreenDrawn || pending != nil {
            guard !gaveUp else { return .endOfInput }
            await withCheckedContinuation { drawn = $0 }
        }
        guard issued < commands else { return .endOfInput }
        let last = lastIssue ?? clock.now
        try? await Task.sleep(until: last.advanced(by: .seconds(1)), clock: clock)
        issued += 1
        let now = clock.now
        lastIssue = now
        pending = now
        return .line("n")
    }

    func showActivity(_ label: String?) {}
}
