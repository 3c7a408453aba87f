import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A NewsAPI key. It prints as `APIKey(redacted)` everywhere, `dump` and mirrors included, so it
/// cannot leak into a log, an error message or a test failure by accident.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The key itself, for the request header only.
    let value: String

    /// A key from its text, trimmed; nil when blank.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        value = trimmed
    }

    public var description: String { "APIKey(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// `text` with every occurrence of the key replaced by `•••`, for text that came back from a
    /// server and might echo the key.
    public func redacting(_ text: String) -> String {
        value.isEmpty ? text : text.replacing(value, with: "•••")
    }
}
