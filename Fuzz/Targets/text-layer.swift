import TerminalText

/// The text layer every renderer uses: the sanitiser, display width, wrapping, truncation and
/// padding, of plain strings and of styled lines. The first byte picks the box width (1–80, or 0)
/// and where the text is cut into spans; the rest is the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextLayer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (selector, raw) = FuzzInput(data, size).selectorAndText
    let width = Int(selector % 81)

    // The sanitiser: nothing that drives a terminal or reorders text survives, and a second pass
    // changes nothing.
    let line = TextSanitizer.clean(raw)
    Invariant.clean(line, .all, "clean(.spaces)")
    Invariant.check(!line.contains("\n"), "clean(.spaces) kept a line break")
    Invariant.check(TextSanitizer.clean(line) == line, "clean(.spaces) is not idempotent")
    let block = TextSanitizer.clean(raw, lineBreaks: .keep)
    Invariant.clean(block, .all, allowing: ["\n"], "clean(.keep)")
    Invariant.check(!block.contains("\n\n\n"), "clean(.keep) kept two blank lines in a row")
    Invariant.check(TextSanitizer.clean(block, lineBreaks: .keep) == block, "clean(.keep) is not idempotent")

    // Display width: the fast paths agree with the measure cluster by cluster.
    let clusters = block.reduce(0) { $0 + DisplayWidth.of($1) }
    Invariant.check(
        DisplayWidth.of(block) == clusters, "DisplayWidth.of(text) \(DisplayWidth.of(block)) != \(clusters)")

    checkWrapping(block, width: width)
    checkTruncationAndPadding(line, width: width)
    checkStyledLine(raw, width: width, cut: Int(selector / 81))
    return 0
}

/// No wrapped line is wider than the box (but a single cluster wider than the box, alone on its
/// line), none ends in a space, and nothing but spaces and line breaks is lost.
private func checkWrapping(_ text: String, width: Int) {
    let lines = TextWrapper.wrap(text, width: width)
    for line in lines {
        let lineWidth = DisplayWidth.of(line)
        Invariant.check(
            lineWidth <= max(width, 1) || line.count == 1,
            "wrapped line \(String(reflecting: line)) is \(lineWidth) columns in a box of \(width)")
        Invariant.check(!line.hasSuffix(" "), "wrapped line \(String(reflecting: line)) ends in a space")
    }
    let kept = lines.joined().unicodeScalars.filter { $0 != " " }
    let given = text.unicodeScalars.filter { $0 != " " && $0 != "\n" }
    Invariant.check(kept.elementsEqual(given), "wrapping lost or changed text")
}

private func checkTruncationAndPadding(_ line: String, width: Int) {
    let truncated = TextWrapper.truncate(line, toWidth: width)
    Invariant.check(
        DisplayWidth.of(truncated) <= width,
        "truncate gave \(DisplayWidth.of(truncated)) columns for a box of \(width)")
    let padded = TextWrapper.pad(truncated, toWidth: width)
    Invariant.check(
        DisplayWidth.of(padded) == width, "pad gave \(DisplayWidth.of(padded)) columns, not \(width)")
}

/// Spans sanitise what they are given; wrapping and truncating a line of several spans keeps
/// every line in the box.
private func checkStyledLine(_ raw: String, width: Int, cut: Int) {
    let split = raw.index(raw.startIndex, offsetBy: min(cut * 5, raw.count))
    let styled = StyledLine([Span(String(raw[..<split]), .heading), Span(String(raw[split...]), .plain)])
    for span in styled.spans {
        Invariant.clean(span.text, .all, "a span")
    }
    for line in styled.wrapped(toWidth: width) {
        Invariant.check(
            line.displayWidth <= max(width, 1) || line.plainText.count == 1,
            "styled line \(String(reflecting: line.plainText)) is \(line.displayWidth) columns in \(width)")
    }
    let truncated = styled.truncated(toWidth: width)
    Invariant.check(
        truncated.displayWidth <= width,
        "styled truncation gave \(truncated.displayWidth) columns for a box of \(width)")
}
