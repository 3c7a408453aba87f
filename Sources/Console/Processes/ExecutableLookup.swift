#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds a program as a shell would, without a shell: an absolute or relative path as given, else
/// the first executable of that name in `$PATH`.
public enum ExecutableLookup {
    /// `program`'s executable, or nil when there is none.
    public static func resolve(_ program: String, environment: [String: String]) -> URL? {
        let fileManager = FileManager.default
        if program.contains("/") {
            return fileManager.isExecutableFile(atPath: program) ? URL(fileURLWithPath: program) : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(program)
            if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
