import TerminalText

/// A document's bytes, as they arrive, to clean UTF-8 (see ``ByteDecoder``) without escape
/// sequences: the first bytes are held until ``EncodingSniffer`` can tell the encoding, then
/// everything flows through the decoder for it and TerminalText's ``EscapeSequenceFilter``, so a
/// sequence goes whole (an XML parser would drop its ESC and keep the rest as text). The byte
/// order mark is dropped.
struct DocumentDecoder {
    private let contentType: String?
    private let markup: EncodingSniffer.Markup
    private var prefix: [UInt8] = []
    private var decoder: (any ByteDecoder)?
    private var escapes = EscapeSequenceFilter()

    init(contentType: String?, markup: EncodingSniffer.Markup) {
        self.contentType = contentType
        self.markup = markup
    }

    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if var active = decoder {
            decoder = nil  // `active` holds the decoder's only reference while it works
            active.decode(input) { escapes.filter($0, emit: emit) }
            decoder = active
            return
        }
        prefix.append(contentsOf: input)
        guard EncodingSniffer.canDecide(prefix, markup: markup) else { return }
        start(emit: emit)
    }

    mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if decoder == nil { start(emit: emit) }
        guard var active = decoder else { return }
        decoder = nil
        active.finish { escapes.filter($0, emit: emit) }
        decoder = active
        escapes.finish(emit: emit)
    }

    private mutating func start(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let (encoding, byteOrderMark) = EncodingSniffer.sniff(
            prefix, contentType: contentType, markup: markup)
        var decoder = Self.decoder(for: encoding)
        let held = prefix
        prefix = []
        held.withUnsafeBufferPointer {
            decoder.decode(UnsafeBufferPointer(rebasing: $0[byteOrderMark...])) {
                escapes.filter($0, emit: emit)
            }
        }
        self.decoder = decoder
    }

    private static func decoder(for encoding: SourceEncoding) -> any ByteDecoder {
        switch encoding {
        case .utf8: UTF8Cleaner()
        case .utf16LittleEndian: UTF16Decoder(isBigEndian: false)
        case .utf16BigEndian: UTF16Decoder(isBigEndian: true)
        case .windows1252: Windows1252Decoder()
        case .iconv(let label): IconvDecoder(label: label) ?? Windows1252Decoder()
        }
    }
}
