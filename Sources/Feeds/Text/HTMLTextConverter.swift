import CXML2

// No Foundation here: its ICU headers clash with the system ICU ones libxml2's headers include.

/// Converts HTML to ``HTMLText`` with libxml2's HTML push parser, one SAX event at a time.
///
/// No tree is built and nothing recurses on the document's nesting: each event goes to an
/// ``HTMLTextWriter``, which takes constant time for it (apart from what it writes). The
/// output is capped at ``outputLimit`` bytes and the nesting at ``depthLimit`` elements; at either
/// cap the parser is stopped and the text ends with "…". libxml2 reports nothing on stderr: its
/// errors go to a structured handler that ignores them.
///
/// The converter lives in memory of its own for the parse, and libxml2's callbacks reach it through
/// a plain pointer: as a class it would pay for reference counting and exclusivity checks on every
/// event.
struct HTMLTextConverter {
    /// 1 MiB of text.
    static let outputLimit = 1 << 20
    /// libxml2 2.9 looks for each end tag among all the open elements, so a document of unclosed
    /// elements followed by stray end tags would take quadratic time without this cap. 256 is the
    /// depth libxml2's own XML parser allows.
    static let depthLimit = 256

    /// Converts `html` (UTF-8, escape sequences already removed), numbering its links in `links`
    /// (nil: links are plain text).
    static func convert(_ html: UnsafeBufferPointer<UInt8>, links: LinkReferences?) -> HTMLText {
        let converter = UnsafeMutablePointer<HTMLTextConverter>.allocate(capacity: 1)
        converter.initialize(to: HTMLTextConverter(links: links, size: html.count))
        defer {
            converter.deinitialize(count: 1)
            converter.deallocate()
        }
        parse(html, into: converter)
        return converter.pointee.writer.finish()
    }

    private var writer: HTMLTextWriter
    private var parser: htmlParserCtxtPtr?
    private var stopped = false
    /// Open elements, counting the `html` and `body` the parser is started with.
    private var depth = 0

    private init(links: LinkReferences?, size: Int) {
        writer = HTMLTextWriter(links: links, limit: Self.outputLimit, size: size)
    }

    // MARK: Parsing

    /// Parses `html` with libxml2's push parser as ``HTMLPushParse`` runs it, stopping once the
    /// output is full. A whole document's head children (title, styles, scripts) are dropped by
    /// name.
    private static func parse(_ html: UnsafeBufferPointer<UInt8>, into converter: UnsafeMutablePointer<Self>)
    {
        var handler = handler()
        HTMLPushParse.run(
            html, handler: &handler, context: UnsafeMutableRawPointer(converter),
            parser: { converter.pointee.parser = $0 }, stopped: { converter.pointee.stopped })
    }

    private static func handler() -> htmlSAXHandler {
        var handler = htmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElement = { context, name, attributes in
            guard let context, let name else { return }
            context.assumingMemoryBound(to: HTMLTextConverter.self).pointee.start(name, attributes)
        }
        handler.endElement = { context, name in
            guard let context, let name else { return }
            context.assumingMemoryBound(to: HTMLTextConverter.self).pointee.end(name)
        }
        handler.characters = { context, characters, length in
            guard let context, let characters, length > 0 else { return }
            let text = UnsafeBufferPointer(start: characters, count: Int(length))
            context.assumingMemoryBound(to: HTMLTextConverter.self).pointee.append(text)
        }
        // Whitespace between elements, which libxml2 reports apart from other text.
        handler.ignorableWhitespace = handler.characters
        handler.serror = LibXML.silence
        return handler
    }

    private mutating func stop() {
        stopped = true
        if let parser { xmlStopParser(parser) }
    }

    // MARK: Events

    private mutating func start(
        _ name: UnsafePointer<UInt8>, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        guard !stopped else { return }
        depth += 1
        guard depth <= Self.depthLimit else {
            writer.cut()
            return stop()
        }
        let element = HTMLElement(name: name)
        writer.start(element, ElementAttributes(attributes, wanted: element.wantedAttribute))
        stopWhenFull()
    }

    private mutating func end(_ name: UnsafePointer<UInt8>) {
        guard !stopped else { return }
        depth -= 1
        writer.end(HTMLElement(name: name))
        stopWhenFull()
    }

    private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard !stopped else { return }
        writer.append(text)
        stopWhenFull()
    }

    private mutating func stopWhenFull() {
        if writer.isFull { stop() }
    }
}
