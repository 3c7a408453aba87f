internal import CSQLite
import NewsModels
import SQLite

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

/// Tokenizing off the writer thread: FTS5 is handed tokens made beforehand, instead of making
/// them while the store's one writer thread waits.
///
/// Writing 99,500 feed items, SQLite's writer spends about a quarter of its full-text work in
/// the tokenizer (`porter` over `unicode61`). ``DocumentTokenizer`` runs that same tokenizer on
/// other threads ahead of the write; on each connection of the store, a tokenizer registered
/// under the name `porter` (a connection's own registration comes before SQLite's built-in one)
/// wraps SQLite's porter. When the writer has *armed* it with the tokens of the row it is about
/// to index, and FTS5 asks to tokenize exactly the text they were made from, the wrapper replays
/// them; for anything else (queries, deletions, a text that differs, a row not armed) it is
/// SQLite's porter itself. The index is therefore the same, byte for byte, as SQLite alone would
/// make it (a test compares the two), and the schema, the files and other programs reading them
/// are untouched.
final class TokenReplay: @unchecked Sendable {
    /// SQLite's porter on this connection, which the wrapper delegates to.
    fileprivate let original: fts5_tokenizer
    fileprivate let originalContext: UnsafeMutableRawPointer?
    /// The tokens of the texts FTS5 is about to tokenize, in order; used only on the thread
    /// writing on this connection, between ``arm(_:)`` and ``disarm()``.
    fileprivate var armed: [DocumentTokens] = []
    fileprivate var next = 0
    /// Texts replayed, and texts SQLite tokenized while armed (not the next armed one), for tests.
    fileprivate(set) var replayed = 0
    fileprivate(set) var missed = 0

    private init(original: fts5_tokenizer, context: UnsafeMutableRawPointer?) {
        self.original = original
        originalContext = context
    }

    /// The replay of each connection that has one, by the connection's address.
    private static let installed = Locked<[UInt: TokenReplay]>([:])

    /// Registers the wrapper on `db`; must run before the connection first uses the index.
    static func install(on db: Database) {
        let name = StoreSchema.tokenizer.split(separator: " ").first.map(String.init) ?? "porter"
        guard let connection = db.sqliteConnection, let found = find(name, in: db) else { return }
        let replay = TokenReplay(original: found.tokenizer, context: found.context)
        var wrapper = fts5_tokenizer(
            xCreate: createWrapper, xDelete: deleteWrapper, xTokenize: tokenizeWrapper)
        guard let api = FTS5.api(db) else { return }
        let retained = Unmanaged.passRetained(replay).toOpaque()
        let code = api.pointee.xCreateTokenizer?(api, name, retained, &wrapper) { context in
            // The connection is closing: it lets go of its replay.
            guard let context else { return }
            let replay = Unmanaged<TokenReplay>.fromOpaque(context).takeRetainedValue()
            TokenReplay.installed.withLock { installed in
                installed = installed.filter { $0.value !== replay }
            }
        }
        guard code == SQLITE_OK else {
            Unmanaged<TokenReplay>.fromOpaque(retained).release()
            return
        }
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
        installed.withLock { $0[key] = replay }
    }

    /// The replay of `db`'s connection, when it has one.
    static func on(_ db: Database) -> TokenReplay? {
        guard let connection = db.sqliteConnection else { return nil }
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
        return installed.withLock { $0[key] }
    }

    /// The next texts FTS5 tokenizes as a document's are replayed from `tokens` when they are
    /// theirs, in order.
    func arm(_ tokens: [DocumentTokens]) {
        armed = tokens
        next = 0
    }

    func disarm() {
        armed.removeAll(keepingCapacity: true)
        next = 0
    }

    // MARK: - SQLite's tokenizers

    /// The tokenizer `name` registered on `db`, with its context.
    static func find(_ name: String, in db: Database) -> (
        tokenizer: fts5_tokenizer, context: UnsafeMutableRawPointer?
    )? {
        guard let api = FTS5.api(db) else { return nil }
        var context: UnsafeMutableRawPointer?
        var tokenizer = fts5_tokenizer()
        guard api.pointee.xFindTokenizer?(api, name, &context, &tokenizer) == SQLITE_OK,
            tokenizer.xCreate != nil, tokenizer.xTokenize != nil
        else { return nil }
        return (tokenizer, context)
    }

