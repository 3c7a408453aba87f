/// The attributes of an element that the reader mode reads, kept only for elements that have one.
struct ReaderAttributes: Sendable {
    /// The `class` and `id`, lowercased and joined by a space, the class first: what the class
    /// hints look at. Each is read to its first ``hintLimit`` bytes (the hints are looked for in
    /// it by every pass).
    var hints = ""
    /// How many bytes of ``hints`` are the class.
    private var classLength = 0

    /// The `class`, lowercased (its taxonomy classes left out, see ``withoutTaxonomy(_:)``): what
    /// the blocks of one kind share, whose ids differ.
    var classes: Substring { Substring(hints.utf8.prefix(classLength)) }

    /// Bytes of a `class` or `id` read: real ones are a few dozen, a hostile one megabytes.
    static let hintLimit = 1_024
    var role: String?
    var href: String?
    var src: String?
    /// `img`'s `alt`, MathML's `alttext`.
    var alt: String?
    /// `ol`'s `start`.
    var start: String?
    var rel: String?
    var itemprop: String?
    var datetime: String?

    /// What one start tag tells the reader mode.
    struct Reading {
        var attributes: ReaderAttributes?
        var meta: ReaderMeta?
        var hidden = false
        var isJSONLD = false
    }

    /// Reads libxml2's NULL-terminated array of name and value pairs (names lowercase).
    static func read(_ list: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, tag: ReaderTag) -> Reading {
        var reading = Reading()
        guard let list else { return reading }
        var found = ReaderAttributes()
        var any = false
        var metaKey: String?
        var metaContent: String?
        var classHint: String?
        var idHint: String?
        var index = 0
        while let name = list[index] {
            let value = list[index + 1]
            index += 2
            let kind = Name(name)
            switch kind {
            case .hidden:
                reading.hidden = true
            case .ariaHidden:
                if let value, Self.lowered(value) == "true" { reading.hidden = true }
            case .style:
                if let value, Self.hides(style: Self.lowered(value)) { reading.hidden = true }
            case .class, .id:
                guard let value else { continue }
                let lowered = Self.lowered(value, limit: Self.hintLimit)
                if kind == .class {
                    classHint = Self.withoutTaxonomy(lowered)
                } else {
                    idHint = lowered
                }
                any = true
                if kind == .class && Self.hidesFromSight(classes: lowered) { reading.hidden = true }
            case .type:
                if tag == .script, let value, Self.lowered(value).hasPrefix("application/ld+json") {
                    reading.isJSONLD = true
                }
                if tag == .input, let value, Self.lowered(value) == "hidden" { reading.hidden = true }
            case .name, .property:
                if tag == .meta, let value, metaKey == nil { metaKey = Self.lowered(value) }
            case .content:
                if tag == .meta, let value { metaContent = String(cString: value) }
            case .other:
                continue
            case .role, .href, .src, .dataSrc, .alt, .alttext, .start, .rel, .itemprop, .datetime:
                guard let value else { continue }
                any = true
                let text = String(cString: value)
                switch kind {
                case .role: found.role = text.lowercased()
                case .href: found.href = text
                case .src: found.src = found.src ?? text
                case .dataSrc: found.src = text
                case .alt: found.alt = text
                case .alttext: found.alt = found.alt ?? text
                case .start: found.start = text
                case .rel: found.rel = text.lowercased()
                case .itemprop:
                    found.itemprop = text.lowercased()
                    if tag == .meta && metaKey == nil { metaKey = found.itemprop }
                default: found.datetime = text
                }
            }
        }
        if let classHint {
            found.hints = classHint
            found.classLength = classHint.utf8.count
        }
        if let idHint { found.hints += (found.hints.isEmpty ? "" : " ") + idHint }
        if tag == .meta, let metaKey, let metaContent {
            reading.meta = ReaderMeta(key: metaKey, content: metaContent)
        }
        if any { reading.attributes = found }
        return reading
    }

    /// Whether an inline style (lowercased) hides the element.
    static func hides(style: String) -> Bool {
        let compact = String(style.unicodeScalars.filter { $0 != " " && $0 != "\t" && $0 != "\n" })
        for declaration in compact.split(separator: ";") {
            let value = declaration.split(separator: "!").first ?? ""
            if value == "display:none" || value == "visibility:hidden" { return true }
        }
        return false
    }

    /// The classes that frameworks and content systems use for text only screen readers read
    /// (Bootstrap's `sr-only` and `visually-hidden`, WordPress's `screen-reader-text`, Drupal's
    /// `element-invisible`, …): "Image caption", "Share this", "opens in a new window" are not
    /// shown on the page, so they are not text of the article either.
    static let screenReaderClasses: Set<Substring> = [
        "sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text", "screen-reader-only",
        "off-screen", "offscreen", "element-invisible", "element-hidden", "u-visually-hidden",
    ]

    /// `classes` (lowercased) without the classes that name the post's topics rather than what the
    /// element is: a blog's post classes (`category-community`, `tag-social`) would otherwise make
    /// the article itself look like a comment section or a share bar.
    static func withoutTaxonomy(_ classes: String) -> String {
        guard classes.contains("category-") || classes.contains("tag-") else { return classes }
        return classes.split(separator: " ")
            .filter { !$0.hasPrefix("category-") && !$0.hasPrefix("tag-") }
            .joined(separator: " ")
    }

    /// Whether one of `classes` (lowercased) hides the element from sight.
    static func hidesFromSight(classes: String) -> Bool {
        classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains {
            screenReaderClasses.contains($0)
        }
    }

    private static func lowered(_ value: UnsafePointer<UInt8>) -> String {
        String(cString: value).lowercased()
    }

    /// The first `limit` bytes of `value`, lowercased (a character cut in two becomes U+FFFD).
    private static func lowered(_ value: UnsafePointer<UInt8>, limit: Int) -> String {
        var length = 0
        while length < limit && value[length] != 0 { length += 1 }
        return String(decoding: UnsafeBufferPointer(start: value, count: length), as: UTF8.self).lowercased()
    }

    private enum Name {
        case hidden, ariaHidden, style, `class`, id, type, name, property, content
        case role, href, src, dataSrc, alt, alttext, start, rel, itemprop, datetime, other

        init(_ name: UnsafePointer<UInt8>) {
            self = Self.table[String(cString: name)] ?? .other
        }

        private static let table: [String: Name] = [
            "hidden": .hidden, "aria-hidden": .ariaHidden, "style": .style, "class": .class, "id": .id,
            "type": .type, "name": .name, "property": .property, "content": .content, "role": .role,
            "href": .href, "src": .src, "data-src": .dataSrc, "alt": .alt, "alttext": .alttext,
            "start": .start,
            "rel": .rel,
            "itemprop": .itemprop, "datetime": .datetime,
        ]
    }
}

/// A `<meta>` element: its `property`, `name` or `itemprop` (lowercased) and its `content`.
struct ReaderMeta: Sendable {
    var key: String
    var content: String
}
