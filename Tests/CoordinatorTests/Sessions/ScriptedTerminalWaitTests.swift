import CoordinatorsTesting
import TerminalText
import Testing

/// The scripted terminal's waits end when their task is cancelled, as a time limit cancels a test:
/// a test that runs too long fails where it waited instead of holding up the whole run.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ScriptedTerminalWaitTests {
    @Test func aCancelledWaitForOutputEndsAndIsNotResumedAgain() async {
        let terminal = ScriptedTerminal([])
        let waiting = Task { await terminal.waitForOutput(containing: "never shown") }
        // Let the wait begin, then cancel it: it must return (else this test meets its limit).
        await Task.yield()
        waiting.cancel()
        await waiting.value
        // A wait resumed again when the text finally comes would trap here.
        terminal.write([StyledLine("never shown")])
        #expect(terminal.lastOutput == "never shown")
        // A later wait for it still returns at once.
        await terminal.waitForOutput(containing: "never shown")
    }

    @Test func aWaitCancelledBeforeItBeginsReturnsAtOnce() async {
        let terminal = ScriptedTerminal([])
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await terminal.waitForOutput(containing: "never shown")
            return Task.isCancelled
        }
        #expect(await waiting.value)
        #expect(terminal.outputs.isEmpty)
    }
}
