import Foundation
import Testing

/// `TERM=dumb` on a real terminal: line editing still works, but not one escape sequence is
/// written, not even our own (clearing the prompt line, the clipboard, colours, links).
@Suite("A dumb terminal under tmux", .serialized)
struct DumbTerminalTests {
    @Test("Feed, article, share and quit write no escape byte at all")
    func noEscapeBytes() async throws {
        let tmux = try TmuxSession(
            ["--layout", "stack", "--page-size", "3"], columns: 100, environment: ["TERM": "dumb"],
            recordsOutput: true)
        try await tmux.waitForFrontPage()
        try tmux.send("1")
        try await tmux.waitFor("o open")
        try tmux.send("s")
        try await tmux.waitFor("https://example.org/newsapp-sample/")
        try tmux.send("q")
        #expect(try await tmux.exitStatus() == 0)

        let output = try await tmux.recordedOutput(through: "[newsapp exited with status")
        #expect(output.count > 1_000, "the recording holds the session")
        #expect(String(decoding: output, as: UTF8.self).contains("Front page · "))
        let escapes = output.enumerated().filter { $0.element == 0x1B }.map(\.offset)
        #expect(
            escapes.isEmpty, "escape bytes at \(escapes.prefix(5)): \(Self.context(output, escapes.first))")
    }

    /// The text around byte `offset`, escapes shown as `␛`.
    static func context(_ data: Data, _ offset: Int?) -> String {
        guard let offset else { return "" }
        let slice = data[max(0, offset - 20)..<min(data.count, offset + 20)]
        return String(decoding: slice, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "␛")
    }
}
