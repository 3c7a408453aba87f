#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing file descriptors with `read` and `write`, in place of Foundation's
/// `FileHandle`: retried on `EINTR`, short writes continued.
package enum POSIXFile {
    /// The first `count` bytes of the file at `path` (fewer when it is shorter), nil when it
    /// cannot be opened or read.
    package static func readPrefix(ofFileAt path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor, upTo: count)
    }

    /// Up to `limit` bytes from `descriptor`, read until end of file or `limit`; nil on a read
    /// error.
    package static func read(_ descriptor: Int32, upTo limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(max(limit, 1), 65_536))
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// Writes every byte of `bytes` to `descriptor`; false when a write fails.
    @discardableResult
    package static func write(_ descriptor: Int32, _ bytes: some Collection<UInt8>) -> Bool {
        let all = Array(bytes)
        var offset = 0
        while offset < all.count {
            let count = all.withUnsafeBytes {
                systemWrite(descriptor, $0.baseAddress! + offset, all.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Writes `text` to standard error, as `FileHandle.standardError.write` did.
    package static func writeToStandardError(_ text: String) {
        write(STDERR_FILENO, Array(text.utf8))
    }
}

// `read` and `write` under names of their own, as the enum's methods shadow them.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
