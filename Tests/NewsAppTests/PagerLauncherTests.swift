import Foundation
import Modules
import TerminalText
import Testing

@testable import Console
@testable import NewsApp

/// The pager is a real process: these tests use small scripts as pagers that keep what they read.
@Suite("PagerLauncher")
struct PagerLauncherTests {
    let directory: URL
    let received: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        received = directory.appendingPathComponent("received.txt")
        let keeper = "#!/bin/sh\nprintf '%s\\n' \"$*\" > '\(received.path).args'\ncat > '\(received.path)'\n"
        try script("keeper", keeper)
        try script("less", keeper)
        try script("failing", "#!/bin/sh\ncat > /dev/null\nexit 3\n")
    }

    private func script(_ name: String, _ text: String) throws {
        try ExecutableScript.write(text, to: directory.appendingPathComponent(name))
    }

    private func contents(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    @Test("$PAGER gets the text on its standard input and its words as arguments")
    func pagerVariable() throws {
        let launcher = PagerLauncher(environment: [
            "PAGER": directory.appendingPathComponent("keeper").path + " -S --quiet", "PATH": "/usr/bin:/bin",
        ])
        let text = String(repeating: "A line of the article, long enough to fill pipes.\n", count: 4_000)
        #expect(launcher.show(text) == .shown(with: "keeper"))
        #expect(try contents(received) == text)
        #expect(try contents(received.appendingPathExtension("args")) == "-S --quiet\n")
    }

    @Test("Without $PAGER, less -R is found on $PATH")
    func lessByDefault() throws {
        let launcher = PagerLauncher(environment: ["PATH": directory.path])
        #expect(launcher.invocation()?.name == "less")
        #expect(launcher.invocation()?.arguments == ["-R"])
        #expect(launcher.show("text\n") == .shown(with: "less"))
        #expect(try contents(received) == "text\n")
    }

    @Test("A pager that cannot be found or that fails is a reason, never a crash")
    func failures() {
        let missing = PagerLauncher(environment: ["PAGER": "no-such-pager", "PATH": directory.path])
        #expect(missing.show("x") == .failed("no pager was found ($PAGER is “no-such-pager”)"))
        let none = PagerLauncher(environment: ["PATH": "/nonexistent"])
        #expect(none.show("x") == .failed("no pager was found"))
        let failing = PagerLauncher(environment: ["PAGER": directory.appendingPathComponent("failing").path])
        #expect(failing.show("x") == .failed("failing exited with status 3"))
    }

    @Test(
        "The live actions draw the lines at the terminal's width, in colour; without a terminal there is no pager"
    )
    @MainActor
    func liveActions() throws {
        let pager = LiveSystemActions.Pager(
            launcher: PagerLauncher(environment: ["PAGER": directory.appendingPathComponent("keeper").path]),
            styler: ANSIStyler(mode: .color(.dark), hyperlinks: false), columns: { 42 })
        let actions = LiveSystemActions(environment: [:], clipboard: nil, pager: pager)
        var widths: [Int] = []
        let outcome = actions.showInPager { width in
            widths.append(width)
            return [StyledLine("Title", .heading), StyledLine("body")]
        }
        #expect(outcome == .shown(with: "keeper"))
        #expect(widths == [42])
        let text = try contents(received)
        #expect(text.contains("\u{1B}[") && text.contains("Title") && text.hasSuffix("body\n"))
        let piped = LiveSystemActions(environment: [:], clipboard: nil)
        #expect(piped.showInPager { _ in [] } == .notATerminal)
    }
}
