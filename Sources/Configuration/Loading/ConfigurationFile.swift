#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The config file on disk, `$XDG_CONFIG_HOME/newsapp/config.toml` (by default
/// `~/.config/newsapp/config.toml`): where it is, and reading it through ``ConfigurationLoader``.
public struct ConfigurationFile: Sendable, Equatable {
    /// The absolute path.
    public var path: String
    /// The home directory, for `~` in messages and in `key_file`.
    public var home: String?

    public init(path: String, home: String?) {
        self.path = path
        self.home = home
    }

    /// The largest config file read; anything bigger is not a hand-written config.
    public static let sizeLimit = 256 << 10

    /// The file named by `XDG_CONFIG_HOME` when it is an absolute path (as the XDG base directory
    /// specification requires), else by `HOME`; nil when there is neither.
    public static func standard(environment: [String: String]) -> ConfigurationFile? {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let base: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = config
        } else if let home {
            base = (home.hasSuffix("/") ? home : home + "/") + ".config"
        } else {
            return nil
        }
        return ConfigurationFile(
            path: (base.hasSuffix("/") ? base : base + "/") + "newsapp/config.toml", home: home)
    }

    /// The path as shown in messages.
    public var displayPath: String { PathDisplay.abbreviate(path, home: home) }

    /// The file for editing (``ConfigurationMerge``): under a lock, written atomically.
    public var textFile: LockedTextFile { LockedTextFile(path: path, home: home, sizeLimit: Self.sizeLimit) }

    /// The loader for this file's text.
    public var loader: ConfigurationLoader {
        ConfigurationLoader(
            displayPath: displayPath, home: home,
            directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// Reads and parses the file. A missing file is an empty configuration and no problem; a file
    /// that cannot be read is one problem.
    public func load() -> ConfigurationLoader.Outcome {
        switch FileReader.read(path, limit: Self.sizeLimit) {
        case .failure(let failure) where failure.isMissing:
            return ConfigurationLoader.Outcome()
        case .failure(let failure):
            return refused("cannot be read (\(failure.reason)); using the defaults.")
        case .success(let contents):
            guard let text = String(data: contents.data, encoding: .utf8) else {
                return refused("is not UTF-8 text; using the defaults.")
            }
            return loader.load(text)
        }
    }

    private func refused(_ message: String) -> ConfigurationLoader.Outcome {
        ConfigurationLoader.Outcome(problems: [
            ConfigurationProblem(file: displayPath, line: nil, message: message)
        ])
    }
}
