/// Lays out the text of an HTML document as its parts stream in: paragraphs separated by one blank
/// line, list items with their markers, quotes with `> ` on every line, table rows, preformatted
/// lines kept as they are. Lines are not wrapped; the terminal renderer does that.
///
/// Breaks and spaces are owed rather than written, and paid only when more text follows, so the
/// output never starts or ends with blank lines, never holds two blank lines in a row and never
/// ends a line with spaces. The output is UTF-8 and never longer than its limit: when the limit is
/// reached it ends with "…" and takes nothing more.
struct PlainTextLayout {
    /// What `<hr>` becomes: a calm paragraph of three em dashes.
    static let ruleText = "———"

    /// Whether the output reached its limit (or was cut); it then takes nothing more.
    private(set) var isFull = false
    /// How many runs of text were written so far; tells whether an element produced any text.
    private(set) var contentCount = 0

    private var output: [UInt8] = []
    private let limit: Int
    /// The open lists, list items, quotes, preformatted blocks and tables, outermost first.
    private var frames: [Frame] = []
    /// How many of `frames` the line last written and the next one share; blank lines between the
    /// two carry the prefix of those (a blank line inside a quote is `>`).
    private var sharedFrames = 0
    /// Line breaks owed before the next text: 1 ends the line, 2 leaves a blank line (more only
    /// between lines of preformatted text).
    private var pendingNewlines = 0
    private var pendingSpace = false
    private var pendingCellSeparator = false
    private var preformattedDepth = 0
    private var preformatted = PreformattedLine()

    init(limit: Int, expectedSize: Int) {
        self.limit = limit
        output.reserveCapacity(min(expectedSize, limit))
    }

    /// The text, trimmed.
    mutating func finish() -> String {
        trimTrailingWhitespace()
        return String(decoding: output, as: UTF8.self)
    }

    /// Ends the text here, with "…" when there is any.
    mutating func cut() {
        guard !isFull else { return }
        trimTrailingWhitespace()
        if !output.isEmpty { appendEllipsis() }
        isFull = true
    }

    // MARK: Text

