import Feeds
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The subscriptions on disk: `$XDG_CONFIG_HOME/newsapp/urls` (by default
/// `~/.config/newsapp/urls`), in newsboat's urls format, so a newsboat user copies theirs over.
///
/// Changes are read, made and written under a lock on the folder, and written atomically (a new
/// file renamed over the old one), so two commands changing it at once (`newsapp refresh` moving
/// a feed, `newsapp feeds add`) never lose each other's change and a crash never leaves half a
/// file. The file is private to its owner (0600): feed addresses can hold passwords.
struct SubscriptionsFile: Sendable, Equatable {
    var path: String
    var home: String?

    /// The largest file read, and written: as large as the largest OPML file imported.
    static let sizeLimit = 16 << 20

    /// Why the file could not be read or written, as one sentence.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// The file named by `XDG_CONFIG_HOME` when it is an absolute path, else by `HOME`; nil when
    /// there is neither.
    static func standard(environment: [String: String]) -> SubscriptionsFile? {
        guard let config = ConfigurationFile.standard(environment: environment) else { return nil }
        let directory = (config.path as NSString).deletingLastPathComponent
        return SubscriptionsFile(path: directory + "/urls", home: config.home)
    }

    var displayPath: String { PathDisplay.abbreviate(path, home: home) }
    private var directory: String { (path as NSString).deletingLastPathComponent }

    /// The subscriptions; a missing file holds none.
    func load() throws(Failure) -> UrlsFile {
        switch FileReader.read(path, limit: Self.sizeLimit) {
        case .failure(let failure) where failure.isMissing:
            return UrlsFile(text: "")
        case .failure(let failure):
            throw Failure(description: "\(displayPath) cannot be read (\(failure.reason)).")
        case .success(let contents):
            guard let text = String(data: contents.data, encoding: .utf8) else {
                throw Failure(description: "\(displayPath) is not UTF-8 text.")
            }
            return UrlsFile(text: text)
        }
    }

    /// Reads the file, lets `change` edit it, and writes it back when its text changed, all under
    /// the folder's lock; returns what `change` returned.
    func update<Result>(_ change: (inout UrlsFile) throws(Failure) -> Result) throws(Failure) -> Result {
        try createDirectory()
        let lock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw failure("cannot be locked", errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("cannot be locked", errno) }
        }
        var file = try load()
        let before = file.text
        let result = try change(&file)
        let after = file.text
        guard after != before else { return result }
        // Never written past what the next command could read back.
        guard after.utf8.count <= Self.sizeLimit else {
            throw Failure(
                description: "\(displayPath) would be larger than \(Self.sizeLimit >> 20) MiB, the most "
                    + "NewsApp reads; it was left as it was.")
        }
        try write(after)
        return result
    }

    // MARK: - Writing

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
            throw Failure(
                description: "\(PathDisplay.abbreviate(directory, home: home)) cannot be created.")
        }
    }

    private func failure(_ what: String, _ code: Int32) -> Failure {
        Failure(description: "\(displayPath) \(what) (\(String(cString: strerror(code)).lowercased())).")
    }
}
