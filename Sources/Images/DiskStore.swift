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

/// Downloaded picture files in one directory, named by key, with their total size capped.
///
/// Recency is the file's modification time, which the store sets itself: on writing and on every
/// read. Stamps increase by at least a millisecond each across the whole process, so the order of
/// uses survives even when they fall within one tick of the clock. Files whose names are not keys are left alone, except
/// the store's own temporary files, which are removed once an hour old (a crash mid-write).
/// Every failure to read or write is a miss: a cache that cannot write still lets pictures load.
struct DiskStore: Sendable {
    let directory: URL
    /// The most bytes the key files may take in all. A file larger than this is not stored.
    let limit: Int

    init(directory: URL, limit: Int) {
        self.directory = directory
        self.limit = max(0, limit)
    }

    /// The bytes stored under `key`, which becomes the most recently used; nil when there are
    /// none or more than `maxBytes` (the file is then removed).
    func read(_ key: String, maxBytes: Int) -> Data? {
        let path = file(key).path
        guard let size = fileSize(atPath: path) else { return nil }
        guard size <= maxBytes, let data = try? Data(contentsOf: file(key)) else {
            remove(key)
            return nil
        }
        touch(path)
        return data
    }

    /// Stores `data` under `key` as the most recently used, then evicts the least recently used
    /// files until the total is within the limit.
    func write(_ data: Data, for key: String) {
        guard data.count <= limit else { return }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700 as Int])
            // Write aside, then rename: a reader never sees half a file.
            let temporary = directory.appendingPathComponent(
                "\(key).\(UUID().uuidString)\(Self.temporarySuffix)")
            try data.write(to: temporary)
            guard rename(temporary.path, file(key).path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                return
            }
        } catch {
            return
        }
        touch(file(key).path)
        evict()
    }

    func remove(_ key: String) {
        try? FileManager.default.removeItem(at: file(key))
    }

    /// Whether a file is stored under `key`.
    func contains(_ key: String) -> Bool {
        FileManager.default.fileExists(atPath: file(key).path)
    }

    func file(_ key: String) -> URL { directory.appendingPathComponent(key) }

    // MARK: - Recency and eviction

    private static let temporarySuffix = ".part"

    /// The last stamp given, by any store in the process.
    private static let lastStamp = Locked(Date.distantPast)

    private func touch(_ path: String) {
        let stamp = Self.lastStamp.withLock { last in
            last = max(Date(), last.addingTimeInterval(0.001))
            return last
        }
        try? FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: path)
    }

    private func evict() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        var stored: [(url: URL, size: Int, date: Date)] = []
        let staleBefore = Date().addingTimeInterval(-3_600)
        for name in names {
            let url = directory.appendingPathComponent(name)
            guard let (size, date) = Self.regularFile(url.path) else { continue }
            if Self.isKey(name) {
                stored.append((url, size, date))
            } else if name.hasSuffix(Self.temporarySuffix), Self.isKey(String(name.prefix(64))),
                date < staleBefore
            {
                try? FileManager.default.removeItem(at: url)
            }
        }
        var total = stored.reduce(0) { $0 + $1.size }
        guard total > limit else { return }
        stored.sort { ($0.date, $0.url.lastPathComponent) < ($1.date, $1.url.lastPathComponent) }
        for entry in stored where total > limit {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
        }
    }

    /// The size and modification time of the regular file at `path` (not following a symbolic
    /// link); nil for anything else.
    private static func regularFile(_ path: String) -> (size: Int, date: Date)? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        let seconds = Double(modified.tv_sec) + Double(modified.tv_nsec) / 1_000_000_000
        return (Int(info.st_size), Date(timeIntervalSince1970: seconds))
    }

    /// Whether `name` is a key: 64 lowercase hexadecimal digits.
    static func isKey(_ name: String) -> Bool {
        name.utf8.count == 64
            && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
