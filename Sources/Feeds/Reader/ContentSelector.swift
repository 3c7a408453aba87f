/// Finds a page's article the way Readability does, over a ``ReaderDocument``'s arrays:
///
/// 1. Page furniture is left out: `nav`, `aside`, `footer`, `dialog`, a `header` outside any
///    `article` or `main` (but one that holds the article: see ``furnitureRemoved(_:byHints:)``),
///    and elements whose class, id or role say navigation, ads, comments, share bars, cookie
///    banners and the like (``ClassHints/isUnlikely(_:)``).
/// 2. Every paragraph of 25 characters or more scores `1 + commas + min(length / 100, 3)` for its
///    parent, half that for its grandparent and a third of it divided by the level further up, to
///    five levels; a candidate starts from its tag's score and its class hints, and ends multiplied
///    by `1 - link density`. Captions of figures and of strips of cards (``CardStrips``) do not
///    score.
/// 3. The best candidate moves up to an ancestor that its close rivals share, or to a parent whose
///    score is higher, or while it is an only child (the page's `articleBody` may choose another
///    of the best five first: ``StructuredDataVotes``); its siblings join it when they are parts
///    of one article (see ``siblings(of:score:)``).
/// 4. Inside what is kept, lists, tables, forms and `div`s that look like furniture go (link lists,
///    galleries without captions, strips of cards, forms, short blocks with a button or a field,
///    embeds, short link-heavy blocks; data tables stay), as do paragraphs that are lists of links, headings with
///    bad hints, the heading that repeats the title, and the byline (or a byline block of up to
///    250 characters).
///
/// As in Readability, a selection too short to be the article is made again with fewer rules
/// (``Rules``): ``ArticleExtractor`` first keeps the elements whose hints say furniture, then
/// stops weighing hints, then stops cleaning.
struct ContentSelector {
    /// Which of Readability's rules apply (its `FLAG_STRIP_UNLIKELYS`, `FLAG_WEIGHT_CLASSES` and
    /// `FLAG_CLEAN_CONDITIONALLY`).
    struct Rules: Equatable {
        /// Elements whose class, id or role say furniture are left out before scoring.
        var stripsUnlikely = true
        /// Class and id hints add to or take from scores.
        var weighsClasses = true
        /// Blocks inside the article that look like furniture are left out.
        var cleansConditionally = true
        /// Furniture elements (`nav`, `aside`, `footer`, …) are left out; only the last resort,
        /// for a page whose every word is in them, keeps them.
        var removesFurnitureElements = true

        /// The rules of each attempt, the strictest first.
        static let attempts = [
            Rules(),
            Rules(stripsUnlikely: false),
            Rules(stripsUnlikely: false, weighsClasses: false),
            Rules(stripsUnlikely: false, weighsClasses: false, cleansConditionally: false),
        ]

        /// The whole page, its furniture elements too: what is shown when nothing else is.
        static let everything = Rules(
            stripsUnlikely: false, weighsClasses: false, cleansConditionally: false,
            removesFurnitureElements: false)
    }

    let document: ReaderDocument
    let rules: Rules
    /// What the page's own structured data says of its article.
    let votes: StructuredDataVotes
    /// Whether each node is still in the page after step 1.
    private(set) var live: [Bool]
    private(set) var statistics: NodeStatistics
    /// The page's strips of captioned pictures and teasers.
    let cards: CardStrips
    private var scores: [Double]
    private var isCandidate: [Bool]

    /// The article: its top-level elements, in page order, and whether each node is shown.
    struct Selection {
        var roots: [Int]
        var shown: [Bool]
        /// The text of the first byline element found in the article, if any.
        var bylineNode: Int?
        /// The block chosen as the article, which `roots` hold with its siblings.
        var top = 0
    }

    /// - Parameter siteHost: the host of the page's site, whose links are the site's own (teasers
    ///   of other stories), when it is known.
    init(
        document: ReaderDocument, rules: Rules = Rules(), siteHost: String? = nil,
        votes: StructuredDataVotes = StructuredDataVotes()
    ) {
        self.document = document
        self.rules = rules
        self.votes = votes
        live = Self.furnitureRemoved(
            document, byHints: rules.stripsUnlikely, byElement: rules.removesFurnitureElements)
        statistics = NodeStatistics(document, live: live)
        cards = CardStrips(document, live: live, statistics: statistics, siteHost: siteHost)
        scores = Array(repeating: 0, count: document.count)
        isCandidate = Array(repeating: false, count: document.count)
    }

