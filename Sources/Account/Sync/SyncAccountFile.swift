import Configuration
import NewsModels
import Sync

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

/// Where the sync account is kept: `$XDG_STATE_HOME/newsapp/sync-account` (by default
/// `~/.local/state/newsapp/sync-account`), JSON, private to the user (0600, in a 0700 folder),
/// written atomically. It holds the login token, and the password only for the services that
/// need it again (Tiny Tiny RSS, Nextcloud News).
public struct SyncAccountFile: Sendable, Equatable {
    public var path: String
    public var home: String?

    public init(path: String, home: String?) {
        self.path = path
        self.home = home
    }

    /// Why the file could not be read or written, in one sentence.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    public static func standard(environment: [String: String]) -> SyncAccountFile? {
        guard let directory = StateDirectory.path(environment: environment) else { return nil }
        return SyncAccountFile(path: directory + "/sync-account", home: environment["HOME"])
    }

    public var displayPath: String { PathDisplay.abbreviate(path, home: home) }

    /// The account, nil when none is kept. A file others could read is made private again.
    public func load() throws(Failure) -> SyncAccount? {
        switch FileReader.read(path, limit: 64 << 10) {
        case .failure(let failure) where failure.isMissing:
            return nil
        case .failure(let failure):
            throw Failure(description: "\(displayPath) cannot be read (\(failure.reason)).")
        case .success(let contents):
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & 0o077 != 0 { chmod(path, 0o600) }
            // Nextcloud News has no token: its password signs every request.
            guard let account = try? JSONDecoder().decode(SyncAccount.self, from: contents.data),
                !account.token.isEmpty || (account.kind == .nextcloud && account.password?.isEmpty == false)
            else {
                throw Failure(
                    description:
                        "\(displayPath) is not a sync account NewsApp can read: run newsapp sync login again."
                )
            }
            return account
        }
    }

    /// Keeps `account`, replacing any other: a new file (0600) renamed over the old one.
    public func save(_ account: SyncAccount) throws(Failure) {
        let directory = path.deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // A folder made before (by another program, at 0755) is made private too.
            guard chmod(directory, 0o700) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        } catch {
            throw Failure(description: "\(PathDisplay.abbreviate(directory, home: home)) cannot be created.")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(account) else {
            throw Failure(description: "The sync account could not be written.")
        }
        let temporary = path + ".new-\(getpid())"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot be written", errno) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = written == data.count && fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure("cannot be written", code)
        }
    }

    /// Forgets the account; true when there was one.
    @discardableResult
    public func remove() throws(Failure) -> Bool {
        if unlink(path) == 0 { return true }
        guard errno == ENOENT else { throw failure("cannot be removed", errno) }
        return false
    }

    private func failure(_ what: String, _ code: Int32) -> Failure {
        Failure(description: "\(displayPath) \(what) (\(String(cString: strerror(code)).lowercased())).")
    }
}
