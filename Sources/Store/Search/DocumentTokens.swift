internal import CSQLite
import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The tokens FTS5's tokenizer gives for one text of a document, made before the write that
/// indexes it, on another thread than the store's writer (see ``TokenReplay``).
///
/// Each token is packed as varints (its flags, its start, its length in the text, its own
/// length) and then its bytes: about 11 bytes a token, against 40 for a `String`.
struct DocumentTokens: Sendable {
    /// The text the tokens are of: FTS5 replays them only for this very text.
    let text: String
    fileprivate(set) var packed: [UInt8] = []

    /// Calls `emit` with each token: flags, bytes, start and end in the text; stops at the first
    /// result other than `SQLITE_OK` and returns it.
    func replay(
        _ emit: (_ flags: Int32, _ token: UnsafePointer<CChar>, _ length: Int32, _ start: Int32, _ end: Int32)
            -> Int32
    ) -> Int32 {
        packed.withUnsafeBufferPointer { bytes in
            var offset = 0
            func varint() -> Int32 {
                var value: UInt32 = 0
                var shift: UInt32 = 0
                while true {
                    let byte = bytes[offset]
                    offset += 1
                    value |= UInt32(byte & 0x7F) << shift
                    if byte < 0x80 { return Int32(bitPattern: value) }
                    shift += 7
                }
            }
            while offset < bytes.count {
                let flags = varint()
                let start = varint()
                let end = start + varint()
                let length = varint()
                let token = UnsafeRawPointer(bytes.baseAddress! + offset).assumingMemoryBound(to: CChar.self)
                offset += Int(length)
                let code = emit(flags, token, length, start, end)
                guard code == SQLITE_OK else { return code }
            }
            return SQLITE_OK
        }
    }

    fileprivate mutating func append(
        flags: Int32, token: UnsafePointer<CChar>, length: Int32, start: Int32, end: Int32
    ) {
        func varint(_ number: Int32) {
            var value = UInt32(bitPattern: number)
            while value >= 0x80 {
                packed.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            packed.append(UInt8(value))
        }
        varint(flags)
        varint(start)
        varint(end - start)
        varint(length)
        token.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            packed.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }
}

/// SQLite's own tokenizer of the full-text index (``StoreSchema/tokenizer``), usable from any
/// thread: instances are made on a private in-memory connection and lent out one thread at a
/// time (an instance keeps buffers of its own, so two threads never share one).
final class DocumentTokenizer: @unchecked Sendable {
    /// The tokenizer, or nil where SQLite has no FTS5 or no such tokenizer: the writer then
    /// tokenizes as SQLite always does.
    static let shared: DocumentTokenizer? = DocumentTokenizer()

    /// Keeps the connection whose tokenizer functions the instances were made with.
    private let connection: DatabaseQueue
    private let tokenizer: fts5_tokenizer
    private let context: UnsafeMutableRawPointer?
    private let arguments: [String]
    /// Instances not lent out, by address; made on demand.
    private let idle = Locked<[UInt]>([])

    private init?() {
        var words = StoreSchema.tokenizer.split(separator: " ").map(String.init)
        guard !words.isEmpty, let connection = try? DatabaseQueue() else { return nil }
        let name = words.removeFirst()
        guard let found = connection.inDatabase({ TokenReplay.find(name, in: $0) }) else { return nil }
        self.connection = connection
        tokenizer = found.tokenizer
        context = found.context
        arguments = words
    }

    deinit {
        for address in idle.withLock({ $0 }) { tokenizer.xDelete?(OpaquePointer(bitPattern: address)) }
    }

    /// The tokens of `text` as a document's, or nil when the tokenizer failed.
    func tokens(of text: String) -> DocumentTokens? {
        guard let instance = borrow() else { return nil }
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(instance)))
        defer { idle.withLock { $0.append(address) } }
        var tokens = DocumentTokens(text: text)
        var copy = text
        let code = copy.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { bytes in
                withUnsafeMutablePointer(to: &tokens) { target in
                    tokenizer.xTokenize?(
                        instance, target, FTS5_TOKENIZE_DOCUMENT, bytes.baseAddress, Int32(bytes.count)
                    ) { target, flags, token, length, start, end in
                        guard let target, let token else { return SQLITE_OK }
                        target.assumingMemoryBound(to: DocumentTokens.self).pointee.append(
                            flags: flags, token: token, length: length, start: start, end: end)
                        return SQLITE_OK
                    } ?? SQLITE_ERROR
                }
            }
        }
        return code == SQLITE_OK ? tokens : nil
    }

    private func borrow() -> OpaquePointer? {
        if let address = idle.withLock({ $0.popLast() }) { return OpaquePointer(bitPattern: address) }
        // Made on the private connection, one at a time: xCreate looks up the tokenizer it wraps.
        return connection.inDatabase { _ in
            TokenReplay.create(tokenizer, context: context, arguments: arguments)
        }
    }
}
