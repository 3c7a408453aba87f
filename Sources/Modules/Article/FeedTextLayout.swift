import TerminalText

/// Lays out a feed item's text, as the feeds' HTML to text makes it: its lines are kept as given
/// and wrapped when long; a list item (`• `, `1. `) or an indented line continues under its text; a
/// quoted line (`> `) keeps its marks on every line it wraps to; and the link references (`[2]`) are
/// in the accent role, since `o 2` opens them.
enum FeedTextLayout {
    /// `text`, sanitised, as lines of at most `width` columns; `references` is how many links the
    /// text numbers (a `[n]` beyond them is plain text). Blank lines separate paragraphs, one at most.
    static func lines(_ text: String, width: Int, references: Int) -> [StyledLine] {
        let clean = TextSanitizer.clean(text, lineBreaks: .keep)
        var lines: [StyledLine] = []
        for line in clean.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if let last = lines.last, !last.isEmpty { lines.append(.blank) }
                continue
            }
            lines += layout(line, width: width, references: references)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// One line of the text, wrapped under its marker.
    private static func layout(_ line: Substring, width: Int, references: Int) -> [StyledLine] {
        var marker = Marker(line)
        // A marker that leaves too little room is not worth keeping the text under.
        if marker.width * 2 > width { marker = Marker(plain: line) }
        let body = StyledLine(spans(marker.body, references: references))
        let wrapped = body.wrapped(toWidth: max(1, width - marker.width))
        return wrapped.enumerated().map { index, piece in
            StyledLine((index == 0 ? marker.first : marker.continuation) + piece.spans)
        }
    }

    /// The text's spans: plain text, and each `[n]` that refers to a link in the accent role.
    private static func spans(_ text: Substring, references: Int) -> [Span] {
        var spans: [Span] = []
        var plainStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == "[", let end = referenceEnd(in: text, from: index, references: references)
            else {
                index = text.index(after: index)
                continue
            }
            if plainStart < index { spans.append(Span(String(text[plainStart..<index]))) }
            spans.append(Span(String(text[index..<end]), .accent))
            index = end
            plainStart = end
        }
        if plainStart < text.endIndex { spans.append(Span(String(text[plainStart...]))) }
        return spans
    }

    /// The end of a reference `[n]` starting at `start` with `n` from 1 to `references`; nil when
    /// there is none. Reads at most five digits, so a long run of brackets costs no more than it is
    /// long.
    private static func referenceEnd(in text: Substring, from start: String.Index, references: Int)
        -> String.Index?
    {
        var index = text.index(after: start)
        var number = 0
        var digits = 0
        while index < text.endIndex, digits < 5, text[index].isASCII, let digit = text[index].wholeNumberValue
        {
            number = number * 10 + digit
            digits += 1
            index = text.index(after: index)
        }
        guard references > 0, digits > 0, index < text.endIndex, text[index] == "]",
            (1...references).contains(number)
        else { return nil }
        return text.index(after: index)
    }
}

/// What starts a line of a feed item's text: quote marks, indentation and a list bullet or number,
/// and what its wrapped lines start with instead.
private struct Marker {
    /// The spans before the text on the line's first row.
    var first: [Span]
    /// The spans before the text on its other rows: the quote marks, then spaces under the rest.
    var continuation: [Span]
    var body: Substring
    var width: Int

    init(_ line: Substring) {
        var rest = line
        var quote = ""
        while rest.hasPrefix("> ") || rest == ">" {
            quote += rest.prefix(2)
            rest = rest.dropFirst(2)
        }
        let indentation = rest.prefix { $0 == " " }
        rest = rest.dropFirst(indentation.count)
        var bullet = ""
        if rest.hasPrefix("• ") {
            bullet = "• "
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if (1...9).contains(digits.count), rest.dropFirst(digits.count).hasPrefix(". ") {
                bullet = digits + ". "
            }
        }
        rest = rest.dropFirst(bullet.count)
        let hanging = String(repeating: " ", count: indentation.count + DisplayWidth.of(bullet))
        first = [Span(quote, .muted), Span(indentation + bullet)].filter { !$0.text.isEmpty }
        continuation = [Span(quote, .muted), Span(hanging)].filter { !$0.text.isEmpty }
        body = rest
        width = DisplayWidth.of(quote) + DisplayWidth.of(hanging)
    }

    /// No marker: the whole line is text.
    init(plain line: Substring) {
        first = []
        continuation = []
        body = line
        width = 0
    }
}
