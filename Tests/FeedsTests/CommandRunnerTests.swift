import Foundation
import Testing

@testable import Feeds

/// The commands of `exec:` and `filter:` feeds: run without a shell when their line needs none,
/// given their input, and stopped with one sentence when they hang, flood or fail.
@Suite("Commands of exec: and filter: feeds", .timeLimit(.minutes(1)))
struct CommandRunnerTests {
    let runner = CommandRunner(timeout: 20, outputLimit: 1 << 20, home: "/home/me")

    @Test func outputIsTheCommandsStandardOutput() async throws {
        #expect(try await runner.run("printf 'a b'").get() == Data("a b".utf8))
        #expect(try await runner.run("tr a-z A-Z", input: Data("feed".utf8)).get() == Data("FEED".utf8))
        // A pipe needs a shell, and gets one.
        #expect(try await runner.run("printf 'x\\ny\\n' | wc -l").get() == Data("2\n".utf8))
    }

    @Test func aCommandThatExitsWithAnErrorIsASentence() async {
        let result = await runner.run("sh -c 'echo \"no such feed\" >&2; exit 3'")
        #expect(result == .failure(.exited(status: 3, message: "no such feed")))
        #expect(
            CommandFailure.exited(status: 1, message: nil).sentence == "The command exited with status 1.")
        let missing = await runner.run("/nonexistent/feed-script")
        guard case .failure(.couldNotStart(let reason)) = missing else {
            Issue.record("\(missing)")
            return
        }
        #expect(reason == "no such file or directory")
    }

    @Test func aCommandThatHangsIsStoppedWithWhatItStarted() async {
        let quick = CommandRunner(timeout: 1, outputLimit: 1 << 20)
        // The shell and its background child both hold the output open: the whole group goes.
        let result = await quick.run("sleep 30 & sleep 30")
        #expect(result == .failure(.timedOut(seconds: 1)))
        #expect(
            CommandFailure.timedOut(seconds: 1).sentence
                == "The command did not finish within 1 second and was stopped.")
        // Closing its output does not end the wait: exiting does.
        #expect(await quick.run("exec sleep 30 >&-") == .failure(.timedOut(seconds: 1)))
    }

    @Test func aCommandThatFloodsIsStoppedAtTheCap() async {
        #expect(await runner.run("yes") == .failure(.tooMuchOutput(limit: 1 << 20)))
        #expect(
            CommandFailure.tooMuchOutput(limit: 16 << 20).sentence
                == "The command wrote more than 16 MiB and was stopped.")
    }

    @Test func aCommandThatDoesNotReadItsInputIsNoDeadlock() async throws {
        let input = Data(repeating: 0x41, count: 8 << 20)
        #expect(try await runner.run("true", input: input).get().isEmpty)
        #expect(try await runner.run("head -c 3", input: input).get() == Data("AAA".utf8))
    }

    @Test func cancellingTheRefreshStopsTheCommand() async {
        let task = Task { await runner.run("sleep 30") }
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
    }

    @Test func wordsAreReadAsAShellReadsThemAndAShellOnlyWhenNeeded() {
        #expect(
            CommandWords.words("~/bin/feed 'a b' \"c \\\"d\\\"\" e\\ f ~", home: "/home/me") == [
                "/home/me/bin/feed", "a b", "c \"d\"", "e f", "/home/me",
            ])
        #expect(CommandWords.words("feed a~b '~/x'", home: "/h") == ["feed", "a~b", "~/x"])
        for line in [
            "a | b", "a; b", "a && b", "a > f", "echo $HOME", "echo `x`", "ls *.xml", "a # c", "(a)",
        ] {
            #expect(CommandWords.words(line, home: nil) == nil, "\(line)")
            #expect(CommandWords.arguments(line, home: nil) == ["/bin/sh", "-c", line])
        }
        #expect(CommandWords.words("unclosed 'quote", home: nil) == nil)
    }
}
