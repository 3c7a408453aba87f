import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small text file of the user's that NewsApp edits (the urls file, the config file): read,
/// changed and written under a lock on its folder, and written atomically (a new file renamed over
/// the old one), so two commands changing it at once never lose each other's change and a crash
/// never leaves half a file. The file is private to its owner (0600).
public struct LockedTextFile: Sendable, Equatable {
    public var path: String
    public var home: String?
    public var sizeLimit: Int

    public init(path: String, home: String?, sizeLimit: Int) {
        self.path = path
        self.home = home
        self.sizeLimit = sizeLimit
    }

    /// Why the file could not be read or written, as one sentence.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    public var displayPath: String { PathDisplay.abbreviate(path, home: home) }
    private var directory: String { path.deletingLastPathComponent }

    /// The file's text; a missing file is empty.
    public func load() throws(Failure) -> String {
        switch FileReader.read(path, limit: sizeLimit) {
        case .failure(let failure) where failure.isMissing:
            return ""
        case .failure(let failure):
            throw Failure(description: "\(displayPath) cannot be read (\(failure.reason)).")
        case .success(let contents):
            guard let text = String(data: contents.data, encoding: .utf8) else {
                throw Failure(description: "\(displayPath) is not UTF-8 text.")
            }
            return text
        }
    }

    /// Reads the file, lets `change` edit its text, and writes it back when the text changed, all
    /// under the folder's lock; returns what `change` returned.
    public func update<Result>(_ change: (inout String) throws(Failure) -> Result) throws(Failure) -> Result {
        try createDirectory()
        let lock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw failure("cannot be locked", errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("cannot be locked", errno) }
        }
        var text = try load()
        let before = text
        let result = try change(&text)
        guard text != before else { return result }
        // Never written past what the next command could read back.
        guard text.utf8.count <= sizeLimit else {
            throw Failure(
                description: "\(displayPath) would be larger than \(Self.spoken(sizeLimit)), the most "
                    + "NewsApp reads; it was left as it was.")
        }
        try write(text)
        return result
    }

    /// `16 MiB`, `256 KiB`: a limit in the binary unit it was chosen in.
    public static func spoken(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    private func write(_ text: String) throws(Failure) {
        let temporary = path + ".new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot be written", errno) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw failure("cannot be written", code)
            }
            bytes = bytes.dropFirst(written)
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure("cannot be written", code)
        }
    }

    private func createDirectory() throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "\(PathDisplay.abbreviate(directory, home: home)) cannot be created.")
        }
    }

    private func failure(_ what: String, _ code: Int32) -> Failure {
        Failure(description: "\(displayPath) \(what) (\(String(cString: strerror(code)).lowercased())).")
    }
}
