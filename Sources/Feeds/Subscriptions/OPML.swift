import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Subscription lists in OPML 1.0 and 2.0, as feed readers import and export them.
public enum OPML {
    /// The subscriptions of an OPML document: each outline with an `xmlUrl` (http, https, or
    /// `feed://`), in document order, each address once. The titles of the outlines around a feed
    /// (category folders) become its tags, outer first, followed by the paths of its `category`
    /// attribute (`/a/b,c` gives a, b, c). The outline's `title` (else `text`) becomes the
    /// subscription's title, unless it is empty or only repeats the address.
    public static func subscriptions(from data: Data) throws(OPMLError) -> [Subscription] {
        guard data.count <= FeedParser.maximumBytes else { throw .tooLarge(limit: FeedParser.maximumBytes) }
        let reader = OPMLReader()
        guard let parser = XMLPushParser(handler: reader) else {
            throw .malformed("the XML parser could not start")
        }
        var decoder = DocumentDecoder(contentType: nil, markup: .xml)
        var started = false
        let feed: (UnsafeBufferPointer<UInt8>) -> Void = { text in
            var text = text
            if !started {
                guard let start = text.firstIndex(where: { !EncodingSniffer.isSpace($0) }) else { return }
                text = UnsafeBufferPointer(rebasing: text[start...])
                started = true
            }
            parser.parse(text)
        }
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + 64 << 10, bytes.count)
                decoder.decode(UnsafeBufferPointer(rebasing: bytes[offset..<end]), emit: feed)
                offset = end
            }
        }
        decoder.finish(emit: feed)
        parser.finish()
        guard reader.sawRoot else { throw .malformed("it holds no XML element") }
        guard reader.isOPML else { throw .notOPML("it is an XML <\(reader.rootName.prefix(40))>") }
        return reader.subscriptions
    }

    /// An OPML 2.0 document listing `subscriptions`: one outline per feed, inside a folder outline
    /// named by its first tag (folders in the order their first feed comes), its other tags in
    /// `category`. Reading it back with ``subscriptions(from:)`` gives the same subscriptions
    /// (tags in order, titles), for tags without `,` or `/`.
    public static func document(for subscriptions: [Subscription], title: String, dateCreated: Date) -> String
    {
        var entries: [(folder: String?, feeds: [Subscription])] = []
        var folders: [String: Int] = [:]
        for subscription in subscriptions {
            guard let folder = subscription.tags.first else {
                entries.append((nil, [subscription]))
                continue
            }
            if let index = folders[folder] {
                entries[index].feeds.append(subscription)
            } else {
                folders[folder] = entries.count
                entries.append((folder, [subscription]))
            }
        }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<opml version="2.0">"#,
            "  <head>",
            "    <title>\(escaped(title))</title>",
            "    <dateCreated>\(rfc822(dateCreated))</dateCreated>",
            "  </head>",
            "  <body>",
        ]
        for entry in entries {
            guard let folder = entry.folder else {
                lines += entry.feeds.map { "    " + outline(for: $0) }
                continue
            }
            lines.append(#"    <outline text="\#(escaped(folder))" title="\#(escaped(folder))">"#)
            lines += entry.feeds.map { "      " + outline(for: $0) }
            lines.append("    </outline>")
        }
        lines += ["  </body>", "</opml>", ""]
        return lines.joined(separator: "\n")
    }

    private static func outline(for subscription: Subscription) -> String {
        let address = subscription.url.absoluteString
        var attributes = [#"type="rss""#, #"text="\#(escaped(subscription.title ?? address))""#]
        if let title = subscription.title { attributes.append(#"title="\#(escaped(title))""#) }
        attributes.append(#"xmlUrl="\#(escaped(address))""#)
        let others = subscription.tags.dropFirst()
        if !others.isEmpty { attributes.append(#"category="\#(escaped(others.joined(separator: ",")))""#) }
        return "<outline " + attributes.joined(separator: " ") + "/>"
    }

    /// Text fit for an XML attribute or element: markup characters escaped, control characters
    /// (which XML cannot hold) dropped.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars where !FeedText.isControl(scalar) || scalar == "\t" {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `Wed, 01 May 2024 10:00:00 GMT`.
    private static func rfc822(_ date: Date) -> String {
        let civil = Timestamp.Civil(date)
        let time = civil.time(separator: ":")
        let day = civil.day < 10 ? "0\(civil.day)" : "\(civil.day)"
        return "\(Timestamp.weekdayAbbreviations[civil.weekday - 1]), \(day) "
            + "\(Timestamp.monthAbbreviations[civil.month - 1]) \(civil.year) \(time) GMT"
    }
}
