import CXML2

/// libxml2's SAX2 push parser, fed clean UTF-8 in chunks as it arrives; it never builds a tree.
///
/// Bare ampersands are escaped (``AmpersandRepair``) and end tags balanced (``TagBalancer``)
/// before libxml2 sees them. A document that stops libxml2 before its end, or ends with elements
/// still open, says so in ``ending``, so that what was read is kept with a warning, never taken
/// for the whole document.
///
/// Safe by construction: no network (`XML_PARSE_NONET`), no DTD loaded, no entity expanded by
/// libxml2 (entity references resolve through ``XMLEntityTable``), no encoding switch (the input
/// is UTF-8 already, `XML_PARSE_IGNORE_ENC`), and no message on stderr. In recovery mode it reads
/// on past errors: unclosed and mismatched tags, undeclared prefixes, stray characters, and bare
/// ampersands, which ``AmpersandRepair`` escapes before libxml2 sees them.
final class XMLPushParser {
    private static let options = Int32(
        bitPattern: XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    private let receiver: XMLReceiver
    private let context: xmlParserCtxtPtr
    private var isStopped = false
    private var repair = AmpersandRepair()
    private var balancer = TagBalancer()
    /// The line libxml2 stopped at on an error it does not recover from, if it did.
    private var haltLine: Int?
    /// Whether it stopped after the root element had closed.
    private var haltedAfterRoot = false

    /// How the document ended.
    enum Ending: Equatable {
        /// Its root element closed (anything after it that libxml2 refused is ignored).
        case complete
        /// It ended, or libxml2 stopped, at `line` with elements still open.
        case early(line: Int)
        /// Its root element closed, and libxml2 stopped at `line` on what came after: a loss only
        /// when items come after (``itemStarts``).
        case trailing(line: Int)
    }

    /// How the document ended; meaningful after ``finish()``.
    private(set) var ending = Ending.complete

    /// Start tags of items and entries in the whole document, read or not.
    var itemStarts: Int { balancer.itemStarts }

    /// Nil when libxml2 cannot allocate a parser.
    init?(handler: any XMLEventHandler) {
        LibXML.initialise()
        let receiver = XMLReceiver(handler: handler)
        var sax = XMLReceiver.callbacks()
        guard
            let context = xmlCreatePushParserCtxt(
                &sax, Unmanaged.passUnretained(receiver).toOpaque(), nil, 0, nil)
        else { return nil }
        xmlCtxtUseOptions(context, Self.options)
        receiver.context = context
        self.receiver = receiver
        self.context = context
    }

    deinit {
        releaseDocument()
        xmlFreeParserCtxt(context)
    }

    /// Parses the next bytes of the document; they must be UTF-8 without NUL or other C0
    /// controls (``DocumentDecoder`` makes them so).
    func parse(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !isStopped else { return }
        // After libxml2 stopped, the rest is still read for the items it holds (the warning's
        // "at least 25 items").
        repair.filter(bytes) { repaired in balancer.filter(repaired) { parseChunk($0) } }
    }

    /// Parses what is left: the end of the document.
    func finish() {
        guard !isStopped else { return }
        repair.finish { repaired in balancer.filter(repaired) { parseChunk($0) } }
        balancer.finish { parseChunk($0) }
        if haltLine == nil {
            xmlParseChunk(context, nil, 0, 1)
            if balancer.depth > 0 || !balancer.hasStarted { ending = .early(line: currentLine) }
        } else if let haltLine {
            ending = haltedAfterRoot ? .trailing(line: haltLine) : .early(line: haltLine)
        }
        isStopped = true
        releaseDocument()
    }

    private func parseChunk(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !isStopped, haltLine == nil, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let count = min(bytes.count - offset, 1 << 20)
            UnsafeRawPointer(base + offset).withMemoryRebound(to: CChar.self, capacity: count) {
                _ = xmlParseChunk(context, $0, Int32(count), 0)
            }
            offset += count
            if context.pointee.instate == XML_PARSER_EOF {
                // An error libxml2 does not recover from. After the root element closed it is
                // only something after the document: nothing is lost.
                haltedAfterRoot =
                    context.pointee.nameNr == 0
                    && context.pointee.errNo == Int32(XML_ERR_DOCUMENT_END.rawValue)
                haltLine = currentLine
                return
            }
        }
    }

    /// The line libxml2 is reading.
    private var currentLine: Int { Int(context.pointee.input?.pointee.line ?? 0) }

    /// Stops parsing for good: later bytes are ignored and no more events are reported.
    func stop() {
        guard !isStopped else { return }
        xmlStopParser(context)
        isStopped = true
        releaseDocument()
    }

    /// Whether libxml2 holds a document of its own. Even in SAX mode it builds one, "for expat
    /// compatibility", to record an internal entity declared in the DTD; freeing the parser
    /// context does not free it.
    var holdsDocument: Bool { context.pointee.myDoc != nil }

    private func releaseDocument() {
        guard let document = context.pointee.myDoc else { return }
        context.pointee.myDoc = nil
        xmlFreeDoc(document)
    }
}

