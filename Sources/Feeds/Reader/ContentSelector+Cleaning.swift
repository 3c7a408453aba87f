// MARK: - Cleaning what is kept

extension ContentSelector {
    /// Hides the furniture inside `roots` in `shown` (step 4); the first byline element found.
    ///
    /// Linear in the nodes: a hidden node's counts are taken from its ancestors' as the backward
    /// loop comes up to them (``removed``), and the nodes under a hidden one are marked once at
    /// the end, rather than at every hiding, which was the nodes times their depth.
    func clean(roots: [Int], top: Int, title: String, shown: inout [Bool]) -> Int? {
        let counts = statistics.counts
        var byline: Int?
        var titleWords = Self.words(title)
        for root in roots {
            // Nodes hidden here: their subtrees go with them, and their counts from their ancestors'.
            var hidden: [Int] = []
            var node = root
            while node < Int(document.ends[root]) {
                let tag = document.tags[node]
                guard shown[node], tag != .text else {
                    node += 1
                    continue
                }
                let attributes = document.attributes(of: node)
                var remove = false
                if let attributes, ClassHints.isByline(attributes), counts[node].text < 100 {
                    if byline == nil && counts[node].text > 0 { byline = node }
                    remove = true
                } else if let attributes, ClassHints.isByline(attributes), node != root,
                    isBylineBlock(node, counts[node])
                {
                    // "By X, updated DATE · Print": the name is in an element of its own inside.
                    byline = byline ?? firstByline(in: node, counts: counts)
                    remove = true
                } else if tag == .h1 || tag == .h2 {
                    if weight(of: node) < 0 {
                        remove = true
                    } else if !titleWords.isEmpty
                        && Self.similarity(Self.words(text(of: node)), titleWords) >= 0.75
                    {
                        titleWords = []
                        remove = true
                    }
                }
                if remove {
                    // Nothing inside is visited again: each node is marked once.
                    for index in node..<Int(document.ends[node]) { shown[index] = false }
                    hidden.append(node)
                    node = Int(document.ends[node])
                } else if tag == .pre || tag == .code || (tag == .table && document.isDataTable(node)) {
                    node = Int(document.ends[node])
                } else {
                    node += 1
                }
            }
            guard rules.cleansConditionally else { continue }
            cleanConditionally(root: root, top: top, counts: counts, hidden: hidden, shown: &shown)
        }
        return byline
    }

    /// Readability's conditional cleaning of `root`'s subtree, from its last node back, so that a
    /// block is judged without what went inside it; `hidden` are the nodes of the subtree hidden
    /// before.
    private func cleanConditionally(
        root: Int, top: Int, counts: [NodeStatistics.Counts], hidden: [Int], shown: inout [Bool]
    ) {
        let end = Int(document.ends[root])
        let protected = protectedNodes(in: root)
        var hiddenBefore = [Bool](repeating: false, count: end - root)
        for node in hidden { hiddenBefore[node - root] = true }
        // What went from each node's subtree so far, indexed from `root`.
        var removed = [NodeStatistics.Counts](repeating: NodeStatistics.Counts(), count: end - root)
        var gone: [Int] = []
        for node in stride(from: end - 1, through: root, by: -1) {
            var goes = removed[node - root]
            if !shown[node] {
                // Hidden before (a byline, the title's heading) with everything in it, or left out
                // before any scoring (which counted it for nothing).
                if hiddenBefore[node - root] { goes = counts[node] }
            } else if node != top, document.tags[node] != .text, !protected[node - root] {
                var left = counts[node]
                left -= removed[node - root]
                if isFurniture(node, counts: left) {
                    gone.append(node)
                    goes = counts[node]
                }
            }
            if node > root { removed[Int(document.parents[node]) - root] += goes }
        }
        guard !gone.isEmpty else { return }
        // Each node under a gone one, marked in one pass down the subtree.
        var isGone = [Bool](repeating: false, count: end - root)
        for node in gone { isGone[node - root] = true }
        for node in root..<end where shown[node] {
            let parent = Int(document.parents[node])
            if isGone[node - root] || (node > root && !shown[parent]) { shown[node] = false }
        }
    }
    /// A byline block longer than Readability's 100 characters (the author's name with a date, an
    /// avatar, a print link): no paragraph in it, and under 250 characters.
    private func isBylineBlock(_ node: Int, _ counts: NodeStatistics.Counts) -> Bool {
        counts.paragraphs == 0 && counts.text < 250 && document.tags[node] != .p
    }

    /// The first element inside `block` whose hints say byline and whose text is a byline's.
    private func firstByline(in block: Int, counts: [NodeStatistics.Counts]) -> Int? {
        (block + 1..<Int(document.ends[block])).first { node in
            guard document.tags[node] != .text, let attributes = document.attributes(of: node) else {
                return false
            }
            return ClassHints.isByline(attributes) && counts[node].text > 0 && counts[node].text < 100
        }
    }

