import FilterLanguage
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A query feed of newsboat's urls file (`"query:NAME:EXPRESSION" tags…`): the stored items of
/// every feed that a filter expression chooses, shown as a feed of its own; marking its items read
/// marks them in the feeds they came from.
public struct QueryFeed: Sendable, Hashable {
    /// The feed's name, its title everywhere.
    public var name: String
    /// The expression as written.
    public var text: String
    public var expression: FilterExpression
    public var tags: [String]
    /// The line of the urls file, from 1.
    public var line: Int

    public init(name: String, text: String, expression: FilterExpression, tags: [String] = [], line: Int = 0)
    {
        self.name = name
        self.text = text
        self.expression = expression
        self.tags = tags
        self.line = line
    }

    /// The feed as the urls file writes it: `query:NAME:EXPRESSION`.
    public var address: String { "query:\(name):\(text)" }

    /// What the feed is known by where feeds are known by an address (the screens, a feed's
    /// list): `query:` and its name, percent-encoded.
    public var url: URL { Self.url(named: name) }

    /// The address of the query feed called `name`.
    public static func url(named name: String) -> URL {
        let encoded = name.percentEncoded { $0.isASCIIAlphanumeric || "-._~".utf8.contains($0) }
        return URL(string: "query:" + encoded) ?? URL(string: "query:invalid")!
    }

    /// The name of the query feed `url` is the address of; nil for any other address.
    public static func name(of url: URL) -> String? {
        guard url.scheme == "query" else { return nil }
        let text = url.absoluteString.dropFirst("query:".count)
        return text.percentDecoded
    }
}
