/// Why a document is not TOML, and where: one plain-English reason for the user.
public struct TOMLSyntaxError: Error, Sendable, Equatable {
    /// 1-based.
    public var line: Int
    /// 1-based, in Unicode scalars: where the reader stopped on ``line``; nil when the error is
    /// about an earlier line (a string or an array never closed).
    public var column: Int?
    /// The key (as in `page_size`, `a."b c"`) or table header (as in `[feeds]`) being read when
    /// the error was found, when one was; as written, so it may need cleaning before a terminal.
    public var key: String?
    /// What is wrong, e.g. `a string must end with " on the line it starts`. What it quotes from
    /// the document is at most ``quoteLimit`` scalars: words of printable ASCII, and key names
    /// as written, which may need cleaning before a terminal.
    public var reason: String

    init(line: Int, column: Int? = nil, key: String? = nil, _ reason: String) {
        self.line = line
        self.column = column
        self.key = key
        self.reason = reason
    }

    /// The most characters of the document a reason quotes.
    static let quoteLimit = 40

    /// Printable ASCII from the document (a number, a word), cut to ``quoteLimit`` characters.
    static func quote(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(quoteLimit), as: UTF8.self)
        return bytes.count > quoteLimit ? text + "…" : text
    }
}

extension TOMLSyntaxError {
    /// A dotted key as a reader would write it (bare parts as they are, others in quotes), cut
    /// to ``quoteLimit`` scalars.
    static func keyName(_ path: some Collection<String>) -> String {
        let name = path.map { part in
            let bare = !part.isEmpty && part.utf8.allSatisfy(TOMLScanner.isBareKeyByte)
            guard !bare else { return part }
            var quoted = "\""
            for scalar in part.unicodeScalars {
                if scalar == "\"" || scalar == "\\" { quoted += "\\" }
                quoted.unicodeScalars.append(scalar)
            }
            return quoted + "\""
        }.joined(separator: ".")
        guard name.unicodeScalars.count > quoteLimit else { return name }
        return String(String.UnicodeScalarView(name.unicodeScalars.prefix(quoteLimit))) + "…"
    }
}
