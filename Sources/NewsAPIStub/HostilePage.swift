/// Pages just under 8 MiB whose markup makes an unbounded reader mode's work grow faster than the page.
public enum HostilePage: String, CaseIterable, Sendable {
    /// `<p>` two million times, never closed.
    case unclosedParagraphs
    /// 500 open elements, then end tags of one never opened, which libxml2 looks for among all.
    case strayEndTags
    /// A hidden element holding 20,000 open ones, then stray end tags.
    case strayEndTagsInHiddenNesting
    /// One start tag with a million different attributes, which libxml2 compares two by two.
    case millionAttributes
    /// Blocks of 400 nested `div`s of a few words each: furniture hidden inside furniture.
    case nestedFurniture
    /// Millions of `<span>x</span>`.
    case tinyElements
    /// Preformatted blocks by the hundred thousand beside an article.
    case manyPreformattedBlocks
    /// Hundreds of thousands of `<time>` after an article of thousands of paragraphs.
    case manyTimes

    /// The page, just under 8 MiB.
    public var html: String {
        let size = 8 << 20
        func filled(_ unit: String, before: String = "", after: String = "") -> String {
            let count = (size - before.utf8.count - after.utf8.count) / unit.utf8.count
            return before + String(repeating: unit, count: count) + after
        }
        let prose =
            "<p>" + String(repeating: "The river rose again, and the town, as before, waited. ", count: 4)
            + "</p>"
        switch self {
        case .unclosedParagraphs: return filled("<p>")
        case .strayEndTags: return filled("</i>", before: String(repeating: "<b>", count: 500))
        case .strayEndTagsInHiddenNesting:
            return filled("</i>", before: "<div hidden>" + String(repeating: "<b>", count: 20_000))
        case .millionAttributes:
            var tag = "<p"
            var index = 0
            while tag.utf8.count < size - 20 {
                tag += " a\(index)"
                index += 1
            }
            return tag + ">x"
        case .nestedFurniture:
            return filled(
                String(repeating: "<div class=\"share\"><a href=\"#\">x</a>", count: 400) + "Words, words."
                    + String(repeating: "</div>", count: 400))
        case .tinyElements: return filled("<span>x</span>")
        case .manyPreformattedBlocks:
            return filled("<pre>x</pre>", before: "<article>" + String(repeating: prose, count: 20))
        case .manyTimes:
            return filled(
                "<time datetime=\"2024-05-01\">t</time>",
                before: "<article>" + String(repeating: prose, count: 2_000) + "</article>")
        }
    }
}
