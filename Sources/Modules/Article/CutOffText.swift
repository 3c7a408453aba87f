import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whether an article's own text is only the start of it, so that reader mode fetches its page
/// as it opens (`full_text = "auto"`).
enum CutOffText {
    /// Cut off: NewsAPI's content with its `[+N chars]`, or none at all; a feed item with no
    /// content and a short summary (or nothing); or a text whose last line ends in an ellipsis (`…`,
    /// `...`, `[…]`) or invites one to read on ("Read more", "Continue reading").
    /// A feed item whose summary holds the whole post (a feed that puts it all in
    /// `<description>`) is not cut off: a long summary that does not end cut.
    static func isCutOff(_ article: Article) -> Bool {
        guard let content = article.content else {
            guard article.feedItem != nil, let summary = article.summary else { return true }
            return !isWholeText(summary)
        }
        if article.feedItem == nil { return article.isContentTruncated }
        return endsCut(content)
    }

    /// Words a summary holds at least to be taken for the whole text: a teaser is a sentence or
    /// two, rarely more than a paragraph.
    static let wholeTextWords = 150

    /// Whether a summary is the whole text rather than a teaser: long, and not ending cut.
    static func isWholeText(_ summary: String) -> Bool {
        var words = 0
        for _ in summary.split(whereSeparator: \.isWhitespace) {
            words += 1
            if words >= wholeTextWords { return !endsCut(summary) }
        }
        return false
    }

    private static let ellipses = ["…", "...", "[…]", "[...]", "(…)", "(...)"]
    private static let invitations = [
        "read more", "continue reading", "read the full", "read the rest", "keep reading", "read on",
    ]

    /// True when the last line of `text` ends in an ellipsis or is an invitation to read on, its
    /// link reference (`[2]`) and arrows aside.
    static func endsCut(_ text: String) -> Bool {
        guard
            let last = text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) })
        else { return true }
        var line = Substring(last.trimmingSpaces())
        if line.hasSuffix("]"), let open = line.lastIndex(of: "["),
            line[line.index(after: open)..<line.index(before: line.endIndex)].allSatisfy(\.isNumber),
            line.distance(from: open, to: line.endIndex) > 2
        {
            line = line[..<open]
        }
        line = line.drop { !$0.isLetter && !$0.isNumber && $0 != "." && $0 != "…" && $0 != "[" && $0 != "(" }
        let trimmed = String(line).trimming(anyOf: " »›→>:")
        if ellipses.contains(where: trimmed.hasSuffix) { return true }
        let lowered = trimmed.lowercased()
        return invitations.contains { invitation in
            guard lowered.hasPrefix(invitation), lowered.count <= invitation.count + 40 else { return false }
            return lowered.dropFirst(invitation.count).first?.isLetter != true
        }
    }
}
