import CXML2

/// libxml2's HTML push parser as our HTML readers run it (the text of feed items,
/// ``HTMLTextConverter``, and reader mode's document, ``ReaderDocument``): one set of options, one
/// opening, and the input handed over in chunks so that a reader that has what it needs (a cap
/// reached, a deadline passed) stops the parse without libxml2 copying the rest.
enum HTMLPushParse {
    /// Recovering from errors, never fetching anything, reporting nothing, and ignoring `<meta
    /// charset>` (the input is already UTF-8). HTML_PARSE_NOIMPLIED would change nothing: the
    /// parser starts inside an explicit `<html><body>`.
    private static let options = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)

    /// Input is handed to libxml2 in chunks of this size, so a stop saves it copying the rest.
    static let chunkSize = 256 << 10

    /// The parser starts inside `<html><body>`: libxml2 2.9's push parser stops reading once the
    /// first top-level element of a fragment closes, or when the input starts with an end tag. A
    /// whole document's own `<html>`, `<head>` and `<body>` tags are then ignored as misplaced;
    /// its head's children (title, styles, scripts) arrive as any other element.
    private static let opening: StaticString = "<html><body>"

    /// Parses `html` with `handler`, whose callbacks are given `context`. `parser` is told the
    /// parser before the first byte (a callback stops it through it) and nil once it is freed;
    /// between chunks, the parse ends early once `stopped` says so.
    static func run(
        _ html: UnsafeBufferPointer<UInt8>, handler: inout htmlSAXHandler, context: UnsafeMutableRawPointer,
        parser register: (htmlParserCtxtPtr?) -> Void, stopped: () -> Bool
    ) {
        LibXML.initialise()
        let opening = UnsafeRawPointer(Self.opening.utf8Start).assumingMemoryBound(to: CChar.self)
        guard
            let parser = htmlCreatePushParserCtxt(
                &handler, context, opening, Int32(Self.opening.utf8CodeUnitCount), nil, XML_CHAR_ENCODING_UTF8
            )
        else { return }
        defer { htmlFreeParserCtxt(parser) }
        register(parser)
        defer { register(nil) }
        htmlCtxtUseOptions(parser, options)
        guard let base = html.baseAddress.map({ UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) })
        else {
            htmlParseChunk(parser, nil, 0, 1)
            return
        }
        var offset = 0
        repeat {
            let count = min(chunkSize, html.count - offset)
            offset += count
            htmlParseChunk(parser, base + offset - count, Int32(count), offset == html.count ? 1 : 0)
        } while offset < html.count && !stopped()
    }
}
