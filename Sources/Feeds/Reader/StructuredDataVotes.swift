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
    /// The word pairs of the `articleBody`, when it has at least ``minimumBodyPairs`` of them.
    private var bodyPairs: Set<String>?
    /// The word pairs of the description, when it has at least ``minimumDescriptionPairs``.
    private var descriptionPairs: Set<String>?

    static let minimumBodyPairs = 40
    static let minimumDescriptionPairs = 6
    /// The most text of one block compared (a block may be the whole page).
    static let textLimit = 65_536

    /// No votes.
    init() {}

    init(articleBody: String?, description: String?) {
        if let articleBody {
            let pairs = Self.pairs(String(articleBody.prefix(4 * Self.textLimit)))
            if pairs.count >= Self.minimumBodyPairs { bodyPairs = pairs }
        }
        if let description {
            let pairs = Self.pairs(String(description.prefix(2_000)))
            if pairs.count >= Self.minimumDescriptionPairs { descriptionPairs = pairs }
        }
    }

    /// The pairs of words in a row of `text`, lowercased.
    static func pairs(_ text: String) -> Set<String> {
        let words = ExtractionScore.wordSequence(text)
        guard words.count > 1 else { return Set(words) }
        return Set(zip(words, words.dropFirst()).map { $0 + " " + $1 })
    }

    var hasBody: Bool { bodyPairs != nil }

    /// Whether there is anything to vote with.
    var isVoting: Bool { bodyPairs != nil || descriptionPairs != nil }

    /// Whether a block of `characters` may get a vote: any block when there is an `articleBody`,
    /// else only one short enough to be the description (its text is not read otherwise).
    func mayVote(onCharacters characters: Int32) -> Bool {
        guard let descriptionPairs else { return bodyPairs != nil }
        return bodyPairs != nil || Int(characters) <= 40 * descriptionPairs.count + 200
    }

    /// The vote on one block.
    enum Vote {
        case join, leave, none
    }

    /// How well a block's word pairs match the `articleBody`'s: the share of its pairs in the body
    /// (precision) and of the body's in it (recall), as one F1; nil without a body.
    func bodyMatch(_ pairs: Set<String>) -> Double? {
        guard let bodyPairs, !pairs.isEmpty else { return nil }
        let common = Double(pairs.intersection(bodyPairs).count)
        let precision = common / Double(pairs.count)
        let recall = common / Double(bodyPairs.count)
        return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
    }

    /// The share of `pairs` that the `articleBody` holds; nil without a body.
    func shareInBody(_ pairs: Set<String>) -> Double? {
        guard let bodyPairs, !pairs.isEmpty else { return nil }
        return Double(pairs.intersection(bodyPairs).count) / Double(pairs.count)
    }

    /// Whether the `articleBody` is the article's text as far as `topPairs` (the chosen block's)
    /// can tell: the block is plainly in it (a body cut to its first lines holds little of the
    /// block), and the block holds half of it (the block is the article, not one part of it).
    func bodyIsTrusted(topPairs: Set<String>) -> Bool {
        guard let bodyPairs, let share = shareInBody(topPairs) else { return false }
        return share >= 0.8 && 2 * topPairs.intersection(bodyPairs).count >= bodyPairs.count
    }

    /// The vote on a sibling of the chosen block, given the word pairs of each.
    func sibling(_ pairs: Set<String>, topPairs: Set<String>) -> Vote {
        guard pairs.count >= 5 else { return .none }
        // The description, or most of it, and not much more: the lead.
        if let descriptionPairs, pairs.count <= 3 * descriptionPairs.count,
            5 * pairs.intersection(descriptionPairs).count >= 4 * descriptionPairs.count
        {
            return .join
        }
        guard let share = shareInBody(pairs) else { return .none }
        if share >= 0.6 { return .join }
        if share < 0.2 && pairs.count >= 10 && bodyIsTrusted(topPairs: topPairs) { return .leave }
        return .none
    }
}
