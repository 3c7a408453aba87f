import Configuration

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

/// Where NewsApp keeps what it can fetch again: `$XDG_CACHE_HOME/newsapp/` (by default
/// `~/.cache/newsapp/`), holding the article store `news.sqlite`, the sample edition's store
/// `sample.sqlite` and the pictures in `images/`.
public struct CacheDirectory: Sendable, Equatable {
    /// The absolute path of the `newsapp` directory, without a trailing slash.
    public var path: String
    /// The home directory, for `~` in messages.
    public var home: String?

    public init(path: String, home: String?) {
        self.path = path
        self.home = home
    }

    /// The directory named by `XDG_CACHE_HOME` when it is an absolute path (as the XDG base
    /// directory specification requires), else by `HOME`; nil when there is neither.
    public static func standard(environment: [String: String]) -> CacheDirectory? {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let base: String
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = cache
        } else if let home {
            base = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.cache"
        } else {
            return nil
        }
        return CacheDirectory(
            path: (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/newsapp", home: home)
    }

    /// `news.sqlite`, the article store.
    public var storePath: String { storePath(.live) }
    public var storeURL: URL { URL(fileURLWithPath: storePath) }

    /// The store file of `edition`: `news.sqlite` for NewsAPI and the feeds, `sample.sqlite` for
    /// the sample edition.
    public func storePath(_ edition: StoreEdition) -> String {
        path + "/" + edition.fileName
    }

    /// `images/`, the pictures' disk cache.
    public var imagesURL: URL { URL(fileURLWithPath: path + "/images", isDirectory: true) }

    /// `path` as shown in messages, `~` for the home directory.
    public func display(_ path: String) -> String { PathDisplay.abbreviate(path, home: home) }

    /// `text` (a message from the store) with this directory's path shown as in ``display(_:)``.
    public func abbreviating(_ text: String) -> String {
        let shown = display(path)
        return shown == path ? text : text.replacing(path + "/", with: shown + "/")
    }

    /// Why the directory could not be made.
    public struct Failure: Error, Equatable {
        public var reason: String
    }

    /// Makes the directory and any missing parents, each new one readable by its owner only
    /// (0700, as the XDG specification asks). Directories that exist are left as they are.
    public func create() throws(Failure) {
        var made = ""
        for component in path.split(separator: "/") {
            made += "/" + component
            var status = stat()
            if stat(made, &status) == 0 {
                guard (status.st_mode & S_IFMT) == S_IFDIR else {
                    throw Failure(reason: "\(display(made)) is not a directory")
                }
                continue
            }
            if mkdir(made, 0o700) == 0 {
                // The umask may have taken bits away, never added any; make it exactly 0700.
                chmod(made, 0o700)
            } else if errno != EEXIST {
                throw Failure(reason: "\(display(made)) cannot be created (\(Self.reason(errno)))")
            }
        }
    }

    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
