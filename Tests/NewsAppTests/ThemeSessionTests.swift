import Foundation
import Testing

/// The colours a person meets in a real terminal: a light background (`COLORFGBG` says so) gets
/// headings it can read, not bright white, and `NO_COLOR` gets no colour at all, whatever the
/// background.
@Suite("Themes in a terminal session", .serialized)
struct ThemeSessionTests {
    /// The parameters of every SGR sequence written (`1;30` for `ESC [ 1 ; 30 m`), in order.
    static func styles(_ written: Data) -> [String] {
        let text = String(decoding: written, as: UTF8.self)
        var found: [String] = []
        var rest = text[...]
        while let match = rest.range(of: #"\x1B\[[0-9;]*m"#, options: .regularExpression) {
            found.append(String(rest[match].dropFirst(2).dropLast()))
            rest = rest[match.upperBound...]
        }
        return found
    }

    /// The sample edition's front page, then `q`, in a terminal with `environment`; what it wrote.
    private func frontPage(columns: Int, environment: [String: String]) async throws -> [String] {
        let tmux = try TmuxSession(
            ["--layout", "stack"], columns: columns, environment: environment, recordsOutput: true)
        try await tmux.waitForFrontPage()
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)
        return Self.styles(try await tmux.recordedOutput(through: "[newsapp exited with status"))
    }

    @Test(
        "A light terminal (COLORFGBG=0;15) gets headings in black, never in bright white",
        arguments: [80, 180])
    func lightBackground(columns: Int) async throws {
        let styles = try await frontPage(columns: columns, environment: ["COLORFGBG": "0;15"])
        #expect(!styles.isEmpty, "the front page is drawn in colour")
        let brightWhite = styles.filter { $0.split(separator: ";").contains("97") }
        #expect(brightWhite.isEmpty, "bright white on a light background: \(Set(brightWhite))")
        #expect(styles.contains("1;30"), "headings in bold black: \(Set(styles))")
    }

    @Test("NO_COLOR wins over the theme: bold, dim and underline only", arguments: [80, 180])
    func noColor(columns: Int) async throws {
        let styles = try await frontPage(
            columns: columns, environment: ["COLORFGBG": "0;15", "NO_COLOR": "1"])
        #expect(styles.contains("1"), "headings still stand out, in bold")
        let colours = styles.filter { style in
            style.split(separator: ";").contains { !["0", "1", "2", "4"].contains($0) }
        }
        #expect(colours.isEmpty, "colours under NO_COLOR: \(Set(colours))")
    }
}