    /// An instance of `tokenizer` with `arguments`, or nil.
    static func create(_ tokenizer: fts5_tokenizer, context: UnsafeMutableRawPointer?, arguments: [String])
        -> OpaquePointer?
    {
        let strings = arguments.map { strdup($0) }
        defer { for string in strings { free(string) } }
        var pointers = strings.map { UnsafePointer($0) }
        var instance: OpaquePointer?
        let code = pointers.withUnsafeMutableBufferPointer { buffer in
            tokenizer.xCreate?(context, buffer.baseAddress, Int32(buffer.count), &instance) ?? SQLITE_ERROR
        }
        return code == SQLITE_OK ? instance : nil
    }
}

/// An instance of the wrapper: SQLite's porter instance, and the connection's replay when the
/// instance was made with the index's own arguments.
private struct WrapperInstance {
    var inner: OpaquePointer
    var replay: Unmanaged<TokenReplay>
    var replays: Bool
}

private func createWrapper(
    _ context: UnsafeMutableRawPointer?, _ arguments: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ count: Int32, _ result: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guard let context, let result else { return SQLITE_ERROR }
    let replay = Unmanaged<TokenReplay>.fromOpaque(context)
    let original = replay.takeUnretainedValue()
    var inner: OpaquePointer?
    let code =
        original.original.xCreate?(original.originalContext, arguments, count, &inner) ?? SQLITE_ERROR
    guard code == SQLITE_OK, let inner else { return code == SQLITE_OK ? SQLITE_ERROR : code }
    let given = (0..<Int(count)).map { arguments?[$0].map { String(cString: $0) } ?? "" }
    let expected = StoreSchema.tokenizer.split(separator: " ").dropFirst().map(String.init)
    let instance = UnsafeMutablePointer<WrapperInstance>.allocate(capacity: 1)
    instance.initialize(to: WrapperInstance(inner: inner, replay: replay, replays: given == expected))
    result.pointee = OpaquePointer(instance)
    return SQLITE_OK
}

private func deleteWrapper(_ pointer: OpaquePointer?) {
    guard let pointer else { return }
    let instance = UnsafeMutablePointer<WrapperInstance>(pointer)
    instance.pointee.replay.takeUnretainedValue().original.xDelete?(instance.pointee.inner)
    instance.deinitialize(count: 1)
    instance.deallocate()
}

private func tokenizeWrapper(
    _ pointer: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ flags: Int32,
    _ text: UnsafePointer<CChar>?,
    _ length: Int32,
    _ emit: (
        @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32
    )?
) -> Int32 {
    guard let pointer else { return SQLITE_ERROR }
    let instance = UnsafeMutablePointer<WrapperInstance>(pointer).pointee
    let replay = instance.replay.takeUnretainedValue()
    if instance.replays, flags == FTS5_TOKENIZE_DOCUMENT, !replay.armed.isEmpty, let emit {
        if replay.next < replay.armed.count, replay.armed[replay.next].matches(text, length: Int(length)) {
            let tokens = replay.armed[replay.next]
            replay.next += 1
            replay.replayed += 1
            return tokens.replay { emit(context, $0, $1, $2, $3, $4) }
        }
        replay.missed += 1
    }
    return replay.original.xTokenize?(instance.inner, context, flags, text, length, emit) ?? SQLITE_ERROR
}

extension DocumentTokens {
    /// Whether `text` (`length` bytes) is this one's text.
    fileprivate func matches(_ bytes: UnsafePointer<CChar>?, length: Int) -> Bool {
        var copy = text
        return copy.withUTF8 { utf8 in
            guard utf8.count == length else { return false }
            guard length > 0, let bytes, let base = utf8.baseAddress else { return true }
            return memcmp(base, bytes, length) == 0
        }
    }
}
