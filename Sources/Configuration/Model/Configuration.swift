import NewsModels
import TerminalText

/// The settings a config file (or the command line) holds. Every key is optional: one that is
/// absent, or whose value was refused, leaves the setting to the next source or the default.
/// A key's value is read and set through its declaration, `configuration[\.pageSize]`
/// (``ConfigurationKeys``); the rules, written as tables, are lists of their own.
public struct Configuration: Sendable, Equatable {
    /// The accepted value of each key set, by name, as the file would write it (a code lowercased,
    /// a path expanded).
    var values: [String: TOMLValue] = [:]
    /// `ignore_article`: the killfile, rules that keep items out as they arrive.
    public var killfile: [KillRule] = []
    /// `[[feed]]`: settings for some feeds, named by address, title or tag.
    public var feedRules: [FeedRule] = []

    public init() {}

    /// The value `key` has here; nil when it is not set.
    public subscript<Value>(key: TypedKey<Value>) -> Value? {
        get { values[key.name].flatMap(key.decode) }
        set { values[key.name] = newValue.flatMap(key.encode) }
    }

    /// The value of the key `path` names in ``ConfigurationKeys``: `configuration[\.pageSize]`.
    public subscript<Value>(path: KeyPath<ConfigurationKeys.Type, TypedKey<Value>>) -> Value? {
        get { self[ConfigurationKeys.self[keyPath: path]] }
        set { self[ConfigurationKeys.self[keyPath: path]] = newValue }
    }

    /// This configuration with the key `path` names set to `value`.
    public func setting<Value>(
        _ path: KeyPath<ConfigurationKeys.Type, TypedKey<Value>>, _ value: Value
    )
        -> Configuration
    {
        var changed = self
        changed[path] = value
        return changed
    }
}

/// Something wrong with a config file (or a file it names), for one line on standard error.
public struct ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file, as shown to the user (`~/.config/newsapp/config.toml`).
    public var file: String
    /// The 1-based line the problem is on, when known.
    public var line: Int?
    /// What is wrong and what happens instead, e.g. `theme must be "dark" or "light" (found
    /// "blue"); using the default.`
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `newsapp: ~/.config/newsapp/config.toml line 3: …`, sanitised, on one line.
    public var description: String {
        let name = TextSanitizer.clean(file)
        let place = line.map { "\(name) line \($0)" } ?? name
        return "newsapp: \(place): " + TextSanitizer.clean(message)
    }
}
