import Foundation
import NewsModels

/// NewsAPI's JSON bodies, with the envelope's keys in NewsAPI's order (`status` first).
enum WireFormat {
    /// `{"status":"ok","totalResults":N,"articles":[…]}`, each article in ``Article``'s wire format.
    static func articlesBody(_ page: ArticlePage) -> Data {
        object([
            ("status", encode("ok")), ("totalResults", encode(page.totalResults)),
            ("articles", encode(page.articles)),
        ])
    }

    /// `{"status":"ok","sources":[…]}` with every key of every source present.
    static func sourcesBody(_ sources: [NewsSource]) -> Data {
        object([("status", encode("ok")), ("sources", encode(sources.map(SourceEntry.init)))])
    }

    /// `{"status":"error","code":…,"message":…}`.
    static func errorBody(code: String, message: String) -> Data {
        object([("status", encode("error")), ("code", encode(code)), ("message", encode(message))])
    }

    /// A JSON object with its members in the given order.
    private static func object(_ members: [(key: String, value: Data)]) -> Data {
        var body = Data("{".utf8)
        for (index, member) in members.enumerated() {
            if index > 0 { body.append(contentsOf: Array(",".utf8)) }
            body.append(encode(member.key))
            body.append(contentsOf: Array(":".utf8))
            body.append(member.value)
        }
        body.append(contentsOf: Array("}".utf8))
        return body
    }

    private static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Every value encoded here is made of strings, numbers and nulls.
        guard let data = try? encoder.encode(value) else {
            preconditionFailure("WireFormat could not encode \(type(of: value))")
        }
        return data
    }
}

/// A source as NewsAPI lists it: seven keys, none left out.
private struct SourceEntry: Encodable {
    var id: String
    var name: String
    var description: String?
    var url: String?
    var category: String?
    var language: String?
    var country: String?

    init(_ source: NewsSource) {
        id = source.id
        name = source.name
        description = source.summary
        url = source.url?.absoluteString
        category = source.category?.rawValue
        language = source.language
        country = source.country
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(url, forKey: .url)
        try container.encode(category, forKey: .category)
        try container.encode(language, forKey: .language)
        try container.encode(country, forKey: .country)
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, description, url, category, language, country
    }
}
