import Configuration
import Foundation
import TestSupport
import Testing

/// Small files read with POSIX calls: a missing file, a folder and a file past its limit are told
/// apart, and the permissions are those of the file read.
@Suite struct FileReaderTests {
    @Test func aFileIsReadWithItsPermissions() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("twelve bytes", to: "file", permissions: 0o640)
        let contents = try FileReader.read(path, limit: 64).get()
        #expect(String(decoding: contents.data, as: UTF8.self) == "twelve bytes")
        #expect(contents.permissions == 0o640)
    }

    @Test func aMissingFileAndAMissingFolderAreMissing() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("", to: "file")
        for path in [directory.path + "/nothing", directory.path + "/none/file", file + "/below"] {
            let failure = #expect(throws: FileReader.Failure.self) {
                try FileReader.read(path, limit: 64).get()
            }
            #expect(failure?.isMissing == true, "\(path)")
        }
    }

    @Test func aFolderIsNotAFile() throws {
        let directory = try TemporaryDirectory()
        let failure = #expect(throws: FileReader.Failure.self) {
            try FileReader.read(directory.path, limit: 64).get()
        }
        #expect(failure?.isMissing == false)
        #expect(failure?.reason == "is a directory")
    }

    @Test func aFilePastItsLimitIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(String(repeating: "x", count: 2_049), to: "big")
        let failure = #expect(throws: FileReader.Failure.self) {
            try FileReader.read(path, limit: 2_048).get()
        }
        #expect(failure == FileReader.Failure.tooLarge(2_048))
        #expect(failure?.reason == "larger than 2 KiB")
        #expect(try FileReader.read(path, limit: 4_096).get().data.count == 2_049)
    }
}

/// Paths as the user thinks of them.
@Suite struct PathDisplayTests {
    @Test func theHomeFolderIsATilde() {
        #expect(PathDisplay.abbreviate("/home/ada/.config/x", home: "/home/ada") == "~/.config/x")
        #expect(PathDisplay.abbreviate("/home/ada/.config/x", home: "/home/ada/") == "~/.config/x")
        #expect(PathDisplay.abbreviate("/home/ada", home: "/home/ada") == "~")
    }

    @Test func otherPathsAreAsTheyAre() {
        #expect(PathDisplay.abbreviate("/home/adam/x", home: "/home/ada") == "/home/adam/x")
        #expect(PathDisplay.abbreviate("/etc/x", home: nil) == "/etc/x")
        #expect(PathDisplay.abbreviate("/etc/x", home: "/") == "/etc/x")
        #expect(PathDisplay.abbreviate("/etc/x", home: "relative") == "/etc/x")
    }
}

/// The user's small text files, edited under a lock and written atomically.
@Suite struct LockedTextFileEditingTests {
    @Test func anEditCreatesTheFolderAndAPrivateFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/new/folder/urls"
        let file = LockedTextFile(path: path, home: directory.path, sizeLimit: 1 << 10)
        #expect(try file.load() == "")
        let count = try file.update { text in
            text = "https://a.example/feed\n"
            return text.count
        }
        #expect(count == 23)
        #expect(try file.load() == "https://a.example/feed\n")
        #expect(try FileReader.read(path, limit: 1 << 10).get().permissions == 0o600)
        #expect(file.displayPath == "~/new/folder/urls")
    }

    @Test func anEditThatChangesNothingWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("kept\n", to: "urls", permissions: 0o644)
        let file = LockedTextFile(path: path, home: nil, sizeLimit: 1 << 10)
        try file.update { text in text += "" }
        #expect(try FileReader.read(path, limit: 1 << 10).get().permissions == 0o644)
    }

    @Test func aFileThatIsNotTextOrNotAFileIsOneSentence() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("", to: "binary")
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: path))
        let binary = LockedTextFile(path: path, home: directory.path, sizeLimit: 1 << 10)
        #expect(throws: LockedTextFile.Failure(description: "~/binary is not UTF-8 text.")) {
            try binary.load()
        }
        let folder = LockedTextFile(
            path: try directory.makeDirectory("folder"), home: directory.path, sizeLimit: 1 << 10)
        #expect(throws: LockedTextFile.Failure(description: "~/folder cannot be read (is a directory).")) {
            try folder.update { text in text = "x" }
        }
    }

    @Test func aFolderThatCannotBeMadeIsOneSentence() throws {
        let directory = try TemporaryDirectory()
        let blocker = try directory.write("", to: "blocker")
        let file = LockedTextFile(path: blocker + "/sub/urls", home: directory.path, sizeLimit: 1 << 10)
        #expect(throws: LockedTextFile.Failure(description: "~/blocker/sub cannot be created.")) {
            try file.update { text in text = "x" }
        }
    }
}
