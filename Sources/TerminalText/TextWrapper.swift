/// Fits sanitised text to a number of terminal columns: word wrapping, truncation and padding.
///
/// Widths are measured with ``DisplayWidth``, so wide (CJK) characters and emoji count two columns and a
/// grapheme cluster is never split.
public enum TextWrapper {
    /// Word-wraps sanitised text to lines of at most `width` columns.
    ///
    /// `\n` separates paragraphs; an empty paragraph yields an empty line. Lines break at spaces (the
    /// breaking space is dropped, continuation lines lose their leading spaces and no line ends in a
    /// space) and between wide characters, since Chinese and Japanese have no spaces, though not before
    /// closing punctuation such as `。` or `」` nor after opening punctuation such as `「`. A word wider than
    /// the line is broken between grapheme clusters, except a web address (`http://`, `https://`), which
    /// gets a line of its own, over the width if need be, so that it can still be copied and followed;
    /// a single cluster wider than `width` gets a line of its own. A `width` below 1 is treated as 1.
    public static func wrap(_ text: String, width: Int) -> [String] {
        // Text of simple scalars (see `DisplayWidth.simpleWidth`) holds no line break.
        if ClusterFeed.isSimple(text) {
            var breaker = LineBreaker(width: width)
            ClusterFeed.simple(text, attribute: 0, into: &breaker)
            return breaker.finish().map { ClusterFeed.text(of: $0, in: [Array(text.utf8)]) }
        }
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var breaker = LineBreaker(width: width)
            ClusterFeed.any(paragraph, attribute: 0, into: &breaker)
            let bytes = [Array(paragraph.utf8)]
            for line in breaker.finish() {
                lines.append(ClusterFeed.text(of: line, in: bytes))
            }
        }
        return lines
    }

    /// Cuts text to at most `width` columns, ending in `ellipsis` when anything was cut.
    ///
    /// Never splits a grapheme cluster, and the result, ellipsis included, fits in `width` (so width 0
    /// gives ""). Spaces before the ellipsis are dropped. When the ellipsis alone is wider than `width`,
    /// the text is cut without it.
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
        var kept = ""
        var used = 0
        for character in text {
            used += DisplayWidth.of(character)
            if used > width {
                trimTrailingSpaces(&kept)
                return ellipsisWidth <= width ? kept + ellipsis : kept
            }
            if used <= budget { kept.append(character) }
        }
        return text
    }

    /// Appends spaces up to `width` columns (no-op when already as wide or wider).
    public static func pad(_ text: String, toWidth width: Int) -> String {
        let missing = width - DisplayWidth.of(text)
        guard missing > 0 else { return text }
        return text + String(repeating: " ", count: missing)
    }

    fileprivate static func trimTrailingSpaces(_ text: inout String) {
        while text.last == " " {
            text.removeLast()
        }
    }
}

extension StyledLine {
    /// Wraps across spans, keeping each piece's role and link; never splits a grapheme.
    ///
    /// Follows the rules of ``TextWrapper/wrap(_:width:)``: a span boundary is not a break opportunity,
    /// a space is. An empty line wraps to one empty line. A word of a span that links somewhere is
    /// never broken, like a web address.
    public func wrapped(toWidth width: Int) -> [StyledLine] {
        var breaker = LineBreaker(
            width: width, unbreakable: Set(spans.indices.filter { spans[$0].link != nil }))
        for (index, span) in spans.enumerated() {
            if ClusterFeed.isSimple(span.text) {
                ClusterFeed.simple(span.text, attribute: index, into: &breaker)
            } else {
                ClusterFeed.any(span.text, attribute: index, into: &breaker)
            }
        }
        let texts = spans.map { Array($0.text.utf8) }
        return breaker.finish().map { runs in
            StyledLine(runs.map { spans[$0.attribute].replacingText(ClusterFeed.text(of: [$0], in: texts)) })
        }
    }

    /// The line cut to `width` (``truncated(toWidth:)``), unless what runs over is a web address
    /// (``TextWrapper/wrap(_:width:)`` gives one a line of its own): that line is kept whole, over
    /// the width, since a cut address can be neither copied nor followed.
    public func fitted(toWidth width: Int) -> StyledLine {
        guard displayWidth > width else { return self }
        let words = plainText.split(separator: " ")
        let isAddress = { (word: Substring) in
            let start = word.drop { $0 == "(" || $0 == "<" || $0 == "[" }
            return start.hasPrefix("https://") || start.hasPrefix("http://")
        }
        // The address and at most a short label before it (`[2] `, `Image `): still one line.
        guard let last = words.last, isAddress(last), words.dropLast().allSatisfy({ !isAddress($0) }),
            DisplayWidth.of(plainText) - DisplayWidth.of(String(last)) < width
        else { return truncated(toWidth: width) }
        return self
    }