    /// Selects the article; `title` is the page's title, whose repeat in the text goes.
    mutating func select(title: String) -> Selection {
        scoreParagraphs()
        let (top, score) = topCandidate()
        let roots = siblings(of: top, score: score)
        var shown = live
        let byline = clean(roots: roots, top: top, title: title, shown: &shown)
        return Selection(roots: roots, shown: shown, bylineNode: byline, top: top)
    }

    /// The page without its furniture, as one block: what is left when nothing scores.
    func wholePage() -> Selection {
        Selection(roots: [0], shown: live, bylineNode: nil)
    }

    // MARK: Furniture

    /// The page without its furniture (step 1): by element (`byElement`) and by hints
    /// (`byHints`). A furniture element that holds the article is no furniture: one with the
    /// schema.org `articleBody` in it, or one that wraps nine tenths of the text of the `article`
    /// or `main` it is in (a site that lays out its story pages as a panel, an `aside`, filling
    /// `main`).
    private static func furnitureRemoved(_ document: ReaderDocument, byHints: Bool, byElement: Bool) -> [Bool]
    {
        let count = document.count
        var live = Array(repeating: true, count: count)
        let holders = byElement ? ArticleHolders(document) : nil
        var inArticle = Array(repeating: false, count: count)
        var node = 1
        while node < count {
            let parent = Int(document.parents[node])
            let tag = document.tags[node]
            inArticle[node] =
                inArticle[parent] || document.tags[parent] == .article || document.tags[parent] == .main
            var furniture = false
            switch tag {
            case .nav, .aside, .footer, .dialog, .menu:
                furniture = byElement && !(holders?.holdsArticle(node) ?? true)
            case .header: furniture = byElement && !inArticle[node] && !(holders?.holdsArticle(node) ?? true)
            case .text, .body, .a: break
            default:
                if byHints, let attributes = document.attributes(of: node) {
                    furniture = ClassHints.isUnlikely(attributes)
                }
            }
            if furniture {
                let end = Int(document.ends[node])
                for index in node..<end { live[index] = false }
                node = end
            } else {
                node += 1
            }
        }
        return live
    }

    // MARK: Scoring

