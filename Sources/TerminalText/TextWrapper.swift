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
    /// the line is broken between grapheme clusters; a single cluster wider than `width` gets a line of
    /// its own. A `width` below 1 is treated as 1.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var breaker = LineBreaker(width: width)
            for character in paragraph {
                breaker.add(character, attribute: 0)
            }
            for line in breaker.finish() {
                lines.append(line.reduce(into: "") { $0 += $1.text })
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
    /// a space is. An empty line wraps to one empty line.
    public func wrapped(toWidth width: Int) -> [StyledLine] {
        var breaker = LineBreaker(width: width)
        for (index, span) in spans.enumerated() {
            for character in span.text {
                breaker.add(character, attribute: index)
            }
        }
        return breaker.finish().map { runs in
            StyledLine(runs.map { spans[$0.attribute].replacingText($0.text) })
        }
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

/// Greedy line breaking over a stream of grapheme clusters, each tagged with an attribute (the index of
/// the span it came from), in one pass: every cluster is measured once.
private struct LineBreaker {
    /// A run of consecutive clusters with the same attribute.
    struct Run {
        var text: String
        let attribute: Int
    }

    private struct Cluster {
        let character: Character
        let width: Int
        let attribute: Int
    }

    private let width: Int
    private var lines: [[Run]] = []
    private var line: [Run] = []
    private var lineWidth = 0
    /// Spaces seen since the last unit, with their attributes; written only if a unit follows on the line.
    private var pendingSpaces: [Int] = []
    /// The clusters between two break opportunities.
    private var unit: [Cluster] = []
    private var unitWidth = 0
    /// Whether the paragraph has produced a line yet (its first line keeps leading spaces as indentation).
    private var hasBrokenLine = false

    init(width: Int) {
        self.width = max(width, 1)
    }

    /// Feeds the next cluster of the paragraph.
    mutating func add(_ character: Character, attribute: Int) {
        // Compared by scalar: `==` on a Character normalises both sides when either is not ASCII.
        let scalars = character.unicodeScalars
        let lone = scalars.count == 1 ? scalars.first?.value : nil
        if lone == 0x20 {
            placeUnit()
            pendingSpaces.append(attribute)
            return
        }
        let cluster = Cluster(character: character, width: DisplayWidth.of(character), attribute: attribute)
        if let previous = unit.last, Self.canBreak(between: previous, and: cluster) {
            placeUnit()
        }
        unit.append(cluster)
        unitWidth += cluster.width
        if lone == 0x200B { placeUnit() }
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
                for attribute in pendingSpaces {
                    append(" ", width: 1, attribute: attribute)
                }
            }
        } else if !line.isEmpty {
            breakLine()
        }
        if lineWidth + unitWidth <= width {
            for cluster in unit {
                append(cluster.character, width: cluster.width, attribute: cluster.attribute)
            }
        } else {
            placeClusterByCluster()
        }
    }

    /// Breaks an over-long unit between clusters; a cluster wider than the line gets a line of its own.
    private mutating func placeClusterByCluster() {
        for cluster in unit {
            if lineWidth + cluster.width > width && !line.isEmpty {
                breakLine()
            }
            append(cluster.character, width: cluster.width, attribute: cluster.attribute)
        }
    }

    private mutating func append(_ character: Character, width characterWidth: Int, attribute: Int) {
        if line.last?.attribute == attribute {
            line[line.count - 1].text.append(character)
        } else {
            line.append(Run(text: String(character), attribute: attribute))
        }
        lineWidth += characterWidth
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
        return !isClosingPunctuation(next.character) && !isOpeningPunctuation(previous.character)
    }

    private static func isClosingPunctuation(_ character: Character) -> Bool {
        "、。，．）」』】〉》！？：；!?,.:;)]}".contains(character)
    }

    private static func isOpeningPunctuation(_ character: Character) -> Bool {
        "（「『【〈《([{".contains(character)
    }
}
