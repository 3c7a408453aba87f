/// How an extracted text fares against phrases that a person chose on a real page: some that
/// are the article (a sentence of its body) and must be there, some that are not (a cookie
/// notice, "Related posts", a comment form) and must not. Real-page corpora that come with such
/// phrases rather than whole expected texts (trafilatura's) are scored with it.
///
/// A phrase is found when its words (as `ExtractionScore` counts words: lowercased, without
/// punctuation, link numbers or picture placeholders) follow one another in the extracted text,
/// so that a link's `[3]` or a line break inside a phrase does not hide it.
public struct PhraseScore: Sendable, Hashable {
    /// Phrases of the article found, out of `present`.
    public var found: Int
    public var present: Int
    /// Phrases of the page's furniture kept, out of `absent`.
    public var kept: Int
    public var absent: Int

    /// The share of the article's phrases found (1 when none is given).
    public var recall: Double { present > 0 ? Double(found) / Double(present) : 1 }

    /// The share of the furniture's phrases left out (1 when none is given).
    public var rejection: Double { absent > 0 ? Double(absent - kept) / Double(absent) : 1 }

    public init(extracted: String, present: [String], absent: [String]) {
        let text = ExtractionScore.wordSequence(extracted)
        // Each word's positions, so that a phrase is looked for only where its first word is.
        var positions: [String: [Int]] = [:]
        for (index, word) in text.enumerated() { positions[word, default: []].append(index) }
        func contains(_ phrase: String) -> Bool {
            let words = ExtractionScore.wordSequence(phrase)
            guard let first = words.first else { return true }
            return (positions[first] ?? []).contains { start in
                start + words.count <= text.count && text[start..<(start + words.count)].elementsEqual(words)
            }
        }
        found = present.filter(contains).count
        self.present = present.count
        kept = absent.filter(contains).count
        self.absent = absent.count
    }
}
