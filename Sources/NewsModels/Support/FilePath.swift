#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The path helpers of Foundation's `NSString` that the app uses, on plain strings: `/` is the
/// only separator, and a trailing `/` is ignored as `NSString` ignores it.
extension StringProtocol {
    /// The path without its last component, as `NSString.deletingLastPathComponent`:
    /// `/a/b` → `/a`, `/a` → `/`, `a` → ``.
    package var deletingLastPathComponent: String {
        let path = Self.withoutTrailingSlashes(Substring(self))
        if path == "/" { return "/" }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        let directory = Self.withoutTrailingSlashes(path[..<slash])
        return directory.isEmpty && path.hasPrefix("/") ? "/" : String(directory)
    }

    /// The last component, as `NSString.lastPathComponent`: `/a/b/` → `b`, `/` → `/`.
    package var lastPathComponent: String {
        let path = Self.withoutTrailingSlashes(Substring(self))
        guard path != "/", let slash = path.lastIndex(of: "/") else { return String(path) }
        return String(path[path.index(after: slash)...])
    }

    /// The extension of the last component without its dot, as `NSString.pathExtension`:
    /// `a/b.tar.gz` → `gz`, `.profile` → ``.
    package var pathExtension: String {
        let name = lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The path without the extension of its last component, as
    /// `NSString.deletingPathExtension`: `a/b.tar.gz` → `a/b.tar`.
    package var deletingPathExtension: String {
        let path = Self.withoutTrailingSlashes(Substring(self))
        let name = path.lastPathComponent
        // `a.` loses its dot too; `.profile` keeps its name.
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return String(path) }
        return String(path.dropLast(name.distance(from: dot, to: name.endIndex)))
    }

    /// `component` appended after one `/`, as `NSString.appendingPathComponent`.
    package func appendingPathComponent(_ component: String) -> String {
        if isEmpty { return component }
        let base = Self.withoutTrailingSlashes(Substring(self))
        return base == "/" ? "/" + component : base + "/" + component
    }

    /// The path without the slashes that end it, `/` itself excepted.
    private static func withoutTrailingSlashes(_ path: Substring) -> Substring {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path
    }
}

/// The size in bytes of the file at `path` (following a symbolic link), nil when it cannot be
/// read: `stat`'s `st_size`, in place of Foundation's attribute dictionary of `NSNumber`s.
package func fileSize(atPath path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_size)
}