    /// Text of the document: whitespace collapses, except inside preformatted blocks.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        if preformattedDepth > 0 {
            appendPreformattedText(bytes, keepingBlankLines: true)
        } else {
            appendFlowingText(bytes)
        }
    }

    /// Text that is not HTML: trimmed, its lines kept without spaces at their ends and with one blank
    /// line at most between them.
    mutating func appendPlainText(_ bytes: UnsafeBufferPointer<UInt8>) {
        appendPreformattedText(bytes, keepingBlankLines: false)
    }

    /// `[image: alt]`, when the alt text has anything visible.
    mutating func appendImage(alt: UnsafeBufferPointer<UInt8>) {
        let text = TextBytes.collapsed(alt)
        guard !text.isEmpty else { return }
        beginContent()
        write("[image: ")
        text.withUnsafeBufferPointer { write($0) }
        write("]")
    }

    /// ` [n]` right after the text written last (a link's text).
    mutating func appendReference(_ number: Int) {
        write(" [\(number)]")
    }

    /// `[n]` on its own (a link whose only content is an image without alt text).
    mutating func appendStandaloneReference(_ number: Int) {
        beginContent()
        write("[\(number)]")
    }

    // MARK: Blocks

    /// A paragraph starts or ends here (`p`, `div`, headings, …).
    mutating func breakParagraph() {
        requestBreak(2)
    }

    /// `<br>`: two in a row leave a blank line.
    mutating func breakLine() {
        if preformattedDepth > 0 {
            preformattedNewline(keepingBlankLines: true)
        } else if case .cell = context {
            pendingSpace = true
        } else {
            pendingNewlines = min(pendingNewlines + 1, 2)
        }
    }

    mutating func appendRule() {
        requestBreak(2)
        beginContent()
        write(Self.ruleText)
        requestBreak(2)
    }

    mutating func startList(ordered: Bool, start: Int?) {
        requestBreak(2)
        push(isInCell ? .flattened : .list(nextNumber: ordered ? (start ?? 1) : nil))
    }

    mutating func startListItem() {
        requestBreak(1)
        guard !isInCell else { return push(.flattened) }
        var number: Int?
        if let index = frames.lastIndex(where: \.isList), case .list(let next?) = frames[index] {
            number = next
            frames[index] = .list(nextNumber: min(next + 1, Self.largestNumber))
        }
        push(.listItem(number: number, markerPending: true))
    }

    mutating func startQuote() {
        requestBreak(2)
        push(isInCell ? .flattened : .quote)
    }

    mutating func startPreformatted() {
        requestBreak(2)
        guard !isInCell else { return push(.flattened) }
        if preformattedDepth == 0 { preformatted = PreformattedLine() }
        preformattedDepth += 1
        push(.preformatted)
    }

    mutating func startTable() {
        requestBreak(2)
        push(.table(contentAtStart: contentCount))
    }

    mutating func startRow() {
        requestBreak(1)
        push(.row(contentAtStart: contentCount))
    }

    /// A cell: ` | ` separates it from the text of the cells before it in its row (or in its table,
    /// for cells outside rows).
    mutating func startCell() {
        switch context {
        case .row(let contentAtStart)?, .table(let contentAtStart)?:
            pendingCellSeparator = contentCount > contentAtStart
        default:
            break
        }
        push(.cell)
    }

    /// The innermost list, list item, quote, preformatted block, table, row or cell ends.
    mutating func endFrame() {
        guard let frame = frames.popLast() else { return }
        sharedFrames = min(sharedFrames, frames.count)
        switch frame {
        case .list, .quote, .table, .flattened:
            requestBreak(2)
        case .listItem, .row:
            requestBreak(1)
        case .cell:
            break
        case .preformatted:
            preformattedDepth -= 1
            if preformattedDepth == 0 { pendingNewlines = min(pendingNewlines, 2) }
            requestBreak(2)
        }
    }

    // MARK: Frames

    private enum Frame {
        /// `nextNumber` is nil for an unordered list.
        case list(nextNumber: Int?)
        /// `number` is nil for a bullet.
        case listItem(number: Int?, markerPending: Bool)
        case quote
        case preformatted
        /// `contentAtStart`: ``contentCount`` when the table (or row) started.
        case table(contentAtStart: Int)
        case row(contentAtStart: Int)
        case cell
        /// A list, list item, quote or preformatted block inside a table cell, whose text stays on
        /// the row's line.
        case flattened

        var isList: Bool {
            if case .list = self { true } else { false }
        }

        var isListItem: Bool {
            if case .listItem = self { true } else { false }
        }

        /// Whether the frame decides how breaks inside it are made.
        var isContext: Bool {
            switch self {
            case .flattened, .preformatted: false
            default: true
            }
        }
    }

    private static let largestNumber = 999_999_999
    /// The UTF-8 length of "…".
    private static let ellipsisLength = 3

    private var context: Frame? { frames.last(where: \.isContext) }

    private var isInCell: Bool {
        if case .cell = context { true } else { false }
    }

    private mutating func push(_ frame: Frame) {
        frames.append(frame)
    }

    /// Owes `newlines` line breaks, or fewer as the context has it: list items and table rows sit on
    /// consecutive lines, and a table cell keeps everything on its row's line.
    private mutating func requestBreak(_ newlines: Int) {
        switch context {
        case .cell?:
            pendingSpace = true
        case .list?, .listItem?, .table?, .row?:
            pendingNewlines = max(pendingNewlines, 1)
        default:
            pendingNewlines = max(pendingNewlines, newlines)
        }
    }

    // MARK: Writing

    private var isAtLineStart: Bool { output.isEmpty || pendingNewlines > 0 }

    /// Pays what is owed before text: the line breaks and the new line's prefix, or the space or cell
    /// separator.
    private mutating func beginContent() {
        if isAtLineStart {
            if output.isEmpty { pendingNewlines = 0 } else { writeNewlines() }
            writePrefix(frameCount: frames.count, markers: true)
            sharedFrames = frames.count
        } else if pendingCellSeparator {
            write(" | ")
        } else if pendingSpace {
            write(" ")
        }
        pendingSpace = false
        pendingCellSeparator = false
        contentCount += 1
    }

    private mutating func writeNewlines() {
        trimTrailingWhitespace()
        write("\n")
        for _ in 1..<max(pendingNewlines, 1) where !isFull {
            writePrefix(frameCount: sharedFrames, markers: false)
            trimTrailingWhitespace()
            write("\n")
        }
        pendingNewlines = 0
    }

    /// `> ` for each quote, list markers, and the indentation of nested lists (two spaces a level)
    /// and of an item's later lines (under its text).
    private mutating func writePrefix(frameCount: Int, markers: Bool) {
        guard frameCount > 0 else { return }
        let innermostList = frames[..<frameCount].lastIndex(where: \.isList) ?? -1
        let innermostItem = frames[..<frameCount].lastIndex(where: \.isListItem) ?? -1
        var listSeen = false
        for index in 0..<frameCount {
            switch frames[index] {
            case .quote:
                write("> ")
            case .list:
                if listSeen && index < innermostItem { write("  ") }
                listSeen = true
            case .listItem(let number, let markerPending):
                if markerPending && markers {
                    write(number.map { "\($0). " } ?? "• ")
                    frames[index] = .listItem(number: number, markerPending: false)
                } else if index > innermostList {
                    let width = number.map { String($0).utf8.count + 2 } ?? 2
                    write(String(repeating: " ", count: width))
                }
            default:
                break
            }
        }
    }

    private mutating func trimTrailingWhitespace() {
        while let last = output.last {
            if last == 0x20 || last == 0x09 {
                output.removeLast()
            } else if last == 0xA0 && output.count >= 2 && output[output.count - 2] == 0xC2 {
                output.removeLast(2)
            } else {
                break
            }
        }
    }

    private mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Appends `bytes`, or as much of them as fits before the limit (at a scalar boundary) and "…".
    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !isFull else { return }
        let room = limit - Self.ellipsisLength - output.count
        if bytes.count <= room {
            output.append(contentsOf: bytes)
            return
        }
        var end = max(room, 0)
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        output.append(contentsOf: bytes[..<end])
        trimTrailingWhitespace()
        appendEllipsis()
        isFull = true
    }

    private mutating func appendEllipsis() {
        output.append(0xE2)
        output.append(0x80)
        output.append(0xA6)
    }

    private mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

