import CXML2

/// Reads the `<link>` and `<base>` elements of an HTML page's head with libxml2's HTML push
/// parser (no tree, no network), stopping where the body begins.
final class HTMLHeadReader {
    /// A `<link>` or `<base>` element: its name (lower case) and attributes (names in lower case).
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    private static let options = Int32(
        bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_NODEFDTD.rawValue)

    private(set) var elements: [Element] = []
    /// True once the head has ended: the rest of the page is not read.
    private(set) var isDone = false
    private var context: htmlParserCtxtPtr?

    init() {
        LibXML.initialise()
        var sax = htmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.serror = LibXML.silence
        sax.startElement = { userData, name, attributes in
            guard let userData, let name else { return }
            Unmanaged<HTMLHeadReader>.fromOpaque(userData).takeUnretainedValue().start(name, attributes)
        }
        sax.endElement = { userData, name in
            guard let userData, let name else { return }
            Unmanaged<HTMLHeadReader>.fromOpaque(userData).takeUnretainedValue().end(name)
        }
        context = htmlCreatePushParserCtxt(
            &sax, Unmanaged.passUnretained(self).toOpaque(), nil, 0, nil, XML_CHAR_ENCODING_UTF8)
        if let context { htmlCtxtUseOptions(context, Self.options) } else { isDone = true }
    }

    deinit {
        if let context { htmlFreeParserCtxt(context) }
    }

    /// Parses the next bytes of the page, clean UTF-8.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !isDone, let context, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            _ = htmlParseChunk(context, $0, Int32(bytes.count), 0)
        }
    }

    func finish() {
        guard !isDone, let context else { return }
        htmlParseChunk(context, nil, 0, 1)
        isDone = true
    }

    private func start(
        _ name: UnsafePointer<UInt8>, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        let element = XMLName(bytes: name)
        if element.matches("body") {
            stop()
        } else if element.matches("link") || element.matches("base") {
            var values: [String: String] = [:]
            var index = 0
            while let attributes, let attribute = attributes[index] {
                let key = String(cString: attribute).lowercased()
                if values[key] == nil {
                    values[key] = attributes[index + 1].map { String(cString: $0) } ?? ""
                }
                index += 2
            }
            elements.append(Element(name: element.string.lowercased(), attributes: values))
        }
    }

    private func end(_ name: UnsafePointer<UInt8>) {
        if XMLName(bytes: name).matches("head") { stop() }
    }

    private func stop() {
        guard !isDone, let context else { return }
        xmlStopParser(context)
        isDone = true
    }
}
