import Foundation
import Logging
import TestSupport
import Testing

@testable import Console
@testable import NewsApp

/// The log file: one line per event, made safe, the key never in it, rotation under 1 MiB.
@Suite struct LogFileTests {
    @Test func anEventIsOneSafeLineWithItsMetadata() throws {
        let directory = try TemporaryDirectory()
        let file = LogFile(path: directory.path + "/state/newsapp/newsapp.log")
        let logger = Logger(label: "feeds") { label in FileLogHandler(file: file, label: label, level: .info)
        }
        logger.warning(
            "refresh failed\u{1B}[31m",
            metadata: ["url": "https://example.org/a b", "reason": "The server failed."])
        logger.debug("not written: below the level")
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasSuffix(
                "warning feeds: refresh failed reason=\"The server failed.\" url=\"https://example.org/a b\"")
                == true)
        #expect(!text.contains("\u{1B}"))
    }

    @Test func aSecretIsRedactedWhereverItAppears() throws {
        let directory = try TemporaryDirectory()
        let file = LogFile(path: directory.path + "/newsapp.log")
        let key = "0123456789abcdef0123456789abcdef"
        let logger = Logger(label: "news") { label in
            FileLogHandler(file: file, label: label, level: .trace, secrets: [key])
        }
        logger.error("request with \(key) refused", metadata: ["header": "X-Api-Key: \(key)"])
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(!text.contains(key))
        #expect(text.contains("request with [redacted] refused"))
    }

    @Test func theFileRotatesSoBothCopiesStayUnderOneMebibyte() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/newsapp.log"
        let file = LogFile(path: path)
        let line = String(repeating: "x", count: 999)
        for _ in 0..<3_000 { file.append(line) }
        let current = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let older = try FileManager.default.attributesOfItem(atPath: path + ".1")[.size] as? Int ?? 0
        #expect(current > 0 && older > 0)
        #expect(current <= LogFile.rotationSize && older <= LogFile.rotationSize)
        #expect(current + older < 1 << 20)
        #expect(!FileManager.default.fileExists(atPath: path + ".2"))
    }

    @Test func theFileIsPrivateToItsOwner() throws {
        let directory = try TemporaryDirectory()
        let file = LogFile(path: directory.path + "/newsapp.log")
        file.append("hello")
        let permissions =
            try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func theStandardPlaceFollowsXDGStateHome() {
        #expect(
            LogFile.standard(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.path
                == "/s/newsapp/newsapp.log")
        #expect(
            LogFile.standard(environment: ["HOME": "/h"])?.path == "/h/.local/state/newsapp/newsapp.log")
        #expect(LogFile.standard(environment: ["XDG_STATE_HOME": "relative"]) == nil)
    }
}
