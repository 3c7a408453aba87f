import Foundation

/// A request as the server received it: method, path, query, form fields (a POST's body, each
/// repeated name kept) and headers, so tests can check what a client sent.
public struct ReaderAPIRequest: Sendable, Equatable {
    public var method: String
    /// The path as sent, still percent-encoded.
    public var path: String
    /// The decoded query parameters, in the order sent.
    public var query: [(name: String, value: String)]
    /// The decoded form fields of a POST, in the order sent.
    public var form: [(name: String, value: String)]
    /// The headers, keyed by lowercased name.
    public var headers: [String: String]
    /// The body as sent (a JSON body, for the APIs that take one).
    public var body: Data

    public init(
        method: String, path: String, query: [(name: String, value: String)] = [],
        form: [(name: String, value: String)] = [], headers: [String: String] = [:], body: Data = Data()
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.form = form
        self.body = body
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    }

    public func query(_ name: String) -> String? { query.first { $0.name == name }?.value }
    public func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
    /// Every value of the form field `name` (`i=…&i=…`).
    public func fields(_ name: String) -> [String] { form.filter { $0.name == name }.map(\.value) }
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    public static func == (lhs: ReaderAPIRequest, rhs: ReaderAPIRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.headers == rhs.headers && lhs.body == rhs.body
            && lhs.query.map(\.name) == rhs.query.map(\.name)
            && lhs.query.map(\.value) == rhs.query.map(\.value)
            && lhs.form.map(\.name) == rhs.form.map(\.name) && lhs.form.map(\.value) == rhs.form.map(\.value)
    }

    /// The fields of an `application/x-www-form-urlencoded` body.
    static func formFields(_ body: Data) -> [(name: String, value: String)] {
        String(decoding: body, as: UTF8.self).split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring?) -> String {
                let plus = (text.map(String.init) ?? "").replacingOccurrences(of: "+", with: " ")
                return plus.removingPercentEncoding ?? plus
            }
            return (decode(parts.first), decode(parts.count > 1 ? parts[1] : nil))
        }
    }
}

/// An answer of the server.
struct ReaderAPIAnswer: Sendable {
    var status: Int
    var contentType: String
    var body: Data
    var headers: [String: String] = [:]

    static func text(_ status: Int, _ text: String) -> ReaderAPIAnswer {
        ReaderAPIAnswer(status: status, contentType: "text/plain; charset=UTF-8", body: Data(text.utf8))
    }

    static func json(_ text: String) -> ReaderAPIAnswer {
        ReaderAPIAnswer(status: 200, contentType: "application/json; charset=UTF-8", body: Data(text.utf8))
    }
}
