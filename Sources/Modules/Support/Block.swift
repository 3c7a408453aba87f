import TerminalText

/// Small layout helpers shared by the renderers.
enum Block {
    /// `text` sanitised and wrapped to `width`, every line indented by `indent` columns.
    /// Line breaks in the text start new lines with `.keep` (bodies); titles pass `.spaces` so a
    /// stray carriage return cannot split them.
    static func paragraph(
        _ text: String,
        width: Int,
        role: TextRole = .plain,
        indent: Int = 0,
        lineBreaks: TextSanitizer.LineBreaks = .keep
    ) -> [StyledLine] {
        let clean = TextSanitizer.clean(text, lineBreaks: lineBreaks)
        let prefix = String(repeating: " ", count: indent)
        return TextWrapper.wrap(clean, width: max(1, width - indent)).map { line in
            line.isEmpty ? .blank : StyledLine([Span(prefix), Span(line, role)])
        }
    }

    /// Pieces joined by ` · `, cut to `width`, indented.
    static func meta(_ pieces: [String], width: Int, indent: Int = 0, role: TextRole = .muted) -> StyledLine {
        let text = pieces.filter { !$0.isEmpty }.joined(separator: " · ")
        let line = StyledLine([Span(String(repeating: " ", count: indent)), Span(text, role)])
        return line.truncated(toWidth: width)
    }

    /// A hint line such as `n more · r refresh · ? help`: keys in the accent role. A command that
    /// says what it does by itself (`save`) has an empty action and is shown alone.
    static func hints(_ pairs: [(key: String, action: String)], width: Int) -> StyledLine {
        var spans: [Span] = []
        for (index, pair) in pairs.enumerated() {
            if index > 0 { spans.append(Span(" · ", .muted)) }
            spans.append(Span(pair.key, .accent))
            if !pair.action.isEmpty { spans.append(Span(" " + pair.action, .muted)) }
        }
        return StyledLine(spans).truncated(toWidth: width)
    }
}
