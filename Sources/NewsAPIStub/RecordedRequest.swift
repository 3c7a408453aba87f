import Foundation

/// A request as the stub received it, so tests can check what a client sent.
public struct RecordedRequest: Sendable, Equatable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path, e.g. `/v2/top-headlines`.
    public var path: String
    /// The query string as sent, still percent-encoded, without the `?`.
    public var rawQuery: String
    /// The decoded query parameters, in the order sent.
    public var queryItems: [URLQueryItem]
    /// The headers, keyed by lowercased name.
    public var headers: [String: String]

    public init(
        method: String = "GET",
        path: String,
        rawQuery: String = "",
        queryItems: [URLQueryItem] = [],
        headers: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.rawQuery = rawQuery
        self.queryItems = queryItems
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    }

    /// The decoded value of the first query parameter called `name`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The value of the header called `name`, whatever its case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
