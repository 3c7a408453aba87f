import Foundation

/// A request head as ``RawHTTPServer`` records it: the request line and its header lines.
public struct RequestHead: Sendable {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    /// The request target, such as `/feed.xml`.
    public var path: String {
        let words = text.prefix { $0 != "\r" }.split(separator: " ")
        return words.count > 1 ? String(words[1]) : ""
    }

    /// The value of the header `name`, in any case; nil when it was not sent.
    public func header(_ name: String) -> String? {
        for line in text.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == name.lowercased() {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
