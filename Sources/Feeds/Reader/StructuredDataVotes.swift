/// What a page says of its own article, as a vote when reader mode chooses among its blocks, and
/// never as the answer: the text shown is always the page's own.
///
/// - The JSON-LD `articleBody`: the block whose words match it best is the article, when the
///   scores picked a block that matches it far worse; once the chosen block is plainly in it, a
///   sibling block mostly in it joins the article, and one nearly absent from it (related
///   stories, a gallery) does not, whatever the other rules say. A short or cut-off
///   `articleBody` (some sites give the first paragraph only) is no such proof, and then only
///   its yes counts.
/// - The `og:description` (else `twitter:description`, else `description`): a sibling block that
///   says the same is the article's lead.
///
/// Texts are compared by their pairs of words in a row (``pairs(_:)``), words as the scorer
/// counts them (``ExtractionScore/wordSequence(_:)``): single words would match any English text
/// to any other by its "the" and "of".
struct StructuredDataVotes {
    /// The word pairs of the `articleBody`, when it has at least ``minimumBodyWords`` of them.
    private var bodyWords: Set<String>?
    /// The word pairs of the description, when it has at least ``minimumDescriptionWords``.
    private var descriptionWords: Set<String>?

    static let minimumBodyWords = 40
    static let minimumDescriptionWords = 6
    /// The most text of one block compared (a block may be the whole page).
    static let textLimit = 65_536

    /// No votes.
    init() {}

    init(articleBody: String?, description: String?) {
        if let articleBody {
            let words = Self.pairs(String(articleBody.prefix(4 * Self.textLimit)))
            if words.count >= Self.minimumBodyWords { bodyWords = words }
        }
        if let description {
            let words = Self.pairs(String(description.prefix(2_000)))
            if words.count >= Self.minimumDescriptionWords { descriptionWords = words }
        }
    }

    /// The pairs of words in a row of `text`, lowercased.
    static func pairs(_ text: String) -> Set<String> {
        let words = ExtractionScore.wordSequence(text)
        guard words.count > 1 else { return Set(words) }
        return Set(zip(words, words.dropFirst()).map { $0 + " " + $1 })
    }

    var hasBody: Bool { bodyWords != nil }

    /// Whether there is anything to vote with.
    var isVoting: Bool { bodyWords != nil || descriptionWords != nil }

    /// The vote on one block.
    enum Vote {
        case join, leave, none
    }

    /// How well a block's words match the `articleBody`: the share of its words in the body
    /// (precision) and of the body's words in it (recall), as one F1; nil without a body.
    func bodyMatch(_ words: Set<String>) -> Double? {
        guard let bodyWords, !words.isEmpty else { return nil }
        let common = Double(words.intersection(bodyWords).count)
        let precision = common / Double(words.count)
        let recall = common / Double(bodyWords.count)
        return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
    }

    /// The share of `words` that the `articleBody` holds; nil without a body.
    func shareInBody(_ words: Set<String>) -> Double? {
        guard let bodyWords, !words.isEmpty else { return nil }
        return Double(words.intersection(bodyWords).count) / Double(words.count)
    }

    /// Whether the `articleBody` is the article's text as far as `topWords` (the chosen block's)
    /// can tell: the block is plainly in it, and it is more than the block's first lines.
    func bodyIsTrusted(topWords: Set<String>) -> Bool {
        guard let bodyWords, let share = shareInBody(topWords) else { return false }
        return share >= 0.8 && 2 * topWords.intersection(bodyWords).count >= bodyWords.count
    }

    /// The vote on a sibling of the chosen block, given the block's own words.
    func sibling(_ words: Set<String>, topWords: Set<String>) -> Vote {
        guard words.count >= 5 else { return .none }
        // The description, or most of it, and not much more: the lead.
        if let descriptionWords, words.count <= 3 * descriptionWords.count,
            5 * words.intersection(descriptionWords).count >= 4 * descriptionWords.count
        {
            return .join
        }
        guard let share = shareInBody(words) else { return .none }
        if share >= 0.6 { return .join }
        if share < 0.2 && words.count >= 10 && bodyIsTrusted(topWords: topWords) { return .leave }
        return .none
    }
}
