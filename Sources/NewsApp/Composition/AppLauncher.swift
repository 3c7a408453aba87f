import Coordinators
import Foundation
import Modules
import Networking

/// The composition root: picks the news source and the terminal, then runs a ``NewsSession``.
@MainActor
enum AppLauncher {
    static func run(_ options: NewsAppCommand) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let source: NewsSourceChoice
        do {
            source = try NewsSourceChoice.resolve(sample: options.sample, environment: environment)
        } catch {
            StandardError.write("newsapp: \(error.description)")
            return 2
        }
        let interactive = TerminalProbe.isTerminal(STDIN_FILENO) && TerminalProbe.isTerminal(STDOUT_FILENO)
        let styler = ANSIStyler(mode: interactive ? styleMode(environment) : .plain, hyperlinks: false)
        let readline =
            interactive
            ? ReadlineTerminal(styler: styler, history: HistoryFile.standard(environment: environment)) : nil
        let terminal: any Terminal =
            readline
            ?? PipeTerminal(size: TerminalProbe.fallbackSize(environment: environment), styler: styler)
        defer { readline?.close() }

        let session = NewsSession(
            service: source.service, terminal: terminal,
            options: NewsSession.Options(
                layout: policy(options), pageSize: options.pageSize, country: source.country,
                banner: source.banner))
        await session.run(from: options.deepLink)
        return 0
    }

    private static func policy(_ options: NewsAppCommand) -> AdaptiveRouter.Policy {
        switch options.layout {
        case .auto: .automatic(splitFromColumns: options.splitMinColumns)
        case .stack: .alwaysStack
        case .split: .preferSplit
        }
    }

    private static func styleMode(_ environment: [String: String]) -> ANSIStyler.Mode {
        if environment["TERM"] == "dumb" { return .plain }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        return .color(.dark)
    }
}

/// Unbuffered writes to standard error.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
