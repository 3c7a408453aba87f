import Foundation

/// The picture files in the image cache's directory: those named by a SHA-256 (64 lowercase
/// hexadecimal digits), and the `.part` files of downloads in progress or abandoned.
struct PictureFiles {
    let directory: URL

    private func files() -> [(url: URL, size: Int64)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .isRegularFileKey]
        guard
            let urls = try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: keys)
        else { return [] }
        return urls.compactMap { url in
            let name = url.lastPathComponent
            let key = name.hasSuffix(".part") ? String(name.prefix(64)) : name
            guard Self.isKey(key), let values = try? url.resourceValues(forKeys: Set(keys)),
                values.isRegularFile == true
            else { return nil }
            return (url, Int64(values.fileSize ?? 0))
        }
    }

    var count: Int { files().filter { !$0.url.lastPathComponent.hasSuffix(".part") }.count }
    var byteCount: Int64 { files().reduce(0) { $0 + $1.size } }

    /// `37 pictures (4.1 MiB)`.
    var summary: String {
        let all = files()
        let pictures = all.filter { !$0.url.lastPathComponent.hasSuffix(".part") }.count
        return Amount.count(pictures, "picture") + " ("
            + Amount.bytes(all.reduce(0) { $0 + $1.size }) + ")"
    }

    /// Removes every picture file; returns how many pictures went and their bytes.
    func removeAll() -> (files: Int, bytes: Int64) {
        var removed = 0
        var bytes: Int64 = 0
        for (url, size) in files() where (try? FileManager.default.removeItem(at: url)) != nil {
            if !url.lastPathComponent.hasSuffix(".part") { removed += 1 }
            bytes += size
        }
        return (removed, bytes)
    }

    static func isKey(_ name: String) -> Bool {
        name.utf8.count == 64
            && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