// MARK: - Flowing and preformatted text

extension PlainTextLayout {
    /// The state of the preformatted line being written.
    fileprivate struct PreformattedLine {
        /// Spaces, tabs and no-break spaces, written only if something visible follows them on the
        /// line.
        var whitespace: [UInt8] = []
        /// Whether the block has shown anything yet; line breaks before that are dropped.
        var hasContent = false
        var afterCarriageReturn = false
    }

    /// Whitespace collapses to one space, dropped at the start and end of a line.
    fileprivate mutating func appendFlowingText(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count && !isFull {
            if TextBytes.isPlain(bytes[index]) {
                // A run of words separated by single spaces is written at once.
                var end = index + 1
                while end < bytes.count {
                    if TextBytes.isPlain(bytes[end]) {
                        end += 1
                    } else if bytes[end] == 0x20 && end + 1 < bytes.count && TextBytes.isPlain(bytes[end + 1])
                    {
                        end += 2
                    } else {
                        break
                    }
                }
                beginContent()
                write(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
                continue
            }
            let (special, length) = TextBytes.special(bytes, at: index)
            switch special {
            case .whitespace, .carriageReturn:
                pendingSpace = true
            case .noBreakSpace where isAtLineStart:
                break
            case .noBreakSpace, .visible:
                beginContent()
                write(UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
            case .removed:
                break
            }
            index += length
        }
    }

    /// Spaces and line breaks are kept, except at the start and end of the block and at line ends.
    fileprivate mutating func appendPreformattedText(
        _ bytes: UnsafeBufferPointer<UInt8>, keepingBlankLines: Bool
    ) {
        var index = 0
        while index < bytes.count && !isFull {
            let byte = bytes[index]
            let afterCarriageReturn = preformatted.afterCarriageReturn
            preformatted.afterCarriageReturn = false
            if TextBytes.isPlain(byte) {
                var end = index + 1
                while end < bytes.count && TextBytes.isPlain(bytes[end]) { end += 1 }
                appendPreformattedContent(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
                continue
            }
            let (special, length) = TextBytes.special(bytes, at: index)
            switch special {
            case .whitespace where byte == 0x20 || byte == 0x09, .noBreakSpace:
                // Plain text is trimmed; preformatted text keeps its first line's indentation.
                let isLeading = output.isEmpty && !keepingBlankLines
                if !isLeading && preformatted.whitespace.count < limit {
                    preformatted.whitespace.append(contentsOf: bytes[index..<index + length])
                }
            case .whitespace where byte == 0x0A && afterCarriageReturn:
                break
            case .whitespace:
                preformattedNewline(keepingBlankLines: keepingBlankLines)
            case .carriageReturn:
                preformattedNewline(keepingBlankLines: keepingBlankLines)
                preformatted.afterCarriageReturn = true
            case .visible:
                appendPreformattedContent(UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
            case .removed:
                break
            }
            index += length
        }
    }

    private mutating func appendPreformattedContent(_ bytes: UnsafeBufferPointer<UInt8>) {
        beginContent()
        if !preformatted.whitespace.isEmpty {
            preformatted.whitespace.withUnsafeBufferPointer { write($0) }
            preformatted.whitespace.removeAll(keepingCapacity: true)
        }
        write(bytes)
        preformatted.hasContent = true
    }

    fileprivate mutating func preformattedNewline(keepingBlankLines: Bool) {
        preformatted.whitespace.removeAll(keepingCapacity: true)
        guard preformatted.hasContent else { return }
        pendingNewlines = keepingBlankLines ? pendingNewlines + 1 : min(pendingNewlines + 1, 2)
    }
}
