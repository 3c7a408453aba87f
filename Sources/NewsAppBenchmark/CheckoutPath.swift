import Foundation

/// Paths as the report prints them: relative to the directory the benchmark runs in (the
/// checkout, for `Scripts/benchmark`), so BENCHMARKS.md names `.build-bench-release/…` rather
/// than one machine's folders; a path outside it stays absolute.
enum CheckoutPath {
    static func display(_ url: URL) -> String {
        display(url.standardizedFileURL.path)
    }

    static func display(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
            .path
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }
}
