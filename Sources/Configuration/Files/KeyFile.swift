import Networking
import TerminalText

/// The file named by `key_file`, whose first line is the NewsAPI key. The key itself never
/// appears in a message: only the file's name does.
public struct KeyFile: Sendable, Equatable {
    /// The absolute path.
    public var path: String
    /// The home directory, for `~` in messages.
    public var home: String?

    public init(path: String, home: String?) {
        self.path = path
        self.home = home
    }

    /// A key file is a line of text; anything bigger is the wrong file.
    public static let sizeLimit = 64 << 10

    /// What reading the file gave.
    public struct Outcome: Sendable {
        /// The key, or nil when the file cannot be used (the app falls back to the sample edition).
        public var key: APIKey?
        /// One line each, for standard error: why the file cannot be used, or a warning.
        public var messages: [String]
    }

    public var displayPath: String { TextSanitizer.clean(PathDisplay.abbreviate(path, home: home)) }

    public func read() -> Outcome {
        let contents: FileReader.Contents
        switch FileReader.read(path, limit: Self.sizeLimit) {
        case .failure(let failure):
            return refused("cannot read the key file \(displayPath) (\(failure.reason))")
        case .success(let value):
            contents = value
        }
        var messages: [String] = []
        if contents.permissions & 0o077 != 0 {
            // As ssh does for private keys: used, but the user is told.
            let mode = String(contents.permissions, radix: 8)
            messages.append(
                "newsapp: warning: the key file \(displayPath) is open to other users (permissions 0\(mode)); "
                    + "chmod 600 it.")
        }
        var text = Substring(String(decoding: contents.data, as: UTF8.self))
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        // Any line end: "\r\n" (one Character in Swift), "\r" or "\n".
        let firstLine = text.prefix { !$0.isNewline }
        guard let key = APIKey(String(firstLine)) else {
            return refused("the key file \(displayPath) has no key on its first line", before: messages)
        }
        return Outcome(key: key, messages: messages)
    }

    private func refused(_ reason: String, before messages: [String] = []) -> Outcome {
        Outcome(key: nil, messages: messages + ["newsapp: \(reason); using the sample edition."])
    }
}
