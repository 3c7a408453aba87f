import Configuration
import Foundation
import TestSupport
import Testing

/// The user's small text files: a change that would pass the size limit, that its closure refuses
/// or that cannot be written is refused with one sentence and the file left as it was, and the
/// sentence names the limit as it was chosen.
@Suite struct LockedTextFileTests {
    @Test func aChangePastTheConfigFilesLimitNamesItInKibibytesAndKeepsTheFile() throws {
        let directory = try TemporaryDirectory()
        let file = LockedTextFile(
            path: directory.path + "/config.toml", home: nil, sizeLimit: ConfigurationFile.sizeLimit)
        try file.update { text in text = "refresh_concurrency = 8\n" }
        let error = #expect(throws: LockedTextFile.Failure.self) {
            try file.update { text in text += String(repeating: "#", count: 256 << 10) }
        }
        #expect(error?.description.contains("would be larger than 256 KiB, the most NewsApp reads") == true)
        #expect(try file.load() == "refresh_concurrency = 8\n")
    }

    @Test func aChangeItsClosureRefusesIsNotWritten() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("first\n", to: "urls")
        let file = LockedTextFile(path: path, home: nil, sizeLimit: 1 << 10)
        let error = #expect(throws: LockedTextFile.Failure.self) {
            try file.update { (text: inout String) throws(LockedTextFile.Failure) in
                text = "second\n"
                throw LockedTextFile.Failure(description: "the change was refused")
            }
        }
        #expect(error?.description == "the change was refused")
        #expect(try file.load() == "first\n")
    }

    @Test func aNewTextThatCannotBeWrittenIsSaidWithTheSystemsReason() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("first\n", to: "urls")
        // The new text goes to `PATH.new-PID` first, then is renamed over the file; a folder in
        // its place cannot be opened for writing, even by root.
        try directory.makeDirectory("urls.new-\(ProcessInfo.processInfo.processIdentifier)")
        let file = LockedTextFile(path: path, home: directory.path, sizeLimit: 1 << 10)
        let error = #expect(throws: LockedTextFile.Failure.self) {
            try file.update { text in text = "second\n" }
        }
        #expect(error?.description == "~/urls cannot be written (is a directory).")
        #expect(try file.load() == "first\n")
    }

    @Test func limitsAreSpokenInTheUnitTheyWereChosenIn() {
        #expect(LockedTextFile.spoken(16 << 20) == "16 MiB")
        #expect(LockedTextFile.spoken(256 << 10) == "256 KiB")
        #expect(LockedTextFile.spoken(1_500) == "1500 bytes")
    }
}
