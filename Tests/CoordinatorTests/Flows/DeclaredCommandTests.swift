import Coordinators
import Testing

/// ``DeclaredCommand``: one declaration gives help its line, completion its words and dispatch its
/// action.
@MainActor
@Suite("Declared commands")
struct DeclaredCommandTests {
    /// A responder whose commands record what they were given.
    private final class Recorder: CommandResponder {
        var performed: [String] = []
        var declaredCommands: [DeclaredCommand] {
            [
                .number(in: 1...3, summary: "Open that item") { self.performed.append("open \($0)") },
                DeclaredCommand(["mark read", "mark-read"], summary: "Mark every item read") {
                    self.performed.append("mark read")
                },
                DeclaredCommand(["mark"], summary: "", listed: false) { self.performed.append("hint") },
                DeclaredCommand(
                    ["c", "category"], argument: "NAME", summary: "A section", aliases: ["categories"]
                ) {
                    self.performed.append("section \($0)")
                },
                .back("Leave") { self.performed.append("back") },
                .refresh("Load again") { self.performed.append("refresh") }.unlisted,
            ]
        }
    }

    @Test("A spelling of several words is typed as a verb and the first words of its argument")
    func multiWordNames() {
        let recorder = Recorder()
        for line in ["mark read", "mark-read", "Mark READ", "mark  read", "mark", "mark readable", "mark it"]
        {
            #expect(recorder.handle(Command(line)!))
        }
        #expect(
            recorder.performed == [
                "mark read", "mark read", "mark read", "mark read", "hint", "hint", "hint",
            ])
        let descriptor = CommandDescriptor(["mark read"], summary: "")
        #expect(descriptor.argument(of: Command("mark read now")!) == "now")
        #expect(descriptor.argument(of: Command("mark")!) == nil)
    }

    @Test(
        "Help and completion offer the listed spellings; unlisted ones and aliases are performed all the same"
    )
    func listing() {
        let recorder = Recorder()
        #expect(
            recorder.commands.map(\.usage) == ["1–3", "mark read, mark-read", "c, category NAME", "b, back"])
        #expect(recorder.handle(Command("categories science")!))
        #expect(recorder.handle(Command("r")!))
        #expect(recorder.handle(Command("2")!))
        #expect(recorder.handle(Command("7")!), "a number out of range is the screen's to explain")
        #expect(!recorder.handle(Command("2 x")!))
        #expect(!recorder.handle(Command("frobnicate")!))
        #expect(recorder.performed == ["section science", "refresh", "open 2", "open 7"])
        let completions = { (line: String) in
            CommandCompletion.candidates(
                for: CompletionRequest(lineBeforeCursor: line), among: recorder.commands)
        }
        #expect(completions("ma") == ["mark read", "mark-read"])
        #expect(completions("mark ") == ["read"])
        #expect(completions("") == ["mark read", "mark-read", "category", "back", "1", "2", "3"])
        #expect(completions("re").isEmpty, "refresh is unlisted")
    }

    @Test("otherwise takes whatever else is typed, and may decline it")
    func otherwise() {
        var seen: [String] = []
        let commands: [DeclaredCommand] = [
            .back("Close") { seen.append("back") },
            .otherwise { command in
                seen.append("other \(command)")
                return command.verb == "take"
            },
        ]
        #expect(commands.perform(Command("b")!))
        #expect(commands.perform(Command("take this")!))
        #expect(!commands.perform(Command("leave that")!))
        #expect(seen == ["back", "other take this", "other leave that"])
        #expect(commands.descriptors.map(\.usage) == ["b, back"])
    }
}
