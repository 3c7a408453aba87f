/// Strips of cards: three or more blocks in a row, of one tag and class, each a captioned picture
/// of a gallery or a teaser of another story of the site (its headline or picture a link to
/// it, a sentence or two beside). Their text is captions and teasers, not the article's prose:
/// it does not score, a block that is mostly cards is furniture, and no card joins the article.
///
/// A block is a picture card when it is a `div`, `li`, `section` or `article` with one or two
/// pictures, no heading, and a caption of 40 to 300 characters outside links; a teaser when its
/// headline (most of its heading's text) or a picture is a link to the page's own site (a
/// relative address, or one on `siteHost`), it links nowhere else, and it says less than 300
/// characters outside its links. A listicle's point, whose heading links to a shop, is neither.
/// Found in one pass over each element's children; only blocks of at most ``unitLimit`` nodes
/// are looked into.
struct CardStrips {
    /// The most nodes a card may have: a teaser is a handful of elements.
    static let unitLimit = 200
    /// The most characters a card says outside its links.
    static let textLimit: Int32 = 300

    /// Whether each node is a card.
    private(set) var isCard: [Bool]
    /// The text of the cards in each node's subtree, in characters as ``NodeStatistics`` counts.
    private(set) var text: [Int32]

    init(_ document: ReaderDocument, live: [Bool], statistics: NodeStatistics, siteHost: String?) {
        let count = document.count
        isCard = Array(repeating: false, count: count)
        text = Array(repeating: 0, count: count)
        var run: [Int] = []
        var found = false
        for parent in 0..<count where document.tags[parent] != .text && live[parent] {
            guard statistics.childElements[parent] >= 3 else { continue }
            run.removeAll(keepingCapacity: true)
            var child = parent + 1
            let end = Int(document.ends[parent])
            while child < end {
                defer { child = Int(document.ends[child]) }
                guard document.tags[child] != .text, live[child] else { continue }
                if let first = run.first, !Self.sameKind(document, first, child) {
                    found = mark(run, document, statistics, siteHost) || found
                    run.removeAll(keepingCapacity: true)
                }
                run.append(child)
            }
            found = mark(run, document, statistics, siteHost) || found
        }
        guard found else { return }
        for node in stride(from: count - 1, to: 0, by: -1) where live[node] {
            if isCard[node] { text[node] = statistics.counts[node].text }
            text[Int(document.parents[node])] += text[node]
        }
    }

    /// Whether most of `node`'s text is the text of cards.
    func isMostlyCards(_ node: Int, statistics: NodeStatistics) -> Bool {
        text[node] > 0 && 2 * text[node] >= statistics.counts[node].text
    }

    // MARK: Runs

    /// Marks the cards of a run of blocks of one kind, when it holds three of them and they are
    /// at least two thirds of it; whether it did.
    private mutating func mark(
        _ run: [Int], _ document: ReaderDocument, _ statistics: NodeStatistics, _ siteHost: String?
    ) -> Bool {
        guard run.count >= 3 else { return false }
        let cards = run.filter { Self.isCard($0, document, statistics, siteHost) }
        guard cards.count >= 3, 3 * cards.count >= 2 * run.count else { return false }
        for card in cards { isCard[card] = true }
        return true
    }

    private static func sameKind(_ document: ReaderDocument, _ first: Int, _ second: Int) -> Bool {
        document.tags[first] == document.tags[second]
            && (document.attributes(of: first)?.classes ?? "")
                == (document.attributes(of: second)?.classes ?? "")
    }

    // MARK: One block

    private static func isCard(
        _ node: Int, _ document: ReaderDocument, _ statistics: NodeStatistics, _ siteHost: String?
    ) -> Bool {
        let end = Int(document.ends[node])
        guard end - node <= unitLimit else { return false }
        let counts = statistics.counts[node]
        let said = counts.text - counts.linkText
        guard said < textLimit else { return false }
        switch document.tags[node] {
        case .div, .li, .section, .article:
            if (1...2).contains(counts.images) && counts.headingText == 0 && said >= 40 { return true }
        default:
            break
        }
        // A teaser: its headline or picture links to the site, and it links nowhere else.
        var linksHome = false
        for index in node + 1..<end where document.tags[index] == .a {
            guard let href = document.attributes(of: index)?.href else { continue }
            guard isOnSite(href, siteHost) else { return false }
            // A link's heading text is its own when it sits in a heading, or the heading's in it.
            let link = statistics.counts[index]
            if link.images > 0 || (counts.headingText > 0 && 5 * link.headingText >= 4 * counts.headingText) {
                linksHome = true
            }
        }
        return linksHome
    }

    /// Whether `href` is an address on the page's own site: relative, or on `siteHost` (without
    /// its `www.`, ignoring case). Read in place, byte by byte: teasers are many.
    static func isOnSite(_ href: String, _ siteHost: String?) -> Bool {
        var href = href
        return href.withUTF8 { bytes in
            var start = 0
            while start < bytes.count, bytes[start] <= 0x20 { start += 1 }
            let text = UnsafeBufferPointer(rebasing: bytes[start...])
            var hostStart: Int
            if text.count >= 2, text[0] == UInt8(ascii: "/"), text[1] == UInt8(ascii: "/") {
                hostStart = 2
            } else if let colon = text.prefix(32).firstIndex(of: UInt8(ascii: ":")),
                text[..<colon].allSatisfy({
                    ($0 | 0x20) &- 0x61 < 26 || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
                })
            {
                let scheme = text[..<colon].map { $0 | 0x20 }
                guard scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8) else {
                    return false
                }
                hostStart = colon + 1
                while hostStart < text.count, text[hostStart] == UInt8(ascii: "/") { hostStart += 1 }
            } else {
                return true
            }
            guard var siteHost else { return false }
            var hostEnd = hostStart
            while hostEnd < text.count, !Self.endsHost(text[hostEnd]) { hostEnd += 1 }
            let host = Self.withoutWWW(text[hostStart..<hostEnd])
            return siteHost.withUTF8 { site in
                let own = Self.withoutWWW(site[...])
                return host.count == own.count && zip(host, own).allSatisfy { $0 | 0x20 == $1 | 0x20 }
            }
        }
    }

    private static func endsHost(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
            || byte == UInt8(ascii: ":")
    }

    private static func withoutWWW(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<
        UnsafeBufferPointer<UInt8>
    > {
        let www = host.count > 4 && host.prefix(4).map { $0 | 0x20 }.elementsEqual("www.".utf8)
        return www ? host.dropFirst(4) : host
    }
}
