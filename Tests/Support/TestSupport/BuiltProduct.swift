import Foundation

/// An executable SwiftPM built alongside the running tests (`newsapp`, a test helper): the
/// directory holding the `.xctest` bundle (or, on Linux, the test executable) holds the package's
/// executables too.
public enum BuiltProduct {
    /// The product was not found.
    public struct Missing: Error, CustomStringConvertible {
        public var name: String
        public var looked: [String]

        public var description: String {
            "\(name) was not found next to the test bundle. Build it first (swift build, or "
                + "swift build --build-tests). Looked for: " + looked.joined(separator: ", ")
        }
    }

    /// The executable `name` built next to the tests; the path in the environment variable
    /// `override`, when it is set and not empty, comes first.
    public static func url(named name: String, override: String? = nil) throws(Missing) -> URL {
        var candidates: [URL] = []
        if let override, let explicit = ProcessInfo.processInfo.environment[override], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        candidates += directories().map { $0.appendingPathComponent(name) }
        var seen: [String] = []
        for candidate in candidates where !seen.contains(candidate.standardizedFileURL.path) {
            seen.append(candidate.standardizedFileURL.path)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Missing(name: name, looked: seen)
    }

    /// Where SwiftPM puts the products of the build the tests belong to.
    private static func directories() -> [URL] {
        var directories: [URL] = []
        for bundle in [Bundle.main] + Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            // Linux: `NewsAppPackageTests.xctest` is the test executable itself. macOS: the
            // executable is inside `….xctest/Contents/MacOS`, or is Xcode's test runner.
            var directory = executable.deletingLastPathComponent()
            while directory.path != "/" {
                if directory.pathExtension == "xctest" {
                    directories.append(directory.deletingLastPathComponent())
                    break
                }
                directory = directory.deletingLastPathComponent()
            }
            directories.append(executable.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        return directories
    }
}