    /// Truncates across spans with a trailing "…" in the last kept span's role.
    ///
    /// Returns the line unchanged when it fits, and an empty line when `width` is below 1. Spaces before
    /// the ellipsis are dropped. When nothing but the ellipsis fits, it takes the role of the first span.
    public func truncated(toWidth width: Int) -> StyledLine {
        guard width > 0 else { return .blank }
        guard displayWidth > width else { return self }
        var kept: [(text: String, index: Int)] = []
        var used = 0
        collecting: for (index, span) in spans.enumerated() {
            var text = ""
            for character in span.text {
                let characterWidth = DisplayWidth.of(character)
                guard used + characterWidth <= width - 1 else {
                    if !text.isEmpty { kept.append((text, index)) }
                    break collecting
                }
                text.append(character)
                used += characterWidth
            }
            kept.append((text, index))
        }
        while var last = kept.popLast() {
            TextWrapper.trimTrailingSpaces(&last.text)
            if !last.text.isEmpty {
                kept.append(last)
                break
            }
        }
        let ellipsisSpan = spans[kept.last?.index ?? 0]
        var result = kept.map { spans[$0.index].replacingText($0.text) }
        if let last = kept.last {
            result[result.count - 1] = ellipsisSpan.replacingText(last.text + "…")
        } else {
            result.append(ellipsisSpan.replacingText("…"))
        }
        return StyledLine(result)
    }

    /// Pads with a plain trailing space span up to `width` columns.
    public func padded(toWidth width: Int) -> StyledLine {
        let missing = width - displayWidth
        guard missing > 0 else { return self }
        return StyledLine(spans + [Span(String(repeating: " ", count: missing))])
    }
}

/// Feeds text to a ``LineBreaker`` cluster by cluster, each cluster named by its UTF-8 range in
/// the text, and makes the lines' text back from those ranges.
private enum ClusterFeed {
    /// Whether every scalar of `text` is simple: a cluster of its own, of a width known without
    /// the Unicode tables (`DisplayWidth.simpleWidth`). Such text is fed scalar by scalar.
    static func isSimple(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy { DisplayWidth.simpleWidth($0) != nil }
    }