    /// Readability's conditional cleaning of one `div`, list, table, form, section, header or
    /// footer (and a block that is mostly cards, ``CardStrips``); and a paragraph that is a list
    /// of links (two or more, over half its text), as
    /// "Related: …" lines set with `<br>` are.
    private func isFurniture(_ node: Int, counts: NodeStatistics.Counts) -> Bool {
        let tag = document.tags[node]
        switch tag {
        case .div, .section, .ul, .ol, .table, .form, .fieldset, .header, .footer, .dl, .center, .details:
            break
        case .p:
            return counts.links >= 2 && counts.linkDensity > 0.5 && weight(of: node) < 25
        default:
            return false
        }
        let hintWeight = weight(of: node)
        if hintWeight < 0 { return true }
        // A gallery or a strip of teasers, even with captions of many commas.
        if cards.isMostlyCards(node, statistics: statistics) { return true }
        guard counts.commas < 10 else { return false }
        let isList = tag == .ul || tag == .ol || tag == .dl
        let paragraphs = Double(counts.paragraphs)
        let images = Double(counts.images)
        // A heading that links (a listicle's point naming a product) is not a list of links: in
        // a block with paragraphs, the links of its headings do not count.
        let density =
            counts.paragraphs > 0 && counts.headingText > 0
            ? Double(max(0, counts.linkText - counts.headingText)) / Double(max(1, counts.text))
            : counts.linkDensity
        let headingDensity = counts.text > 0 ? Double(counts.headingText) / Double(counts.text) : 0
        if images > 1 && paragraphs / images < 0.5 && counts.captions * 2 < counts.images { return true }
        if !isList && counts.listItems > counts.paragraphs + 100 { return true }
        // Form controls: Readability counts them in forms (it removes the controls before it looks
        // at anything else); a short block with a button or a field is a widget too ("Found a
        // mistake? Report it"), while an article with a form in it keeps it. Counted before
        // anything inside went: the control's own wrapper, empty of text, goes first.
        if (tag == .form || tag == .fieldset || counts.text < 500)
            && Double(statistics.counts[node].inputs) > (paragraphs / 3).rounded(.down)
        {
            return true
        }
        if !isList && headingDensity < 0.9 && counts.text < 25 && (counts.images == 0 || counts.images > 2)
            && counts.captions == 0
        {
            return true
        }
        if hintWeight < 25 && density > 0.2 && counts.text < 2_000 { return true }
        if hintWeight >= 25 && density > 0.5 { return true }
        if (counts.embeds == 1 && counts.text < 75) || counts.embeds > 1 { return true }
        return false
    }

    /// Whether each node of `root`'s subtree (indexed from `root`) is inside a data table,
    /// preformatted text or code, which are kept as they are.
    private func protectedNodes(in root: Int) -> [Bool] {
        let end = Int(document.ends[root])
        var protected = [Bool](repeating: false, count: end - root)
        var node = root
        while node < end {
            let tag = document.tags[node]
            if tag == .pre || tag == .code || (tag == .table && document.isDataTable(node)) {
                let subtreeEnd = Int(document.ends[node])
                for index in node..<subtreeEnd { protected[index - root] = true }
                node = subtreeEnd
            } else {
                node += 1
            }
        }
        return protected
    }

    // MARK: Text

    /// The text of `node`'s subtree, at most 2,000 bytes of it, from its first 4,000 nodes (so that
    /// headings nested in headings do not each read the whole page).
    func text(of node: Int) -> String {
        var bytes: [UInt8] = []
        let end = min(Int(document.ends[node]), node + 4_000)
        for index in node..<end where document.tags[index] == .text && live[index] {
            document.withText(of: index) { bytes.append(contentsOf: $0.prefix(2_000 - bytes.count)) }
            if bytes.count >= 2_000 { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The lowercased words of `text`.
    static func words(_ text: String) -> Set<Substring> {
        let lowered = text.lowercased()
        return Set(lowered.split { !$0.isLetter && !$0.isNumber })
    }

    /// How much two sets of words overlap: shared words over all words.
    static func similarity(_ first: Set<Substring>, _ second: Set<Substring>) -> Double {
        let union = first.union(second).count
        return union == 0 ? 0 : Double(first.intersection(second).count) / Double(union)
    }
}

extension ReaderDocument {
    /// A table of data rather than of layout: it has a caption or header cells, or at least three
    /// rows of two cells or more and no table inside it.
    func isDataTable(_ table: Int) -> Bool {
        if attributes(of: table)?.role == "presentation" { return false }
        var rows = 0
        var cells = 0
        for node in table + 1..<Int(ends[table]) {
            switch tags[node] {
            case .caption, .th: return true
            case .table: return false
            case .tr: rows += 1
            case .td: cells += 1
            default: break
            }
        }
        return rows >= 3 && cells >= rows * 2
    }
}
