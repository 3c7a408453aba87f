import Coordinators
import TerminalText

/// A screen that shows fixed lines, for router tests that are not about any app.
@MainActor
final class TextScreen: Presentable {
    let activity = ScreenActivity()
    let title: String
    let pane: Pane
    var lines: [String]
    /// Commands this screen answers, and what it did.
    var understands: Set<String> = []
    private(set) var received: [String] = []
    /// Called when the screen declines a command, e.g. to close itself as a picker does.
    var onDecline: (@MainActor () -> Void)?

    init(_ title: String, pane: Pane = .primary, lines: [String]? = nil) {
        self.title = title
        self.pane = pane
        self.lines = lines ?? [title]
    }

    func render(width: Int, height: Int?) -> [StyledLine] {
        lines.flatMap { StyledLine($0).wrapped(toWidth: width) }
    }

    var declaredCommands: [DeclaredCommand] {
        understands.sorted().map { verb in
            DeclaredCommand(
                [verb], summary: "Test command \(verb)",
                handling: { command in
                    self.received.append(command.description)
                    return true
                })
        } + [
            .otherwise { _ in
                self.onDecline?()
                return false
            }
        ]
    }
}