/// The user data of libxml2's callbacks: forwards them to the handler, resolves entities.
private final class XMLReceiver {
    let handler: any XMLEventHandler
    let entities = XMLEntityTable()
    var context: xmlParserCtxtPtr?
    /// Returned for a reference in character data: a predefined-entity look-alike, whose content
    /// libxml2 passes to `characters` as is, whatever the document's state.
    private let textEntity: UnsafeMutablePointer<xmlEntity>
    private let textBuffer: UnsafeMutablePointer<UInt8>
    /// Returned for a reference in an attribute value: an internal entity, which libxml2 writes
    /// into the value as `&name;` for ``XMLEntityTable/attributeValue(_:)`` to resolve.
    private let attributeEntity: UnsafeMutablePointer<xmlEntity>
    private let emptyContent: UnsafeMutablePointer<UInt8>

    init(handler: any XMLEventHandler) {
        self.handler = handler
        textBuffer = .allocate(capacity: XMLEntityTable.maximumLength + 1)
        emptyContent = .allocate(capacity: 1)
        emptyContent.initialize(to: 0)
        textEntity = .allocate(capacity: 1)
        textEntity.initialize(to: xmlEntity())
        textEntity.pointee.type = XML_ENTITY_DECL
        textEntity.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
        textEntity.pointee.content = textBuffer
        attributeEntity = .allocate(capacity: 1)
        attributeEntity.initialize(to: xmlEntity())
        attributeEntity.pointee.type = XML_ENTITY_DECL
        attributeEntity.pointee.etype = XML_INTERNAL_GENERAL_ENTITY
        attributeEntity.pointee.content = emptyContent
    }

    deinit {
        textEntity.deallocate()
        attributeEntity.deallocate()
        textBuffer.deallocate()
        emptyContent.deallocate()
    }

    /// Calls `body` with the receiver whose address libxml2 passes back, without retaining it
    /// (the parser keeps it alive): one retain and release less per callback.
    static func with(_ userData: UnsafeMutableRawPointer?, _ body: (XMLReceiver) -> Void) {
        Unmanaged<XMLReceiver>.fromOpaque(userData!)._withUnsafeGuaranteedRef(body)
    }

    /// libxml2 stops resolving references once it has met any error (`wellFormed == 0`), even
    /// `&amp;`; in recovery mode we want them all, so the flag is raised again at every event.
    func keepResolvingReferences() {
        context?.pointee.wellFormed = 1
    }

    /// Never nil outside the DTD, so that libxml2 reports no undeclared entity (an error that
    /// would drop the reference) and never looks one up itself.
    func entity(named name: UnsafePointer<UInt8>) -> xmlEntityPtr? {
        guard let context, context.pointee.inSubset == 0 else { return nil }
        if context.pointee.instate == XML_PARSER_ATTRIBUTE_VALUE {
            attributeEntity.pointee.name = name
            attributeEntity.pointee.checked = 0
            return attributeEntity
        }
        let replacement = entities.replacement(for: name) ?? []
        replacement.withUnsafeBufferPointer { bytes in
            if let base = bytes.baseAddress { textBuffer.update(from: base, count: bytes.count) }
        }
        textBuffer[replacement.count] = 0
        textEntity.pointee.name = name
        textEntity.pointee.length = Int32(replacement.count)
        return textEntity
    }

    static func callbacks() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.serror = LibXML.silence
        sax.startElementNs = { userData, localName, prefix, uri, _, _, attributeCount, _, attributes in
            XMLReceiver.with(userData) { receiver in
                receiver.keepResolvingReferences()
                guard let localName else { return }
                let tag = XMLStartTag(
                    name: XMLName(bytes: localName), prefix: prefix, namespaceURI: uri,
                    attributes: XMLAttributes(
                        fields: attributes, count: Int(attributeCount), entities: receiver.entities))
                receiver.handler.startElement(tag)
            }
        }
        sax.endElementNs = { userData, localName, _, _ in
            XMLReceiver.with(userData) { receiver in
                receiver.keepResolvingReferences()
                guard let localName else { return }
                receiver.handler.endElement(XMLName(bytes: localName))
            }
        }
        sax.characters = { userData, text, length in
            XMLReceiver.with(userData) { receiver in
                receiver.keepResolvingReferences()
                receiver.handler.characters(UnsafeBufferPointer(start: text, count: Int(length)))
            }
        }
        sax.ignorableWhitespace = sax.characters
        sax.cdataBlock = sax.characters
        sax.internalSubset = { userData, name, _, _ in
            guard let name else { return }
            XMLReceiver.with(userData) { $0.handler.documentType(XMLName(bytes: name)) }
        }
        sax.getEntity = { userData, name in
            guard let name else { return nil }
            var entity: xmlEntityPtr?
            XMLReceiver.with(userData) { entity = $0.entity(named: name) }
            return entity
        }
        sax.entityDecl = { userData, name, type, _, _, content in
            guard let name else { return }
            XMLReceiver.with(userData) { $0.entities.declare(name: name, type: type, content: content) }
        }
        return sax
    }
}
