import Configuration
import Foundation
import TestSupport
import Testing

/// The user's small text files: a change that would pass the size limit is refused, the file left
/// as it was, and the sentence names the limit as it was chosen.
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

    @Test func limitsAreSpokenInTheUnitTheyWereChosenIn() {
        #expect(LockedTextFile.spoken(16 << 20) == "16 MiB")
        #expect(LockedTextFile.spoken(256 << 10) == "256 KiB")
        #expect(LockedTextFile.spoken(1_500) == "1500 bytes")
    }
}
