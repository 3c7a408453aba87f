import NewsModels

/// A NewsAPI response body: `{"status":"ok", …payload}` or `{"status":"error","code","message"}`.
///
/// Success is decided from the body's `status`, never from the HTTP status alone: NewsAPI sends
/// error bodies with 400, 401, 426, 429 and 500, and has been seen to send them with 200.
enum NewsAPIEnvelope<Payload: Decodable & Sendable>: Decodable, Sendable {
    case ok(Payload)
    case error(code: String, message: String)

    private enum CodingKeys: String, CodingKey { case status, code, message }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let status = try container.decode(String.self, forKey: .status)
        switch status {
        case "ok":
            self = .ok(try Payload(from: decoder))
        case "error":
            let code = try container.decodeIfPresent(String.self, forKey: .code) ?? "unknownError"
            let message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
            self = .error(code: code, message: message)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .status, in: container, debugDescription: "unknown status")
        }
    }
}

/// The payload of `top-headlines` and `everything`.
struct ArticlesPayload: Decodable, Sendable {
    var totalResults: Int
    var articles: [Article]
    /// Entries without a title or URL, skipped.
    var skippedCount: Int

    private enum CodingKeys: String, CodingKey { case totalResults, articles }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalResults = try container.decodeIfPresent(Int.self, forKey: .totalResults) ?? 0
        let entries = try container.decodeIfPresent([Lenient<Article>].self, forKey: .articles) ?? []
        var seen: Set<String> = []
        articles = entries.compactMap(\.value).filter { seen.insert($0.url.absoluteString).inserted }
        skippedCount = entries.count - entries.compactMap(\.value).count
    }
}

/// The payload of `top-headlines/sources`.
struct SourcesPayload: Decodable, Sendable {
    var sources: [NewsSource]

    private enum CodingKeys: String, CodingKey { case sources }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sources = (try container.decodeIfPresent([Lenient<NewsSource>].self, forKey: .sources) ?? [])
            .compactMap(\.value)
    }
}

/// An element of an array that may fail to decode without failing the array.
struct Lenient<Value: Decodable & Sendable>: Decodable, Sendable {
    var value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
