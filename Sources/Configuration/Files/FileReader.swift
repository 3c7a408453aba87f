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

/// Reads small files with POSIX calls, so a missing file, a refused one and a directory can be
/// told apart and the permissions checked on the very file that was read.
public enum FileReader {
    /// A file's bytes and its permission bits.
    public struct Contents: Sendable {
        public var data: Data
        /// `st_mode & 0o777`.
        public var permissions: UInt16
    }

    /// Why a file was not read.
    public struct Failure: Error, Sendable, Equatable {
        /// The `errno` of the failed call, or 0 for ``tooLarge``.
        public var code: Int32
        public var reason: String

        /// True when there is no file at the path (nor a directory on the way to it).
        public var isMissing: Bool { code == ENOENT || code == ENOTDIR }

        public static func posix(_ code: Int32) -> Failure {
            Failure(code: code, reason: String(cString: strerror(code)).lowercased())
        }

        public static func tooLarge(_ limit: Int) -> Failure {
            Failure(code: 0, reason: "larger than \(limit >> 10) KiB")
        }
    }

    public static func read(_ path: String, limit: Int) -> Result<Contents, Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.posix(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.posix(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(.posix((status.st_mode & S_IFMT) == S_IFDIR ? EISDIR : EINVAL))
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.posix(errno))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
            if data.count > limit { return .failure(.tooLarge(limit)) }
        }
        return .success(Contents(data: data, permissions: UInt16(status.st_mode & 0o777)))
    }
}

/// libc's `read`, which ``FileReader/read(_:limit:)`` hides.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Paths as the user thinks of them: the home directory shown as `~`.
public enum PathDisplay {
    public static func abbreviate(_ path: String, home: String?) -> String {
        guard let home, home.hasPrefix("/"), home != "/" else { return path }
        let base = home.hasSuffix("/") ? String(home.dropLast()) : home
        if path == base { return "~" }
        if path.hasPrefix(base + "/") { return "~" + path.dropFirst(base.count) }
        return path
    }
}
