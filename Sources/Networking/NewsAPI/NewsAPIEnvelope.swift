import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A NewsAPI response body: `{"status":"ok", …payload}` or `{"status":"error","code","message"}`.
///
/// Success is decided from the body's `status`, never from the HTTP status alone: NewsAPI sends
/// error bodies with 400, 401, 426, 429 and 500, and has been seen to send them with 200.
enum NewsAPIEnvelope<Payload: Sendable>: Sendable {
    case ok(Payload)
    case error(code: String, message: String)
}

/// The payload of `top-headlines` and `everything`.
struct ArticlesPayload: Sendable {
    var totalResults: Int
    var articles: [Article]
    /// Entries without a title or URL, skipped.
    var skippedCount: Int

    /// NewsAPI's largest page: `pageSize` is at most 100.
    static let maximumArticles = 100

    /// A reader of one body (see ``NewsAPIBody``): the first ``maximumArticles`` entries of
    /// `articles`, each URL once; the entries after them are checked and skipped unread.
    static func reader() -> NewsAPIBodyReader<Article, Self> {
        NewsAPIBodyReader(list: "articles", total: "totalResults", limit: maximumArticles) { body in
            var seen: Set<String> = []
            let readable = body.entries.compactMap { $0 }
            return ArticlesPayload(
                totalResults: body.totalResults,
                articles: readable.filter { seen.insert($0.url.absoluteString).inserted },
                skippedCount: body.entries.count - readable.count)
        }
    }

    /// A whole body read as ``reader()`` reads it as it arrives.
    static func read(_ body: Data) throws(JSONStreamError) -> NewsAPIEnvelope<Self> {
        try reader().read(body)
    }
}

/// The payload of `top-headlines/sources`.
struct SourcesPayload: Sendable {
    var sources: [NewsSource]

    /// NewsAPI lists about 130 sources; a list of more is read to this many.
    static let maximumSources = 1_000

    static func reader() -> NewsAPIBodyReader<NewsSource, Self> {
        NewsAPIBodyReader(list: "sources", total: nil, limit: maximumSources) { body in
            SourcesPayload(sources: body.entries.compactMap { $0 })
        }
    }

    static func read(_ body: Data) throws(JSONStreamError) -> NewsAPIEnvelope<Self> {
        try reader().read(body)
    }
}

/// What a NewsAPI body holds: its `status`, `code`, `message`, `totalResults`, and the first
/// entries of its list (nil for one that is not an `Entry`).
struct NewsAPIBody<Entry: Sendable>: Sendable {
    var status: String
    var code: String?
    var message: String?
    var totalResults: Int
    var entries: [Entry?]
}

/// Reads a NewsAPI body as it arrives with a ``JSONStreamReader``: `status`, `code`, `message` and
/// the count member kept, the first `limit` entries of the list member decoded one at a time with
/// `JSONDecoder`, and the rest of the list checked and skipped, never decoded. Memory is the
/// entries kept, whatever the body holds: 8 MiB of `{}` entries decoded whole would be a gigabyte
/// of values, and seven such pages at once (the front page) two.
///
/// A body that is not a NewsAPI answer is said in `JSONDecoder`'s words: `missing status`, `bad
/// value at status`, `unexpected value at totalResults`, `the body is not valid JSON`.
final class NewsAPIBodyReader<Entry: Decodable & Sendable, Payload: Sendable>: HTTPBodyReader {
    private struct State {
        var reader: JSONStreamReader
        var members: [String: Data] = [:]
        var entries: [Entry?] = []
        var failure: JSONStreamError?
        let decoder = JSONDecoder()
    }

    private let state: Locked<State>
    private let list: String
    private let total: String?
    private let limit: Int
    private let payload: @Sendable (NewsAPIBody<Entry>) -> Payload

    /// Reads the list member `list` (at most `limit` entries) and the count member `total`;
    /// `payload` makes the payload of an `ok` answer.
    init(
        list: String, total: String?, limit: Int,
        payload: @escaping @Sendable (NewsAPIBody<Entry>) -> Payload
    ) {
        self.list = list
        self.total = total
        self.limit = limit
        self.payload = payload
        state = Locked(
            State(
                reader: JSONStreamReader(
                    keeping: Set(["status", "code", "message"] + [total].compactMap { $0 }), streaming: [list]
                )))
    }

    func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let limit = limit
        let list = list
        return state.withLock { state in
            guard state.failure == nil else { return false }
            let decoder = state.decoder
            var members = state.members
            var entries = state.entries
            state.members = [:]
            state.entries = []
            defer {
                state.members = members
                state.entries = entries
            }
            do throws(JSONStreamError) {
                try state.reader.read(bytes.bindMemory(to: UInt8.self)) { event in
                    switch event {
                    case .member(let name, let json):
                        if members[name] == nil { members[name] = Data(json) }
                    case .element(_, let json):
                        entries.append(try? decoder.decode(Entry.self, from: Data(json)))
                    case .oversized(let name):
                        if name == list { entries.append(nil) }
                    }
                    return entries.count < limit
                }
                return true
            } catch {
                state.failure = error
                return false
            }
        }
    }

    func finish() throws -> NewsAPIEnvelope<Payload> {
        try finishReading()
    }

    /// ``finish()`` with its error typed.
    func finishReading() throws(JSONStreamError) -> NewsAPIEnvelope<Payload> {
        let body = try state.withLock { state throws(JSONStreamError) in
            if let failure = state.failure { throw failure }
            try state.reader.finish()
            return try Self.body(of: state, list: list, total: total)
        }
        guard body.status == "ok" else {
            return .error(code: body.code ?? "unknownError", message: body.message ?? "")
        }
        return .ok(payload(body))
    }

    /// Reads a whole body at once.
    func read(_ data: Data) throws(JSONStreamError) -> NewsAPIEnvelope<Payload> {
        _ = data.withUnsafeBytes { take($0) }
        return try finishReading()
    }

    private static func body(of state: State, list: String, total: String?) throws(JSONStreamError)
        -> NewsAPIBody<Entry>
    {
        let decoder = state.decoder
        let members = state.members
        guard let statusJSON = members["status"] else { throw failure("missing status") }
        guard let status = try? decoder.decode(String.self, from: statusJSON) else {
            throw failure("unexpected value at status")
        }
        guard status == "ok" || status == "error" else { throw failure("bad value at status") }
        guard status == "ok" else {
            return NewsAPIBody(
                status: status, code: try optional(String.self, "code", in: members, decoder),
                message: try optional(String.self, "message", in: members, decoder), totalResults: 0,
                entries: [])
        }
        var count = 0
        if let total { count = try optional(Int.self, total, in: members, decoder) ?? 0 }
        let kind = state.reader.kinds[list]
        guard kind == nil || kind == .array || kind == .null else {
            throw failure("unexpected value at \(list)")
        }
        return NewsAPIBody(status: status, totalResults: count, entries: state.entries)
    }

    /// The member `name` as `type`: nil when absent or null, a failure when of another type.
    private static func optional<Value: Decodable>(
        _ type: Value.Type, _ name: String, in members: [String: Data], _ decoder: JSONDecoder
    ) throws(JSONStreamError) -> Value? {
        guard let json = members[name] else { return nil }
        do {
            return try decoder.decode(Value?.self, from: json)
        } catch {
            throw failure("unexpected value at \(name)")
        }
    }

    private static func failure(_ reason: String) -> JSONStreamError {
        JSONStreamError(reason: reason, offset: 0)
    }
}
