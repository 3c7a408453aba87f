import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Small shell scripts that tests run as a browser or a pager.
enum ExecutableScript {
    /// Writes `text` to `url`, executable. Written through a descriptor closed on exec: other tests
    /// spawn processes all the time, and one that inherited a descriptor open for writing would
    /// make running the script fail with ETXTBSY for as long as it lives.
    static func write(_ text: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0)
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try #require(written == bytes.count)
    }
}
