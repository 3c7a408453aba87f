import TerminalText

/// Reads a config file's text into a ``Configuration`` and the problems found in it, without
/// touching the file system, so every rule can be tested with a string.
///
/// A TOML syntax error refuses the whole file (one problem, with the line and, when one was
/// being read, the key). A bad value or an unknown key refuses only that key (one problem each,
/// on the key's line, in the file's order).
public struct ConfigurationLoader: Sendable {
    /// The file as shown in messages, e.g. `~/.config/newsapp/config.toml`.
    public var displayPath: String
    /// The home directory, for `~` in `key_file`; nil when unknown.
    public var home: String?
    /// The directory a relative `key_file` is resolved against: the config file's own.
    public var directory: String?

    /// What a config file says, and what was wrong with it.
    public struct Outcome: Sendable, Equatable {
        public var configuration = Configuration()
        public var problems: [ConfigurationProblem] = []

        public init(configuration: Configuration = Configuration(), problems: [ConfigurationProblem] = []) {
            self.configuration = configuration
            self.problems = problems
        }
    }

    public init(displayPath: String, home: String?, directory: String?) {
        self.displayPath = displayPath
        self.home = home
        self.directory = directory
    }

    public func load(_ text: String) -> Outcome {
        let table: TOMLTable
        switch TOMLParser.parse(text) {
        case .success(let parsed): table = parsed
        case .failure(let error): return Outcome(problems: [syntaxProblem(error)])
        }
        var outcome = Outcome()
        for entry in table.entries {
            switch entry.key {
            case ConfigurationKeys.ignoreArticle.name:
                outcome.problems += killfile(entry, into: &outcome.configuration)
            case ConfigurationKeys.feedRule.name:
                outcome.problems += feedRules(entry, into: &outcome.configuration)
            default:
                if let message = apply(entry.key, entry.value, to: &outcome.configuration) {
                    outcome.problems.append(problem(entry.line, message))
                }
            }
        }
        return outcome
    }

    // MARK: Keys

    /// Stores one key's value as its declaration says (``ConfigurationKeys``), or returns why it
    /// was refused.
    private func apply(_ key: String, _ value: TOMLValue, to configuration: inout Configuration) -> String? {
        guard let declared = ConfigurationKeys.named(key) else {
            let name = TextSanitizer.clean(key)
            if let close = CommandSuggester.closest(to: key, among: ConfigurationKeys.all.map(\.name)) {
                return "unknown key \"\(name)\" (did you mean \(close)?); ignoring it."
            }
            return "unknown key \"\(name)\"; ignoring it."
        }
        return declared.apply(value, to: &configuration, expanding: expand)
    }

    /// How a refused value is quoted back: strings in quotes, numbers as written, other kinds
    /// by name.
    public static func found(_ value: TOMLValue) -> String {
        switch value {
        case .string(let string): "\"\(TextWrapper.truncate(TextSanitizer.clean(string), toWidth: 40))\""
        case .integer(let integer): String(integer)
        case .float(let float): String(float)
        case .boolean(let boolean): boolean ? "true" : "false"
        case .table: "a table"
        case .array: "an array"
        case .dateTime: "a date"
        }
    }

    /// `path` with a leading `~` replaced by the home directory and, when relative, resolved
    /// against the config file's directory; nil when it needs a home that is unknown.
    func expand(_ path: String) -> String? {
        var expanded = path
        if path == "~" || path.hasPrefix("~/") {
            guard let home, !home.isEmpty else { return nil }
            expanded = home + path.dropFirst()
        }
        if !expanded.hasPrefix("/"), let directory {
            expanded = directory + (directory.hasSuffix("/") ? "" : "/") + expanded
        }
        return expanded
    }

    // MARK: Syntax errors

    /// `TOML syntax error in page_size at column 13: …; ignoring the whole file.`
    private func syntaxProblem(_ error: TOMLSyntaxError) -> ConfigurationProblem {
        // The key, and key names in the reason, are quoted as written: cleaned for the terminal.
        let place =
            error.key.map { " in " + TextWrapper.truncate(TextSanitizer.clean($0), toWidth: 40) } ?? ""
        let column = error.column.map { " at column \($0)" } ?? ""
        let reason = TextSanitizer.clean(error.reason)
        return problem(error.line, "TOML syntax error\(place)\(column): \(reason); ignoring the whole file.")
    }

    func problem(_ line: Int?, _ message: String) -> ConfigurationProblem {
        ConfigurationProblem(file: displayPath, line: line, message: message)
    }
}
