/// What an element's `class`, `id` and `role` say about it, read as Readability reads them: by the
/// words they contain.
enum ClassHints {
    /// Whether the element is navigation, an ad, a comment section, a share bar, a cookie banner or
    /// other page furniture, removed before anything is scored.
    static func isUnlikely(_ attributes: ReaderAttributes) -> Bool {
        if let role = attributes.role, unlikelyRoles.contains(role) { return true }
        let hints = attributes.hints
        guard !hints.isEmpty else { return false }
        if isAd(hints) { return true }
        guard contains(hints, any: unlikely) else { return false }
        return !contains(hints, any: maybe)
    }

    /// +25 for a hint of content, -25 for a hint of furniture, for the class and id together.
    static func weight(_ attributes: ReaderAttributes?) -> Double {
        guard let hints = attributes?.hints, !hints.isEmpty else { return 0 }
        var weight = 0.0
        if contains(hints, any: negative) || isAd(hints) { weight -= 25 }
        if contains(hints, any: positive) { weight += 25 }
        return weight
    }

    /// Whether the element holds the author's name.
    static func isByline(_ attributes: ReaderAttributes) -> Bool {
        if let rel = attributes.rel, contains(rel, any: ["author"]) { return true }
        if let itemprop = attributes.itemprop, contains(itemprop, any: ["author"]) { return true }
        return contains(attributes.hints, any: byline)
    }

    // MARK: Words

    private static let unlikelyRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog", "search",
        "contentinfo", "banner",
    ]

    private static let unlikely = [
        "-ad-", "ad-break", "advert", "agegate", "banner", "breadcrumb", "combx", "comment", "community",
        "consent", "cookie", "cover-wrap", "disqus", "extra", "footer", "gdpr", "header", "legends", "menu",
        "newsletter", "outbrain", "pagination", "pager", "popup", "promo", "related", "remark", "replies",
        "rss", "share", "sharing", "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "subscribe",
        "supplemental", "taboola", "toolbar", "yom-remote", "modal", "trending", "most-read", "mostread",
        "recommend",
    ]

    private static let maybe = ["article", "body", "column", "content", "main", "mathjax", "shadow"]

    private static let positive = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "post", "text", "blog",
        "story",
    ]

    private static let negative = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "foot", "footnote", "gdpr",
        "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox",
        "sidebar", "skyscraper", "sponsor", "shopping", "tags", "tool", "widget", "cookie", "consent",
        "newsletter", "subscribe", "social", "trending", "recommend", "taboola",
    ]

    private static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]

    /// Whether a word of the hints is `ad` or `ads`, or starts with `advert`; not when the word
    /// before it says the element holds ads or none (`o-section--has-ads`, `with-ads`, `no-ads`):
    /// a section of the story with ad slots beside its paragraphs is no advert.
    private static func isAd(_ hints: String) -> Bool {
        var previous: Substring.UTF8View?
        for word in hints.utf8.split(whereSeparator: { !isWordByte($0) }) {
            defer { previous = word }
            if word.elementsEqual("ad".utf8) || word.elementsEqual("ads".utf8) {
                if let previous, holdsAds.contains(where: { previous.elementsEqual($0.utf8) }) { continue }
                return true
            }
            if word.starts(with: "advert".utf8) || word.elementsEqual("adslot".utf8)
                || word.elementsEqual("dfp".utf8)
            {
                return true
            }
        }
        return false
    }

    /// The words before `ad` or `ads` that make it a modifier of something else.
    private static let holdsAds = ["has", "with", "no", "without"]

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }

    /// Whether `hints` holds one of `words`, compared byte by byte (`String.contains` goes through
    /// Foundation's locale-aware search, which was a tenth of the extraction time).
    private static func contains(_ hints: String, any words: [String]) -> Bool {
        var hints = hints
        return hints.withUTF8 { bytes in
            words.contains { word in
                var word = word
                return word.withUTF8 { occurs($0, in: bytes) }
            }
        }
    }

    private static func occurs(_ word: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard let first = word.first, word.count <= text.count else { return word.isEmpty }
        var start = 0
        while start <= text.count - word.count {
            if text[start] == first {
                var index = 1
                while index < word.count && text[start + index] == word[index] { index += 1 }
                if index == word.count { return true }
            }
            start += 1
        }
        return false
    }
}
