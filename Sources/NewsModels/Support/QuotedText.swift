/// Text from a file or the network as a sentence quotes it: on one line, every control character
/// (and the line and paragraph separators) written as its escape (`\n`, `\u{1B}`), and cut to a
/// length. A reason or an error that quotes what it read stays one line whatever it read (found
/// by Scripts/fuzz: a line break inside a filter's regular expression, a newsboat config command
/// written `"\n"…`).
public enum QuotedText {
    /// `text` on one line, at most `limit` characters (the last one an ellipsis when it is cut).
    public static func oneLine(_ text: String, limit: Int = 40) -> String {
        let short = text.count > limit ? String(text.prefix(max(limit - 1, 0))) + "…" : text
        var shown = ""
        for scalar in short.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
