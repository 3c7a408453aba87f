import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The picture files in the image cache's directory: those named by a SHA-256 (64 lowercase
/// hexadecimal digits), and the `.part` files of downloads in progress or abandoned.
public struct PictureFiles {
    public let directory: URL

    private func files() -> [(url: URL, size: Int64)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            return []
        }
        return names.compactMap { name in
            let key = name.hasSuffix(".part") ? String(name.prefix(64)) : name
            let url = directory.appendingPathComponent(name)
            var info = stat()
            guard Self.isKey(key), lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                return nil
            }
            return (url, Int64(info.st_size))
        }
    }

    public var count: Int { files().filter { !$0.url.lastPathComponent.hasSuffix(".part") }.count }
    public var byteCount: Int64 { files().reduce(0) { $0 + $1.size } }

    /// `37 pictures (4.1 MiB)`.
    public var summary: String {
        let all = files()
        let pictures = all.filter { !$0.url.lastPathComponent.hasSuffix(".part") }.count
        return Amount.count(pictures, "picture") + " ("
            + Amount.bytes(all.reduce(0) { $0 + $1.size }) + ")"
    }

    /// Removes every picture file; returns how many pictures went and their bytes.
    public func removeAll() -> (files: Int, bytes: Int64) {
        var removed = 0
        var bytes: Int64 = 0
        for (url, size) in files() where (try? FileManager.default.removeItem(at: url)) != nil {
            if !url.lastPathComponent.hasSuffix(".part") { removed += 1 }
            bytes += size
        }
        return (removed, bytes)
    }

    public static func isKey(_ name: String) -> Bool {
        name.utf8.count == 64
            && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