    private mutating func scoreParagraphs() {
        // Captions are not the article's prose: a gallery ("in pictures") of fifty captioned
        // photographs outscored the three paragraphs of the story it illustrates.
        var inFigure = Array(repeating: false, count: document.count)
        for node in 1..<max(document.count, 1) where live[node] {
            let parent = Int(document.parents[node])
            let parentTag = document.tags[parent]
            inFigure[node] =
                inFigure[parent] || parentTag == .figure || parentTag == .figcaption || cards.isCard[node]
            guard !inFigure[node] else { continue }
            let tag = document.tags[node]
            if tag == .figure || tag == .figcaption { continue }
            let length: Int32
            let commas: Int32
            var first: Int
            if tag.isParagraph {
                length = statistics.counts[node].text
                commas = statistics.counts[node].commas
                first = Int(document.parents[node])
            } else if tag.isContainer {
                length = statistics.ownText[node]
                commas = statistics.ownCommas[node]
                first = node
            } else {
                continue
            }
            guard length >= 25 else { continue }
            let score = 1 + Double(commas) + Double(min(length / 100, 3))
            var level = 0
            while first > 0 && level < 5 {
                if !isCandidate[first] {
                    isCandidate[first] = true
                    scores[first] =
                        document.tags[first].baseScore + weight(of: first)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
                scores[first] += score / divider
                first = Int(document.parents[first])
                level += 1
            }
        }
        for node in 1..<max(document.count, 1) where isCandidate[node] {
            scores[node] *= 1 - statistics.counts[node].linkDensity
        }
    }

    /// The block chosen as the article, and its score (the best one's it moved up from).
    private func topCandidate() -> (node: Int, score: Double) {
        var ranked: [Int] = []
        for node in 1..<max(document.count, 1) where isCandidate[node] {
            ranked.append(node)
            if ranked.count > 5 {
                ranked.sort { scores[$0] > scores[$1] }
                ranked.removeLast()
            }
        }
        ranked.sort { scores[$0] > scores[$1] }
        guard var top = ranked.first else { return (0, 0) }
        // The page's `articleBody` may name another of the best blocks.
        let voted = votedCandidate(among: ranked)
        if let voted { top = voted }
        let topScore = scores[top]
        // Close rivals that share an ancestor with it: the article is split into several blocks.
        let rivals = ranked.dropFirst().filter { scores[$0] >= topScore * 0.75 }
        if rivals.count >= 2 && voted == nil {
            var ancestor = Int(document.parents[top])
            while ancestor > 0 {
                let sharing = rivals.filter { isAncestor(ancestor, of: $0) }.count
                if sharing >= 2 && document.tags[ancestor] != .body {
                    top = ancestor
                    break
                }
                ancestor = Int(document.parents[ancestor])
            }
        }
        // A parent that scores better.
        var lastScore = scores[top]
        var parent = Int(document.parents[top])
        while parent > 0 && document.tags[parent] != .body {
            if isCandidate[parent] {
                if scores[parent] < topScore / 3 { break }
                if scores[parent] > lastScore {
                    top = parent
                    break
                }
                lastScore = scores[parent]
            }
            parent = Int(document.parents[parent])
        }
        // An only child says no more than its parent.
        while document.parents[top] > 0, statistics.childElements[Int(document.parents[top])] == 1,
            document.tags[Int(document.parents[top])] != .body
        {
            top = Int(document.parents[top])
        }
        return (top, max(scores[top], topScore))
    }

    /// The one of `ranked` whose words match the page's `articleBody` best, when the best scored
    /// matches it far worse (by 0.2 of F1) and it matches well (0.5).
    private func votedCandidate(among ranked: [Int]) -> Int? {
        guard votes.hasBody, ranked.count > 1 else { return nil }
        let matches = ranked.map { votes.bodyMatch(wordPairs(of: $0)) ?? 0 }
        guard let best = matches.indices.max(by: { matches[$0] < matches[$1] }), best != 0,
            matches[best] >= 0.5, matches[best] >= matches[0] + 0.2
        else { return nil }
        return ranked[best]
    }

    /// The top block and those of its siblings that are parts of the same article, in page
    /// order. A sibling joins when:
    ///
    /// - the page's structured data says so (its `articleBody` holds the sibling's words, its
    ///   description is the sibling's text), unless it says the contrary (a sibling nearly absent
    ///   from a trusted `articleBody`), which no rule below overrides;
    /// - it is not mostly cards (a gallery, teasers of other stories);
    /// - it scores a fifth of the top block (10 at least; a fifth more when it has the top
    ///   block's class), as in Readability;
    /// - it is of the top block's tag and class and holds prose with few links (the parts of an
    ///   article share a class; their ids differ);
    /// - it is a part of an article split over blocks (``isPart(_:like:)``);
    /// - it is a paragraph, or a block of text with no block inside (Readability's `div` that it
    ///   makes a paragraph), of more than 80 characters with few links, or a short sentence
    ///   without any.
    private func siblings(of top: Int, score topScore: Double) -> [Int] {
        let parent = Int(document.parents[top])
        guard top > 0 else { return [top] }
        let threshold = max(10, topScore * 0.2)
        let topClasses = document.attributes(of: top)?.classes ?? ""
        let topPairs = votes.hasBody ? wordPairs(of: top) : []
        var roots: [Int] = []
        var child = parent + 1
        while child < Int(document.ends[parent]) {
            defer { child = Int(document.ends[child]) }
            guard live[child], document.tags[child] != .text else { continue }
            if child == top {
                roots.append(child)
                continue
            }
            let vote =
                votes.mayVote(onCharacters: statistics.counts[child].text)
                ? votes.sibling(wordPairs(of: child), topPairs: topPairs) : .none
            switch vote {
            case .join:
                roots.append(child)
                continue
            case .leave:
                continue
            case .none:
                break
            }
            if cards.isMostlyCards(child, statistics: statistics) { continue }
            let classes = document.attributes(of: child)?.classes ?? ""
            let sameClass = !topClasses.isEmpty && classes == topClasses
            let bonus = sameClass ? topScore * 0.2 : 0
            if isCandidate[child] && scores[child] + bonus >= threshold {
                roots.append(child)
            } else if sameClass && document.tags[child] == document.tags[top] && holdsProse(child) {
                roots.append(child)
            } else if isPart(child, like: top) {
                roots.append(child)
            } else if readsAsParagraph(child) {
                let counts = statistics.counts[child]
                if counts.text > 80 && counts.linkDensity < 0.25 {
                    roots.append(child)
                } else if counts.text > 0 && counts.text <= 80 && counts.linkText == 0 && endsSentence(child)
                {
                    roots.append(child)
                }
            }
        }
        return roots
    }

    /// Whether `node` holds prose: 25 characters or more, under half of them in links (a
    /// heading's link does not count).
    private func holdsProse(_ node: Int) -> Bool {
        let counts = statistics.counts[node]
        guard counts.text >= 25 else { return false }
        let links = counts.paragraphs > 0 ? max(0, counts.linkText - counts.headingText) : counts.linkText
        return 2 * links < counts.text
    }

    /// Whether `node` is a paragraph: a `p`, or a block of text with no block inside, which
    /// Readability makes a paragraph.
    private func readsAsParagraph(_ node: Int) -> Bool {
        let tag = document.tags[node]
        return tag == .p || (tag.isContainer && !statistics.hasBlockChild[node])
    }

    /// The word pairs of `node`'s text (its first ``StructuredDataVotes/textLimit`` bytes), for
    /// the votes; none when the page gives no `articleBody` or description to vote with.
    private func wordPairs(of node: Int) -> Set<String> {
        guard votes.isVoting else { return [] }
        var bytes: [UInt8] = []
        let end = Int(document.ends[node])
        for index in node..<end where document.tags[index] == .text && live[index] {
            document.withText(of: index) {
                bytes.append(contentsOf: $0.prefix(StructuredDataVotes.textLimit - bytes.count))
            }
            bytes.append(0x20)
            if bytes.count >= StructuredDataVotes.textLimit { break }
        }
        return StructuredDataVotes.pairs(String(decoding: bytes, as: UTF8.self))
    }

    /// Whether `sibling` is another part of an article split over blocks of one kind, as the
    /// points of a listicle (each a heading and a paragraph in a container of its own) and the
    /// sections of a long read are: a block of the same tag as `top`, holding a heading and a
    /// paragraph of prose, with few links. Readability keeps only the parts that score a fifth of
    /// the best one, and so drops the short points and sections.
    private func isPart(_ sibling: Int, like top: Int) -> Bool {
        let tag = document.tags[sibling]
        guard tag == document.tags[top], tag.isContainer || tag == .li else { return false }
        let counts = statistics.counts[sibling]
        guard counts.paragraphs > 0, counts.headingText > 0, counts.text >= 80 else { return false }
        // Not a strip of captioned pictures.
        guard counts.captions <= 2 || counts.paragraphs > 2 * counts.captions else { return false }
        // The heading may be a link (a product's name); the prose may not.
        let proseLinks = max(0, counts.linkText - counts.headingText)
        guard Double(proseLinks) < 0.25 * Double(counts.text - counts.headingText) else { return false }
        let topCounts = statistics.counts[top]
        return topCounts.headingText > 0 || counts.paragraphs > 1
    }

    /// ``ClassHints/weight(_:)`` of `node`, when the rules weigh classes.
    func weight(of node: Int) -> Double {
        rules.weighsClasses ? ClassHints.weight(document.attributes(of: node)) : 0
    }

    private func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
        ancestor < node && node < Int(document.ends[ancestor])
    }

    /// Whether the last text of `node` ends with a full stop.
    private func endsSentence(_ node: Int) -> Bool {
        var last = Int(document.ends[node]) - 1
        while last > node {
            if document.tags[last] == .text {
                let end = document.withText(of: last) { $0.last { $0 > 0x20 } }
                if let end { return end == UInt8(ascii: ".") }
            }
            last -= 1
        }
        return false
    }
}

// MARK: - Prose

extension ContentSelector {

    /// The characters of `selection` that are prose: shown text outside links and cards. What a
    /// later pass adds in links (a share bar, related links) or cards is not more of the article.
    func proseLength(of selection: Selection) -> Int {
        var length = 0
        for root in selection.roots {
            var node = root
            let end = Int(document.ends[root])
            while node < end {
                guard selection.shown[node] else {
                    node = Int(document.ends[node])
                    continue
                }
                let tag = document.tags[node]
                if tag == .a || cards.isCard[node] {
                    node = Int(document.ends[node])
                    continue
                }
                if tag == .text { length += Int(statistics.counts[node].text) }
                node += 1
            }
        }
        return length
    }
}
