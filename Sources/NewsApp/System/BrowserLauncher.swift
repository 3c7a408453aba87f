import Foundation
import Modules

/// Opens addresses in the user's browser, never through a shell: the address is passed to the
/// browser as one argument.
///
/// The `browser` of config.toml, else `$BROWSER`, follows `$BROWSER`'s old convention: a
/// colon-separated list of commands tried in order, each split on spaces, with `%s` replaced by
/// the address (or the address appended), `%%` for a literal `%`. Such a command runs attached to
/// the terminal and is waited for, so terminal browsers such as w3m and lynx work. Without
/// either, `xdg-open` (or `open` on macOS) is used, quietly.
struct BrowserLauncher {
    /// A program to run and how.
    struct Invocation: Equatable {
        var executable: URL
        var arguments: [String]
        /// Whether it gets the terminal (a `$BROWSER` command) or runs with its output discarded.
        var attached: Bool

        var name: String { executable.lastPathComponent }
    }

    let environment: [String: String]
    /// The `browser` setting of config.toml (a newsboat config's `browser` line carried over), which
    /// comes before `$BROWSER`.
    let configured: String?

    init(environment: [String: String], configured: String? = nil) {
        self.environment = environment
        self.configured = configured
    }

    /// The first runnable browser command for `url`, or nil when there is none.
    func invocation(for url: URL) -> Invocation? {
        let address = url.absoluteString
        let chosen = [configured, environment["BROWSER"]].lazy.compactMap { $0 }.first {
            !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
        if let browsers = chosen {
            for candidate in browsers.split(separator: ":") {
                let words = candidate.split(whereSeparator: \.isWhitespace).map(String.init)
                guard let program = words.first, let executable = resolve(program) else { continue }
                var arguments = Array(words.dropFirst())
                if arguments.contains(where: { $0.contains("%s") }) {
                    arguments = arguments.map { Self.substitute(address, into: $0) }
                } else {
                    arguments.append(address)
                }
                return Invocation(executable: executable, arguments: arguments, attached: true)
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
    func open(_ url: URL) -> BrowserOutcome {
        guard let invocation = invocation(for: url) else { return .noBrowser }
        let process = Process()
        process.executableURL = invocation.executable
        process.arguments = invocation.arguments
        if !invocation.attached {
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        do {
            try process.run()
        } catch {
            return .failed("\(invocation.name) could not be started")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            return .failed("\(invocation.name) exited with status \(process.terminationStatus)")
        }
        return .opened(with: invocation.name)
    }

    /// `%s` becomes the address, `%%` a percent sign.
    static func substitute(_ address: String, into word: String) -> String {
        var result = ""
        var characters = word.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            switch characters.next() {
            case "s": result += address
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
