import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Text from the service made safe to keep: control characters, escape sequences and bidi
/// overrides removed (``TextSanitizer``), white space made single spaces.
enum Clean {
    /// One line of text.
    static func line(_ text: String) -> String {
        TextSanitizer.clean(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// An absolute http or https address, or nil.
    static func webAddress(_ text: String) -> URL? {
        URL(webAddress: text.trimmingWhitespace())
    }
}
