import Foundation

/// A document's bytes, as they arrive, to clean UTF-8 (see ``ByteDecoder``): the first bytes are
/// held until ``EncodingSniffer`` can tell the encoding, then everything flows through the
/// decoder for it. The byte order mark is dropped. Feeds, OPML files, pages searched for feeds and
/// reader mode's pages are all decoded here, by one table of labels (``SourceEncoding``).
struct DocumentDecoder {
    private let charset: String?
    private let markup: EncodingSniffer.Markup
    private var prefix: [UInt8] = []
    private var decoder: (any ByteDecoder)?

    /// - Parameter charset: the charset the server declared (``EncodingSniffer/charset(inContentType:)``).
    init(charset: String?, markup: EncodingSniffer.Markup) {
        self.charset = charset
        self.markup = markup
    }

    init(contentType: String?, markup: EncodingSniffer.Markup) {
        self.init(charset: contentType.flatMap(EncodingSniffer.charset(inContentType:)), markup: markup)
    }

    /// A whole page's bytes as a string of clean UTF-8. Terminal escape sequences go first, whole
    /// (``EscapeSequences``): the decoder drops the ESC that starts one, which would leave its
    /// parameters (`[31m`) as text.
    static func decode(_ data: Data, charset: String?, markup: EncodingSniffer.Markup) -> String {
        var decoder = DocumentDecoder(charset: charset, markup: markup)
        var output: [UInt8] = []
        output.reserveCapacity(data.count)
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard EscapeSequences.occur(in: bytes) else {
                return decoder.decode(bytes) { output.append(contentsOf: $0) }
            }
            EscapeSequences.removed(from: bytes).withUnsafeBufferPointer {
                decoder.decode($0) { output.append(contentsOf: $0) }
            }
        }
        decoder.finish { output.append(contentsOf: $0) }
        return String(decoding: output, as: UTF8.self)
    }

    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if decoder != nil {
            decoder!.decode(input, emit: emit)
            return
        }
        prefix.append(contentsOf: input)
        guard EncodingSniffer.canDecide(prefix, markup: markup) else { return }
        start(emit: emit)
    }

    mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if decoder == nil { start(emit: emit) }
        decoder!.finish(emit: emit)
    }

    private mutating func start(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let finding = EncodingSniffer.sniff(prefix, charset: charset, markup: markup)
        var decoder = Self.decoder(for: finding)
        prefix.withUnsafeBufferPointer {
            decoder.decode(UnsafeBufferPointer(rebasing: $0[finding.byteOrderMark...]), emit: emit)
        }
        prefix = []
        self.decoder = decoder
    }

    /// The decoder for what the sniffer found: undeclared bytes are UTF-8 unless their first
    /// character that is not ASCII is not, and then windows-1252 or, when they read as Japanese,
    /// Shift_JIS (``UndeclaredLegacySniffer``); a declared legacy encoding gives
    /// way to UTF-8 when the bytes are plainly that (``UTF8Sniffer``).
    static func decoder(for finding: EncodingSniffer.Finding) -> any ByteDecoder {
        switch finding.basis {
        case .byteOrderMark:
            return decoder(for: finding.encoding)
        case .undeclared:
            return UTF8Sniffer(otherwise: UndeclaredLegacySniffer(), evidence: 1)
        case .declared where finding.encoding.isLegacy:
            return UTF8Sniffer(otherwise: decoder(for: finding.encoding), evidence: 4)
        case .declared:
            return decoder(for: finding.encoding)
        }
    }

    private static func decoder(for encoding: SourceEncoding) -> any ByteDecoder {
        switch encoding {
        case .utf8: UTF8Cleaner()
        case .utf16LittleEndian: UTF16Decoder(isBigEndian: false)
        case .utf16BigEndian: UTF16Decoder(isBigEndian: true)
        case .windows1252: Windows1252Decoder()
        case .iconv(let name): IconvDecoder(label: name) ?? Windows1252Decoder()
        case .replacement: ReplacementDecoder()
        }
    }
}

/// The WHATWG replacement encoding's decoder: a document of any length is one U+FFFD.
private struct ReplacementDecoder: ByteDecoder {
    private var replaced = false

    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard !replaced, !input.isEmpty else { return }
        replaced = true
        UTF8Output.replacement.withUnsafeBufferPointer { emit($0) }
    }

    mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {}
}
