import Foundation

/// The base URL in effect at each element: the document's address, changed by `xml:base` on any
/// element for that element and everything inside it, each relative to the one around it.
struct BaseURLStack {
    private let document: URL
    private var entries: [(depth: Int, url: URL)] = []

    init(document: URL) { self.document = document }

    var current: URL { entries.last?.url ?? document }

    /// Applies the `xml:base` of the element at `depth`.
    mutating func push(_ href: String, depth: Int) {
        guard let url = WebURL.resolve(href, against: current, schemes: WebURL.anyScheme) else { return }
        entries.append((depth, url))
    }

    /// Leaves the element at `depth`.
    mutating func pop(depth: Int) {
        if entries.last?.depth == depth { entries.removeLast() }
    }
}

/// Absolute URLs made from the references feeds write.
enum WebURL {
    static let anyScheme: Set<String> = []
    static let web: Set<String> = ["http", "https"]

    /// `reference` (trimmed) resolved against `base`; nil when it is empty, cannot be read, or its
    /// scheme is not among `schemes` (any when empty). Items link only to the web: a
    /// `javascript:` or `file:` link is dropped.
    static func resolve(_ reference: String, against base: URL?, schemes: Set<String> = web) -> URL? {
        let trimmed = FeedText.line(reference)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 8192,
            let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased()
        else { return nil }
        guard schemes.isEmpty || schemes.contains(scheme) else { return nil }
        return url
    }
}
