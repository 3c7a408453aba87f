#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One line of newsboat's urls file, split into tokens the way newsboat splits it.
///
/// Tokens are separated by spaces, tabs and carriage returns. A token starting with `"` runs to the
/// next unescaped `"` (or the end of the line), with `\"`, `\\`, `\n`, `\r` and `\t` escapes inside
/// it and any other escaped character standing for itself (`` \` `` stays as it is, as in newsboat);
/// another token may follow the closing quote at once. Any other token runs to the next separator,
/// backslashes and quotes included. A token starting with `#` begins a comment that runs to the end
/// of the line.
struct UrlsLine {
    struct Token {
        /// The token's text, unquoted and unescaped.
        var text: String
        /// Where it is in the line, quotes included.
        var range: Range<String.Index>
    }

    /// The line's tokens: the feed's URL, then its tags. Empty for a blank line or a comment.
    let tokens: [Token]

    init(_ line: Substring) {
        var tokens: [Token] = []
        let scalars = line.unicodeScalars
        var index = scalars.startIndex
        while true {
            while index < scalars.endIndex && Self.isSeparator(scalars[index]) {
                index = scalars.index(after: index)
            }
            guard index < scalars.endIndex, scalars[index] != "#" else { break }
            let start = index
            var text = String.UnicodeScalarView()
            if scalars[index] == "\"" {
                index = scalars.index(after: index)
                while index < scalars.endIndex && scalars[index] != "\"" {
                    let scalar = scalars[index]
                    index = scalars.index(after: index)
                    if scalar != "\\" {
                        text.append(scalar)
                    } else if index < scalars.endIndex {  // a backslash ending the line is dropped
                        text.append(contentsOf: Self.unescaped(scalars[index]))
                        index = scalars.index(after: index)
                    }
                }
                if index < scalars.endIndex { index = scalars.index(after: index) }
            } else {
                while index < scalars.endIndex && !Self.isSeparator(scalars[index]) {
                    text.append(scalars[index])
                    index = scalars.index(after: index)
                }
            }
            tokens.append(Token(text: String(text), range: start..<index))
        }
        self.tokens = tokens
    }

    // MARK: Writing

    /// `token` as it is written in a line: plain when newsboat reads it back unchanged, else quoted
    /// with escapes.
    static func written(_ token: String) -> String {
        // The first scalar, as the reader sees it: `"#\u{301}"` does not have the prefix "#" as
        // Swift compares characters, yet written bare it would be read back as a comment, taking
        // the tags after it (Scripts/fuzz's urls-file target checks the round trip).
        let first = token.unicodeScalars.first
        let needsQuotes =
            first == nil || first == "\"" || first == "#"
            || token.unicodeScalars.contains(where: { isSeparator($0) || $0 == "\n" })
        guard needsQuotes else { return token }
        var quoted = "\""
        for scalar in token.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    // MARK: Characters

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r"
    }

    private static func unescaped(_ scalar: Unicode.Scalar) -> String.UnicodeScalarView {
        switch scalar {
        case "n": "\n".unicodeScalars
        case "r": "\r".unicodeScalars
        case "t": "\t".unicodeScalars
        case "`": "\\`".unicodeScalars
        default: String(scalar).unicodeScalars
        }
    }
}
