import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's pages in the kernel's page cache: how many are resident, and dropping them so the next
/// run reads the file from disk, as the first start after a reboot or an install does. Dropping
/// one file's pages (`posix_fadvise(POSIX_FADV_DONTNEED)` after `fsync`) needs no root and leaves
/// the rest of a shared machine's cache alone; the system libraries the binary loads stay cached,
/// as they are on a user's machine.
enum PageCache {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The fraction of `path`'s pages in the page cache (0…1), from `mincore` on a mapping of it.
    static func residentFraction(_ path: String) throws -> Double {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open \(path)") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("fstat \(path)") }
        let size = Int(status.st_size)
        guard size > 0 else { return 0 }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED
        else {
            throw failure("mmap \(path)")
        }
        defer { munmap(mapping, size) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = (size + page - 1) / page
        var vector = [UInt8](repeating: 0, count: pages)
        guard mincore(mapping, size, &vector) == 0 else { throw failure("mincore \(path)") }
        return Double(vector.count(where: { $0 & 1 == 1 })) / Double(pages)
    }

    /// Drops `path`'s pages from the page cache and returns the fraction still resident after
    /// (near 0 unless a running process maps the file).
    @discardableResult
    static func evict(_ path: String) throws -> Double {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open \(path)") }
        defer { close(descriptor) }
        // Dirty pages are not dropped: written back first.
        guard fsync(descriptor) == 0 else { throw failure("fsync \(path)") }
        let advised = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
        guard advised == 0 else {
            throw Failure(description: "posix_fadvise \(path): \(String(cString: strerror(advised)))")
        }
        return try residentFraction(path)
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
