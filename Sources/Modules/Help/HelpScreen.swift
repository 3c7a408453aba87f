import Coordinators
import TerminalText

/// The help modal as its coordinator sees it.
@MainActor
public protocol HelpModule: Presentable {
    /// Help is closing; the coordinator dismisses it.
    var onClose: (@MainActor () -> Void)? { get set }
}

/// Lists the commands of the screen in focus and the ones that work everywhere. Any command
/// closes it; commands other than `b`, `back`, `?` and `help` are then declined, so the shell
/// offers them to the screens below and the app, as if help had not been open (the sort picker
/// does the same).
@MainActor
public final class HelpScreen: HelpModule {
    /// A titled group of commands.
    public struct Section: Sendable, Equatable {
        public var title: String
        public var commands: [CommandDescriptor]

        public init(title: String, commands: [CommandDescriptor]) {
            self.title = title
            self.commands = commands
        }
    }

    public let activity = ScreenActivity()
    public var onClose: (@MainActor () -> Void)?
    public let sections: [Section]
    /// A sentence under the title, e.g. which sources are in use.
    public let note: String?
    /// Reads a status line shown under the note, e.g. NewsAPI's requests today; nil: none.
    private let status: (@Sendable () async -> String?)?
    /// The status line, once read.
    public private(set) var statusLine: String?

    public init(sections: [Section], note: String? = nil, status: (@Sendable () async -> String?)? = nil) {
        self.sections = sections.filter { !$0.commands.isEmpty }
        self.note = note
        self.status = status
    }

    /// Reads the status line, holding the screen until it is there (a read of the local store).
    public func start() {
        guard let status else { return }
        activity.run("Reading the status") { [weak self] in
            let line = await status()
            guard let self else { return }
            self.statusLine = line
            self.activity.setNeedsDisplay()
        }
    }

    public var title: String { "Help" }

    /// `b` (and `?` again) closes help; any other command closes it and is declined, so the shell
    /// offers it to what is below (``CommandDispatch`` asks the screens again).
    public var declaredCommands: [DeclaredCommand] {
        [
            .back("Close help") { self.onClose?() },
            DeclaredCommand(["?", "help"], summary: "", listed: false) { self.onClose?() },
            .otherwise { _ in
                self.onClose?()
                return false
            },
        ]
    }

    public func render(width: Int, height: Int?) -> [StyledLine] {
        var lines: [StyledLine] = [StyledLine("Help", .heading)]
        if let note { lines += StyledLine(note, .muted).wrapped(toWidth: width) }
        if let statusLine { lines += StyledLine(statusLine, .muted).wrapped(toWidth: width) }
        let usageWidth = min(
            sections.flatMap(\.commands).map { DisplayWidth.of($0.usage) }.max() ?? 0, width / 2)
        for section in sections {
            lines.append(.blank)
            lines.append(StyledLine(section.title, .strong))
            for command in section.commands {
                let usage = TextWrapper.pad(
                    TextWrapper.truncate(command.usage, toWidth: usageWidth), toWidth: usageWidth)
                let summaryWidth = max(width - usageWidth - 4, 10)
                let summary = TextWrapper.wrap(command.summary, width: summaryWidth)
                for (index, part) in summary.enumerated() {
                    let key = index == 0 ? usage : String(repeating: " ", count: usageWidth)
                    lines.append(
                        StyledLine([Span("  " + key, .accent), Span("  " + part)]).truncated(toWidth: width))
                }
            }
        }
        lines.append(.blank)
        lines += StyledLine("Type b to close help, or any command to close it and run the command.", .muted)
            .wrapped(toWidth: width)
        return lines
    }
}
