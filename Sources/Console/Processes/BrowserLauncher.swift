import Modules
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opens addresses in the user's browser, never through a shell: the address is passed to the
/// browser as one argument.
///
/// The `browser` of config.toml, else `$BROWSER`, follows `$BROWSER`'s old convention: a
/// colon-separated list of commands tried in order, each split on spaces, with `%s` (or newsboat's
/// `%u`) replaced by the address (or the address appended), `%%` for a literal `%`. Such a command
/// runs as a foreground job (``ForegroundJob``), so terminal browsers such as w3m and lynx get the
/// terminal; a known graphical browser is started apart from the terminal instead. Without either,
/// `xdg-open` (or `open` on macOS) is used, quietly.
public struct BrowserLauncher {
    /// A program to run and how.
    public struct Invocation: Equatable {
        public var executable: URL
        public var arguments: [String]
        /// Whether it gets the terminal (a `$BROWSER` command) or runs with its output discarded.
        public var attached: Bool

        public var name: String { executable.lastPathComponent }
    }

    public let environment: [String: String]
    /// The `browser` setting of config.toml (a newsboat config's `browser` line carried over), which
    /// comes before `$BROWSER`.
    public let configured: String?

    public init(environment: [String: String], configured: String? = nil) {
        self.environment = environment
        self.configured = configured
    }

    /// The first runnable browser command for `url`, or nil when there is none.
    public func invocation(for url: URL) -> Invocation? {
        let address = url.absoluteString
        let chosen = [configured, environment["BROWSER"]].lazy.compactMap { $0 }.first {
            !$0.trimmingSpaces().isEmpty
        }
        if let browsers = chosen {
            for candidate in browsers.split(separator: ":") {
                let words = candidate.split(whereSeparator: \.isWhitespace).map(String.init)
                guard let program = words.first, let executable = resolve(program) else { continue }
                var arguments = Array(words.dropFirst())
                if arguments.contains(where: { $0.contains("%s") || $0.contains("%u") }) {
                    arguments = arguments.map { Self.substitute(address, into: $0) }
                } else {
                    arguments.append(address)
                }
                return Invocation(
                    executable: executable, arguments: arguments,
                    attached: !Self.graphical.contains(executable.lastPathComponent))
            }
            return nil
        }
        #if os(macOS)
            let opener = "open"
        #else
            let opener = "xdg-open"
        #endif
        return resolve(opener).map { Invocation(executable: $0, arguments: [address], attached: false) }
    }

    /// Runs the browser for `url` and waits for it.
    public func open(_ url: URL) -> BrowserOutcome {
        guard let invocation = invocation(for: url) else { return .noBrowser }
        let outcome =
            invocation.attached
            ? ForegroundJob.run(invocation.executable, arguments: invocation.arguments)
            : ForegroundJob.runDetached(invocation.executable, arguments: invocation.arguments)
        guard outcome.succeeded else {
            if case .killed = outcome, invocation.attached {
                ForegroundJob.leaveFullScreen(environment: environment)
            }
            return .failed(outcome.reason(invocation.name))
        }
        return .opened(with: invocation.name)
    }

    /// Browsers with windows of their own, and openers that hand the address to one: they need no
    /// terminal, so they start apart from it. Anything else may be a terminal program and gets it.
    public static let graphical: Set<String> = [
        "xdg-open", "open", "x-www-browser", "gio", "firefox", "firefox-esr",
        "chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "brave-browser",
        "microsoft-edge", "epiphany", "epiphany-browser", "falkon", "konqueror", "qutebrowser", "opera",
        "vivaldi", "midori", "surf", "librewolf", "luakit", "nyxt",
    ]

    /// `%s` and `%u` become the address, `%%` a percent sign.
    public static func substitute(_ address: String, into word: String) -> String {
        var result = ""
        var characters = word.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            switch characters.next() {
            case "s", "u": result += address
            case "%": result += "%"
            case let other?: result += "%" + String(other)
            case nil: result += "%"
            }
        }
        return result
    }

    private func resolve(_ program: String) -> URL? {
        ExecutableLookup.resolve(program, environment: environment)
    }
}
