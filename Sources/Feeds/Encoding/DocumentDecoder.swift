import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A document's bytes, as they arrive, to clean UTF-8 (see ``ByteDecoder``) without escape
/// sequences: the first bytes are held until ``EncodingSniffer`` can tell the encoding, then
/// everything flows through the decoder for it and TerminalText's ``EscapeSequenceFilter``, so a
/// sequence goes whole (an XML parser would drop its ESC and keep the rest as text). The byte
/// order mark is dropped. Feeds, OPML files, pages searched for feeds and reader mode's pages are
/// all decoded here, by one table of labels (``SourceEncoding``).
struct DocumentDecoder {
    private let charset: String?
    private let markup: EncodingSniffer.Markup
    private var prefix: [UInt8] = []
    private var decoder: (any ByteDecoder)?
    private var escapes = EscapeSequenceFilter()

    /// - Parameter charset: the charset the server declared (``EncodingSniffer/charset(inContentType:)``).
    init(charset: String?, markup: EncodingSniffer.Markup) {
        self.charset = charset
        self.markup = markup
    }

    init(contentType: String?, markup: EncodingSniffer.Markup) {
        self.init(charset: contentType.flatMap(EncodingSniffer.charset(inContentType:)), markup: markup)
    }

    /// A whole page's bytes as a string of clean UTF-8, its escape sequences gone whole.
    static func decode(_ data: Data, charset: String?, markup: EncodingSniffer.Markup) -> String {
        var decoder = DocumentDecoder(charset: charset, markup: markup)
        var output: [UInt8] = []
        output.reserveCapacity(data.count)
        data.withUnsafeBytes { raw in
            decoder.decode(raw.bindMemory(to: UInt8.self)) { output.append(contentsOf: $0) }
        }
        decoder.finish { output.append(contentsOf: $0) }
        return String(decoding: output, as: UTF8.self)
    }

    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if var active = decoder {
            decoder = nil  // `active` holds the decoder's only reference while it works
            active.decode(input) { filter($0, emit: emit) }
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
        active.finish { filter($0, emit: emit) }
        decoder = active
        escapes.finish { Self.droppingSequenceControls($0, emit: emit) }
    }

    /// Hands decoded bytes on without their escape sequences, and without the BEL, CAN and SUB that
    /// were no part of one (the decoders keep them for the filter; XML forbids them).
    private mutating func filter(
        _ bytes: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        escapes.filter(bytes) { Self.droppingSequenceControls($0, emit: emit) }
    }

    private static func droppingSequenceControls(
        _ bytes: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        guard let base = bytes.baseAddress,
            UTF8Output.sequenceControls.contains(where: { memchr(base, Int32($0), bytes.count) != nil })
        else { return bytes.isEmpty ? () : emit(bytes) }
        let kept = bytes.filter { !UTF8Output.sequenceControls.contains($0) }
        if !kept.isEmpty { kept.withUnsafeBufferPointer(emit) }
    }

    private mutating func start(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let finding = EncodingSniffer.sniff(prefix, charset: charset, markup: markup)
        var decoder = Self.decoder(for: finding)
        let held = prefix
        prefix = []
        held.withUnsafeBufferPointer {
            decoder.decode(UnsafeBufferPointer(rebasing: $0[finding.byteOrderMark...])) {
                filter($0, emit: emit)
            }
        }
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
