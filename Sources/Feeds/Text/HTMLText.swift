import Foundation

/// Plain text made from HTML, with its links as numbered references.
///
/// CONTRACT ONLY: this first version strips tags crudely so that the parsers can be built against
/// the interface; the real converter (libxml2's HTML push parser, block structure, entities,
/// numbered references) replaces the body of ``init(html:baseURL:numberingLinks:)``.
public struct HTMLText: Sendable, Hashable {
    /// Paragraphs separated by one blank line; no trailing newline.
    public var text: String
    /// The links numbered in ``text``: `links[0]` is `[1]`.
    public var links: [URL]

    public init(text: String, links: [URL] = []) {
        self.text = text
        self.links = links
    }

    /// Converts an HTML fragment or document.
    ///
    /// - Parameters:
    ///   - html: the markup, already decoded to a string.
    ///   - baseURL: relative links and `<base href>` resolve against it.
    ///   - numberingLinks: when true, each link gets `[n]` after its text and is listed in
    ///     ``links``; when false, links are plain text and ``links`` is empty.
    public init(html: String, baseURL: URL?, numberingLinks: Bool = true) {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        self.init(text: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
