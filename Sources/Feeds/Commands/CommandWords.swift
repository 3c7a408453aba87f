/// A command line as newsboat's `exec:` and `filter:` lines write it, read without a shell when it
/// needs none: words separated by blanks, `'single'` and `"double"` quotes and backslashes as a
/// shell reads them, and `~` at the start of a word for the home directory. A line with anything
/// else a shell would read (`|`, `&`, `;`, `<`, `>`, `$`, a backquote, a glob, parentheses, braces,
/// a comment) is run by `/bin/sh -c` instead, as the user wrote it.
enum CommandWords {
    /// How to run `line`: its words, or the shell's.
    static func arguments(_ line: String, home: String?) -> [String] {
        guard let words = words(line, home: home), !words.isEmpty else { return ["/bin/sh", "-c", line] }
        return words
    }

    /// The words of `line`, or nil when it needs a shell.
    static func words(_ line: String, home: String?) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            index = line.index(after: index)
            switch character {
            case " ", "\t":
                if inWord { words.append(expanded(word, quoted: quoted, home: home)) }
                word = ""
                inWord = false
                quoted = false
            case "'":
                guard let close = line[index...].firstIndex(of: "'") else { return nil }
                word += line[index..<close]
                index = line.index(after: close)
                inWord = true
                quoted = true
            case "\"":
                var text = ""
                var closed = false
                while index < line.endIndex {
                    let next = line[index]
                    index = line.index(after: index)
                    if next == "\"" {
                        closed = true
                        break
                    }
                    if next == "$" || next == "`" { return nil }
                    if next == "\\", index < line.endIndex, "\"\\$`".contains(line[index]) {
                        text.append(line[index])
                        index = line.index(after: index)
                    } else {
                        text.append(next)
                    }
                }
                guard closed else { return nil }
                word += text
                inWord = true
                quoted = true
            case "\\":
                guard index < line.endIndex else { return nil }
                word.append(line[index])
                index = line.index(after: index)
                inWord = true
            case "|", "&", ";", "<", ">", "$", "`", "*", "?", "[", "(", ")", "{", "}", "\n", "\r":
                return nil
            case "#" where !inWord:
                return nil
            case "~" where inWord:
                word.append(character)
            default:
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(expanded(word, quoted: quoted, home: home)) }
        return words
    }

    /// `~` and `~/…` at the start of an unquoted word, with the home directory.
    private static func expanded(_ word: String, quoted: Bool, home: String?) -> String {
        guard !quoted, let home, word == "~" || word.hasPrefix("~/") else { return word }
        return home + word.dropFirst()
    }
}