    /// Feeds text of simple scalars (see ``isSimple(_:)``), a scalar a cluster.
    static func simple(_ text: some StringProtocol, attribute: Int, into breaker: inout LineBreaker) {
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            breaker.add(
                LineBreaker.Cluster(
                    range: offset..<(offset + length), width: DisplayWidth.simpleWidth(scalar) ?? 1,
                    attribute: attribute, scalar: scalar.value))
            offset += length
        }
    }

    /// Feeds any text, grapheme cluster by grapheme cluster.
    static func any(_ text: some StringProtocol, attribute: Int, into breaker: inout LineBreaker) {
        var offset = 0
        for character in text {
            let length = character.utf8.count
            let scalars = character.unicodeScalars
            breaker.add(
                LineBreaker.Cluster(
                    range: offset..<(offset + length), width: DisplayWidth.of(character),
                    attribute: attribute,
                    scalar: scalars.count == 1 ? scalars.first?.value : nil))
            offset += length
        }
    }

    /// The text of `runs`, whose ranges are in `texts[attribute]`.
    static func text(of runs: [LineBreaker.Run], in texts: [[UInt8]]) -> String {
        guard runs.count != 1 else {
            return String(decoding: texts[runs[0].attribute][runs[0].range], as: UTF8.self)
        }
        var bytes: [UInt8] = []
        for run in runs { bytes += texts[run.attribute][run.range] }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Greedy line breaking over a stream of grapheme clusters, each tagged with an attribute (the
/// index of the span it came from) and named by its UTF-8 range in that span's text, in one
/// pass: every cluster is measured once, and a line's text is cut from its span's at the end.
private struct LineBreaker {
    /// Consecutive clusters with the same attribute: a range of that attribute's text.
    struct Run {
        var range: Range<Int>
        let attribute: Int
    }

    struct Cluster {
        let range: Range<Int>
        let width: Int
        let attribute: Int
        /// The cluster's scalar when it has only one: spaces, zero-width spaces and punctuation
        /// are recognised by it.
        let scalar: UInt32?
    }

    private let width: Int
    private var lines: [[Run]] = []
    private var line: [Run] = []
    private var lineWidth = 0
    /// Spaces seen since the last unit; written only if a unit follows on the line.
    private var pendingSpaces: [Cluster] = []
    /// The clusters between two break opportunities.
    private var unit: [Cluster] = []
    private var unitWidth = 0
    /// Whether the paragraph has produced a line yet (its first line keeps leading spaces as indentation).
    private var hasBrokenLine = false

    /// The attributes whose words are never broken (links).
    private let unbreakable: Set<Int>

    init(width: Int, unbreakable: Set<Int> = []) {
        self.width = max(width, 1)
        self.unbreakable = unbreakable
    }

    /// Feeds the next cluster of the paragraph.
    mutating func add(_ cluster: Cluster) {
        if cluster.scalar == 0x20 {
            placeUnit()
            pendingSpaces.append(cluster)
            return
        }
        if let previous = unit.last, Self.canBreak(between: previous, and: cluster) {
            placeUnit()
        }
        unit.append(cluster)
        unitWidth += cluster.width
        if cluster.scalar == 0x200B { placeUnit() }
    }

    /// Ends the paragraph and returns its lines (at least one).
    mutating func finish() -> [[Run]] {
        placeUnit()
        if !line.isEmpty || !hasBrokenLine { breakLine() }
        return lines
    }

    // MARK: Placing

    private mutating func placeUnit() {
        guard !unit.isEmpty else { return }
        defer {
            unit.removeAll(keepingCapacity: true)
            unitWidth = 0
            pendingSpaces.removeAll(keepingCapacity: true)
        }
        let keepsSpaces = !line.isEmpty || !hasBrokenLine
        let spacesWidth = keepsSpaces ? pendingSpaces.count : 0
        if lineWidth + spacesWidth + unitWidth <= width {
            if keepsSpaces {
                for space in pendingSpaces {
                    append(space)
                }
            }
        } else if !line.isEmpty {
            breakLine()
        }
        if lineWidth + unitWidth <= width || unitIsAddress {
            // An address too long for any line has one of its own (the line was broken above).
            for cluster in unit {
                append(cluster)
            }
        } else {
            placeClusterByCluster()
        }
    }

    private static let addressPrefixes = ["https://", "http://"].map { $0.unicodeScalars.map(\.value) }

    /// Whether the unit is a link's word or starts as a web address does (after one opening
    /// bracket or quote at most).
    private var unitIsAddress: Bool {
        if !unbreakable.isEmpty, unit.contains(where: { unbreakable.contains($0.attribute) }) { return true }
        let scalars = unit.prefix(9).map { $0.scalar ?? 0 }
        return Self.addressPrefixes.contains { prefix in
            scalars.starts(with: prefix) || scalars.dropFirst().starts(with: prefix)
        }
    }

    /// Breaks an over-long unit between clusters; a cluster wider than the line gets a line of its own.
    private mutating func placeClusterByCluster() {
        for cluster in unit {
            if lineWidth + cluster.width > width && !line.isEmpty {
                breakLine()
            }
            append(cluster)
        }
    }

    private mutating func append(_ cluster: Cluster) {
        if let last = line.last, last.attribute == cluster.attribute,
            last.range.upperBound == cluster.range.lowerBound
        {
            line[line.count - 1].range = last.range.lowerBound..<cluster.range.upperBound
        } else {
            line.append(Run(range: cluster.range, attribute: cluster.attribute))
        }
        lineWidth += cluster.width
    }

    private mutating func breakLine() {
        lines.append(line)
        line.removeAll()
        lineWidth = 0
        hasBrokenLine = true
    }

    // MARK: Break opportunities

    /// Whether a line may break between two adjacent non-space clusters: around wide characters, except
    /// before closing and after opening punctuation.
    private static func canBreak(between previous: Cluster, and next: Cluster) -> Bool {
        guard previous.width == 2 || next.width == 2 else { return false }
        return !isClosingPunctuation(next.scalar) && !isOpeningPunctuation(previous.scalar)
    }

    /// `、。，．）」』】〉》！？：；!?,.:;)]}`
    private static func isClosingPunctuation(_ scalar: UInt32?) -> Bool {
        switch scalar {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF09, 0x300D, 0x300F, 0x3011, 0x3009, 0x300B, 0xFF01, 0xFF1F,
            0xFF1A, 0xFF1B, 0x21, 0x3F, 0x2C, 0x2E, 0x3A, 0x3B, 0x29, 0x5D, 0x7D:
            return true
        default:
            return false
        }
    }

    /// `（「『【〈《([{`
    private static func isOpeningPunctuation(_ scalar: UInt32?) -> Bool {
        switch scalar {
        case 0xFF08, 0x300C, 0x300E, 0x3010, 0x3008, 0x300A, 0x28, 0x5B, 0x7B: return true
        default: return false
        }
    }
}
